import { BOOKING_HORIZON_YEARS } from '../../booking-dates';
import type { Translation } from '../../i18n';
import type { packagesMessages as en } from '../packages';

export const packagesMessages = {
  noneYet: 'Bado hakuna vifurushi.',
  loadFailed: 'Imeshindikana kupakia vifurushi. Tafadhali onyesha upya ukurasa.',
  notFound: 'Kifurushi hakikupatikana.',
  priceRange: 'minPrice haiwezi kuwa zaidi ya maxPrice.',
  freeOnPast: 'Chagua leo au siku ya baadaye kuona nani anapatikana.',
  freeOnTooFar: `Chagua siku ndani ya miaka ${BOOKING_HORIZON_YEARS} ijayo kuona nani anapatikana.`,
  plannerLabel: 'Mratibu:',
  viewAndBook: 'Tazama na uweke nafasi',
  seeAll: 'Tazama vifurushi vyote',
  loadDetailsFailed: 'Imeshindikana kupakia maelezo ya kifurushi',
  loadOneFailed: 'Imeshindikana kupakia kifurushi',
  created: 'Kifurushi kimeundwa!',
  updated: 'Kifurushi kimesasishwa!',
  deleted: 'Kifurushi kimefutwa!',
  notYours: 'Unaweza kubadilisha vifurushi vyako pekee.',
  notListed: 'Hakimo kwenye orodha: mratibu wake hatoi vifurushi tena, kwa hivyo huwezi kukiwekea nafasi.',
  limitReached: (max) =>
    `Mpango wako unaruhusu ${max === 1 ? `kifurushi ${max}` : `vifurushi ${max}`}. Tafadhali boresha mpango wako ili uchapishe zaidi.`,
  imageRequired: 'Tafadhali chagua picha ya kifurushi.',
  categoryMissing: 'Tafadhali chagua aina iliyopo.',
  book: 'Weka nafasi',
  moreDetails: 'Maelezo zaidi',
  allCategories: 'Aina zote',
  uncategorized: 'Bila aina',
  pageOf: (page, pages) => `Ukurasa ${page} kati ya ${pages}`,
  viewAll: (count) => `Tazama vifurushi vyote (${count})`,
  byPlanner: (name) => `Vifurushi vya ${name}`,
  noMatches: 'Hakuna kifurushi kinacholingana na utafutaji wako.',
  foundAtLeast: (count) => `Vifurushi ${count.toLocaleString('en-US')}+ vimepatikana`,
  createPackage: 'Unda kifurushi',
  viewPricingPlans: 'Tazama mipango na bei',
  categoryLabel: 'Aina:',
  locationLabel: 'Mahali:',
  loading: 'Inapakia vifurushi…',
  noPhoto: 'Bado hakuna picha',
  /** 'maoni' is the same for one and many. */
  reviewCount: (count) => `maoni ${count}`,
  /** 'maoni' is the same for one and many. */
  ratedFrom: (average, count) => `Ukadiriaji ${average} kati ya 5 kutoka kwa maoni ${count}`,
} as const satisfies Translation<typeof en>;
