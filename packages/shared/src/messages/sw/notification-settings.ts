import type { Translation } from '../../i18n';
import type { notificationSettingsMessages as en } from '../notification-settings';

export const notificationSettingsMessages = {
  title: 'Arifa',
  intro:
    'Chagua tunachokuarifu kwa SMS na kwa barua pepe. Barua pepe za usalama na misimbo ya uthibitisho huja kila wakati.',
  sms: 'Ujumbe mfupi (SMS)',
  email: 'Barua pepe',
  bookings: 'Nafasi na makadirio ya bei',
  payments: 'Malipo',
  reminders: 'Vikumbusho',
  chat: 'Ujumbe wa gumzo ambao haujasomwa',
  switchLabel: (channel: string, topic: string) => `${topic} kwa ${channel}`,
  smsNeedsPhone:
    'SMS zinahitaji nambari ya simu iliyothibitishwa: thibitisha yako kwenye ukurasa huu kwanza.',
  smsGoesTo: (phone: string) => `SMS zinatumwa kwa +${phone}.`,
  smsStopped: 'Ulijibu STOP kwa mojawapo ya ujumbe wetu. Washa swichi ya SMS ili upate SMS tena.',
  save: 'Hifadhi arifa',
  saving: 'Inahifadhi…',
  saved: 'Mipangilio ya arifa imehifadhiwa.',
  saveFailed: 'Imeshindwa kuhifadhi mipangilio yako ya arifa.',
  loadFailed: 'Imeshindwa kupakia mipangilio yako ya arifa.',
} satisfies Translation<typeof en>;
