import type { Translation } from '../../i18n';
import type { yourDataMessages as en } from '../your-data';

/** The profile's "Your data" card. */
export const yourDataMessages = {
  title: 'Data zako',
  intro: 'Pakua nakala ya kila kitu Sherehe inachohifadhi kukuhusu, au ufunge akaunti yako kabisa.',
  download: 'Pakua data zangu',
  downloading: 'Inaandaa faili lako…',
  downloadFailed: 'Imeshindikana kupakua data zako. Tafadhali jaribu tena.',
  deleteAccount: 'Futa akaunti yangu',
  deleteTitle: 'Ungependa kufuta akaunti yako?',
  deleteWhat: 'Haya ndiyo yatakayotokea:',
  deleteConsequences: [
    'Akaunti yako na data zako binafsi zinafutwa: jina lako, barua pepe, nambari ya simu, wasifu, picha, vifurushi na maoni.',
    'Kumbukumbu za malipo zinahifadhiwa, kama sheria inavyotaka.',
    'Nafasi ambazo bado ziko wazi zinaghairiwa kwa mujibu wa sera ya kughairi, pamoja na marejesho inayotoa.',
  ],
  deleteUndone: 'Hili haliwezi kutenduliwa.',
  password: 'Nenosiri lako',
  passwordHint: 'Andika nenosiri lako tena ili kuthibitisha.',
  passwordRequired: 'Tafadhali weka nenosiri lako.',
  confirmDelete: 'Futa akaunti yangu',
  deleting: 'Inafuta…',
  deleted: 'Akaunti yako imefutwa.',
  deleteFailed: 'Imeshindikana kufuta akaunti yako. Tafadhali jaribu tena.',
  howWeKeep: 'Jinsi Sherehe inavyohifadhi data zako',
} as const satisfies Translation<typeof en>;
