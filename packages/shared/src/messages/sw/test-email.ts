import type { Translation } from '../../i18n';
import type { testEmailMessages as en } from '../test-email';

export const testEmailMessages = {
  sent: 'Barua pepe ya majaribio imetumwa! Angalia kikasha chako.',
  failedPrefix: 'Imeshindikana kutuma barua pepe ya majaribio: ',
  errorPrefix: 'Hitilafu: ',
  sending: 'Inatuma...',
  button: 'Tuma barua pepe ya majaribio',
  serverFailed: 'Seva ya barua pepe haikukubali ujumbe. Tafadhali jaribu tena baadaye.',
  title: 'Tuma barua pepe ya majaribio',
  backToHome: 'Rudi mwanzo',
  intro:
    'Hakikisha barua pepe kutoka Sherehe zinafika kikashani: tunatuma ujumbe mmoja mfupi kwa anwani utakayoweka.',
  emailLabel: 'Barua pepe',
} as const satisfies Translation<typeof en>;
