import type { Translation } from '../../i18n';
import type { authMessages as en } from '../auth';

export const authMessages = {
  loggedOut: 'Umetoka!',
  notLoggedIn: 'Tafadhali ingia ili uendelee.',
  login: 'Ingia',
  roleLabels: { client: 'Mteja', planner: 'Mratibu', admin: 'Msimamizi' },
  loggedIn: 'Umeingia!',
  registered: 'Akaunti imefunguliwa!',
  creatingAccount: 'Inafungua akaunti...',
  loggingIn: 'Inaingia...',
  invalidCredentials: 'Barua pepe au nenosiri si sahihi.',
  emailTaken: 'Tayari kuna akaunti yenye barua pepe hii.',
  roleNotAllowed: 'Unaweza kujisajili kama mteja au mratibu.',
  passwordTooShort: 'Nenosiri lazima liwe na angalau herufi 8.',
  signUp: 'Jisajili',
  createAccountTitle: 'Fungua akaunti',
  creating: 'Inafungua...',
  forgotPassword: 'Umesahau nenosiri?',
  role: 'Aina ya akaunti',
  email: 'Barua pepe',
  passwordTooLong: (max) => `Nenosiri lisizidi herufi ${max}.`,
} as const satisfies Translation<typeof en>;
