import type { Translation } from '../../i18n';
import type { loginMessages as en } from '../login';

/** The sign-up and login page's own words (authMessages has the rest). */
export const loginMessages = {
  signUpIntro: 'Jiunge na Sherehe uweke nafasi kwa waratibu au utoe vifurushi vyako.',
  loginIntro: 'Karibu tena. Ingia kwenye akaunti yako.',
  haveAccount: 'Tayari una akaunti?',
  noAccount: 'Huna akaunti?',
  fullName: 'Jina kamili',
  password: 'Nenosiri',
  passwordHint: (min) => `Angalau herufi ${min}.`,
  /** The sign-up form's consent line: the links' texts go where `terms` and `privacy` are. */
  acceptTerms: <T>(terms: T, privacy: T) =>
    ['Kwa kufungua akaunti, unakubali ', terms, ' na ', privacy, '.'] as const,
  termsLink: 'Masharti ya matumizi',
  /** Above the form when the page was opened on the way somewhere (a guarded page, Book Now). */
  continueNote: 'Ingia au fungua akaunti ili uendelee; utarudishwa ulipokuwa.',
  /** A signed-in person who opens the login page is sent on; the link, should that take a moment. */
  signedInContinue: 'Umeingia. Endelea',
  privacyLink: 'Ilani ya faragha',
} as const satisfies Translation<typeof en>;
