import type { Translation } from '../../i18n';
import type { plansMessages as en } from '../plans';
import { planNameSw } from './plan-name';

/** What each plan feature is called on a plan card; a feature not named here is not listed. */
const FEATURES: Record<string, string> = {
  maxBookingsPerMonth: 'Nafasi kwa mwezi',
  maxPackages: 'Vifurushi',
  analytics: 'Takwimu',
  featuredListing: 'Vifurushi huonyeshwa mbele',
  prioritySupport: 'Msaada wa kipaumbele',
};

export const plansMessages = {
  loadFailed: 'Imeshindikana kupakia mipango',
  loginToChange: 'Tafadhali ingia ili kubadilisha mpango wako.',
  alreadyOnPlan: 'Tayari uko kwenye mpango huu.',
  updateFailed: 'Imeshindikana kubadilisha mpango',
  notFound: 'Mpango haukupatikana.',
  changed: (name: string) => `Sasa uko kwenye mpango wa ${planNameSw(name)}.`,
  loading: 'Inapakia mipango...',
  currentPlan: 'Mpango wako wa sasa',
  choose: (name: string) => `Chagua ${planNameSw(name)}`,
  planName: planNameSw,
  price: (price: number) => `$${price} kwa mwezi`,
  /** Truthy features only, like English; no limit (null) reads 'bila kikomo'. */
  features: (features: Record<string, unknown>) =>
    Object.entries(features).flatMap(([name, value]) => {
      const label = FEATURES[name];
      if (!label || value === false || value === 0 || value === undefined || value === '') return [];
      return value === true ? [label] : [`${label}: ${value === null ? 'bila kikomo' : String(value)}`];
    }),
} as const satisfies Translation<typeof en>;
