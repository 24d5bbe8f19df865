import type { Translation } from '../../i18n';
import type { packagePagesMessages as en } from '../package-pages';

/**
 * The package pages' own texts: browse, a package's page, managing, creating and editing. Apart
 * from packagesMessages, which the home page's cards load.
 */
export const packagePagesMessages = {
  browseTitle: 'Vifurushi vya hafla',
  browseIntro: 'Linganisha vifurushi vya waratibu kwa aina, mahali na bajeti.',
  thisPlanner: 'mratibu huyu',
  allPlanners: 'Onyesha vifurushi vya waratibu wote',
  noMatchesHint: 'Jaribu maneno mengine, aina nyingine au kiwango kipana zaidi cha bei.',
  results: 'Matokeo',
  found: (count) => (count === 1 ? `Kifurushi ${count} kimepatikana` : `Vifurushi ${count} vimepatikana`),
  filtersLabel: 'Chuja vifurushi',
  search: 'Tafuta',
  searchPlaceholder: 'Harusi, siku ya kuzaliwa, kongamano…',
  filters: (active) => (active > 0 ? `Vichujio (${active})` : 'Vichujio'),
  category: 'Aina',
  location: 'Mahali',
  locationPlaceholder: 'mf. Nairobi',
  sortBy: 'Panga kwa',
  minPrice: 'Bei ya chini (Ksh)',
  maxPrice: 'Bei ya juu (Ksh)',
  clearFilters: 'Futa vichujio',
  freeOn: 'Inapatikana tarehe',
  minRating: 'Ukadiriaji',
  anyRating: 'Ukadiriaji wowote',
  ratingAtLeast: (stars) => `Nyota ${stars} na zaidi`,
  sorts: {
    newest: 'Vipya zaidi',
    price_asc: 'Bei: chini hadi juu',
    price_desc: 'Bei: juu hadi chini',
    rating: 'Vilivyokadiriwa juu',
  },
  enterNumber: 'Weka nambari.',
  priceNegative: 'Bei haiwezi kuwa chini ya sifuri.',
  maxBelowMin: 'Bei ya juu haiwezi kuwa chini ya bei ya chini.',
  loadingPackage: 'Inapakia kifurushi…',
  allPackages: 'Vifurushi vyote',
  maybeRemoved: 'Huenda mratibu wake amekiondoa.',
  browseAll: 'Tazama vifurushi vyote',
  about: 'Kuhusu kifurushi hiki',
  priceAndPlanner: 'Bei na mratibu',
  price: 'Bei',
  yourPlanner: 'Mratibu wako',
  viewPlanner: 'Tazama wasifu wa mratibu',
  priceLabel: 'Bei:',
  plannerLabel: 'Mratibu:',
  noneOfYours: 'Bado huna vifurushi.',
  noneHint: 'Vifurushi ndivyo wateja hutazama na kuwekea nafasi: jina, bei, mahali na picha.',
  adminIntro: 'Kila kifurushi kilicho sokoni.',
  plannerIntro: 'Vifurushi unavyowapa wateja.',
  deleteTitle: 'Futa kifurushi',
  /** The package's title (in bold) goes where `title` is. */
  deleteConfirm: <T>(title: T) =>
    [
      'Ungependa kufuta kifurushi ',
      title,
      '? Wateja hawataweza kukiona tena. Hatua hii haiwezi kubatilishwa.',
    ] as const,
  editTitle: 'Hariri kifurushi',
  backToPackages: 'Rudi kwenye vifurushi',
  backTo: (page) => `Rudi kwenye ${page}`,
  title: 'Jina',
  description: 'Maelezo',
  priceKsh: 'Bei (Ksh)',
  chooseCategory: 'Chagua aina',
  image: 'Picha',
  imageOptional: 'Picha (si lazima: chagua moja ili kubadilisha picha iliyopo)',
  imageHint: 'Picha (JPEG, PNG, WebP, GIF au AVIF) isiyozidi MB 5.',
  previewAlt: 'Onyesho la picha uliyochagua',
  currentAlt: 'Picha iliyopo',
  previewCaption: 'Picha uliyochagua',
  currentCaption: 'Picha iliyopo',
  depositPercent: 'Malipo ya awali (% ya bei)',
  /** Under the deposit field: what a client pays on acceptance at the price typed, and when the rest is due. */
  depositHint: (input) => {
    const rest = `salio linalipwa siku ${input.days} kabla ya hafla.`;
    if (input.percent === 0)
      return `Wateja hawalipi chochote ukikubali; bei yote inalipwa siku ${input.days} kabla ya hafla.`;
    if (input.percent === 100 && input.deposit) return `Wateja hulipa bei yote, ${input.deposit}, ukikubali.`;
    if (input.deposit) return `Wateja hulipa ${input.deposit} ukikubali; ${rest}`;
    return `Sehemu ya bei ambayo wateja hulipa ukikubali; ${rest}`;
  },
} as const satisfies Translation<typeof en>;
