import type { Translation } from '../../i18n';
import type { genericMessages as en } from '../generic';

export const genericMessages = {
  network: 'Hitilafu ya mtandao. Tafadhali angalia muunganisho wako.',
  server: 'Hitilafu ya seva. Tafadhali jaribu tena baadaye.',
  invalidInput: 'Tafadhali angalia ulichoandika kisha ujaribu tena.',
  forbidden: 'Huna ruhusa ya kufanya hivi.',
  notFound: 'Hatukupata ulichotafuta.',
  deleteFailed: 'Imeshindikana kufuta. Tafadhali jaribu tena.',
  updateFailed: 'Imeshindikana kusasisha. Tafadhali jaribu tena.',
  createFailed: 'Imeshindikana kuunda. Tafadhali jaribu tena.',
} as const satisfies Translation<typeof en>;
