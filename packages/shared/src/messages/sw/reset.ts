import type { Translation } from '../../i18n';
import type { resetMessages as en } from '../reset';

export const resetMessages = {
  enterEmail: 'Tafadhali weka barua pepe yako',
  fillAll: 'Tafadhali jaza sehemu zote',
  mismatch: 'Manenosiri hayalingani',
  requested: 'Iwapo kuna akaunti yenye barua pepe hiyo, kiungo cha kubadilisha nenosiri kimetumwa.',
  done: 'Nenosiri lako limebadilishwa. Sasa unaweza kuingia.',
  invalid: 'Kiungo hiki si sahihi au muda wake umekwisha. Tafadhali omba kiungo kipya.',
  checkEmail: 'Angalia barua pepe yako',
  backToLogin: 'Rudi kwenye kuingia',
  requestTitle: 'Badilisha nenosiri',
  sendLink: 'Tuma kiungo',
  sending: 'Inatuma...',
  tryAgain: 'Hukukipata? Jaribu tena',
  newPasswordTitle: 'Chagua nenosiri jipya',
  resetButton: 'Badilisha nenosiri',
  resetting: 'Inabadilisha...',
  requestNewLink: 'Omba kiungo kipya',
  requestIntro: 'Weka barua pepe ya akaunti yako na tutakutumia kiungo cha kuchagua nenosiri jipya.',
  linkNote: 'Kiungo kinatumika mara moja tu na kwa saa moja. Angalia folda ya spam kama hakijafika.',
  newPassword: 'Nenosiri jipya',
  confirmPassword: 'Thibitisha nenosiri jipya',
  takingYouToLogin: 'Tunakupeleka kwenye ukurasa wa kuingia…',
} as const satisfies Translation<typeof en>;
