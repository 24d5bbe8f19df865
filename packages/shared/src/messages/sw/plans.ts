import type { Translation } from '../../i18n';
import type { plansMessages as en } from '../plans';

export const plansMessages = {
  loadFailed: 'Imeshindikana kupakia mipango',
  loginToChange: 'Tafadhali ingia ili kubadilisha mpango wako.',
  alreadyOnPlan: 'Tayari uko kwenye mpango huu.',
  updateFailed: 'Imeshindikana kubadilisha mpango',
  notFound: 'Mpango haukupatikana.',
  changed: (name: string) => `Sasa uko kwenye mpango wa ${name}.`,
  loading: 'Inapakia mipango...',
  currentPlan: 'Mpango wako wa sasa',
  choose: (name: string) => `Chagua ${name}`,
} as const satisfies Translation<typeof en>;
