import type { Translation } from '../../i18n';
import type { controlsMessages as en } from '../controls';

/**
 * Words on the buttons and controls many pages share. Apart from genericMessages, which the first
 * page of every visit loads: these come with the pages that use them.
 */
export const controlsMessages = {
  cancel: 'Ghairi',
  saving: 'Inahifadhi...',
  tryAgain: 'Jaribu tena',
  close: 'Funga',
  edit: 'Hariri',
  delete: 'Futa',
  deleting: 'Inafuta...',
  saveChanges: 'Hifadhi mabadiliko',
  editNamed: (name) => `Hariri ${name}`,
  deleteNamed: (name) => `Futa ${name}`,
  pagination: 'Kurasa',
  previous: 'Nyuma',
  next: 'Mbele',
  page: (page) => `Ukurasa ${page}`,
  logIn: 'Ingia',
  /** Read before a status badge by screen readers. */
  statusPrefix: 'Hali: ',
  locationPrefix: 'Mahali: ',
  opensInNewTab: ' (inafunguka kwenye kichupo kipya)',
  back: 'Rudi',
  characterCount: (count, max) => `Herufi ${count} / ${max}`,
  loadingForm: 'Inapakia fomu…',
  /** The Share button of a package page and a planner's profile: the phone's share sheet, else WhatsApp. */
  share: 'Shiriki',
  shareNamed: (name) => `Shiriki ${name}`,
  shareText: (name) => `${name} kwenye Sherehe`,
} as const satisfies Translation<typeof en>;
