import type { Translation } from '../../i18n';
import type { plansMessages as en } from '../plans';

/**
 * The plans' names in Kiswahili (docs/glossary-sw.md): the four names are words, so they are said
 * in Kiswahili; Pro reads the same in both. Any other name (a plan added later) stays as it is.
 */
const PLAN_NAMES: Record<string, string> = {
  Free: 'Bure',
  Basic: 'Msingi',
  Pro: 'Pro',
  Enterprise: 'Biashara',
};

function planNameSw(name: string): string {
  return PLAN_NAMES[name] ?? name;
}

export const plansMessages = {
  loadFailed: 'Imeshindikana kupakia mipango',
  loginToChange: 'Tafadhali ingia ili kubadilisha mpango wako.',
  alreadyOnPlan: 'Tayari uko kwenye mpango huu.',
  updateFailed: 'Imeshindikana kubadilisha mpango',
  notFound: 'Mpango haukupatikana.',
  changed: (name) => `Sasa uko kwenye mpango wa ${planNameSw(name)}.`,
  loading: 'Inapakia mipango...',
  currentPlan: 'Mpango wako wa sasa',
  choose: (name) => `Chagua ${planNameSw(name)}`,
  planName: planNameSw,
  price: (price) => `$${price} kwa mwezi`,
  featureNames: {
    maxBookingsPerMonth: 'Nafasi kwa mwezi',
    maxPackages: 'Vifurushi',
    analytics: 'Takwimu',
    featuredListing: 'Vifurushi huonyeshwa mbele',
    prioritySupport: 'Msaada wa kipaumbele',
  },
  unlimited: 'bila kikomo',
} as const satisfies Translation<typeof en>;
