import type { BookingStatus } from '../../booking-status';
import type { Translation } from '../../i18n';
import type { mailMessages as en } from '../mail';

/** "Nafasi yako … imekubaliwa": a booking's state as the end of a sentence. */
const STATE: Record<BookingStatus, string> = {
  pending: 'inasubiri',
  accepted: 'imekubaliwa',
  rejected: 'imekataliwa',
  completed: 'imekamilika',
  cancelled: 'imeghairiwa',
};

/** "Amina ameghairi …": what the client did to their booking. */
const CLIENT_DID: Record<BookingStatus, string> = {
  pending: 'amesubirisha',
  accepted: 'amekubali',
  rejected: 'amekataa',
  completed: 'amekamilisha',
  cancelled: 'ameghairi',
};

export const mailMessages = {
  htmlLang: 'sw',
  brand: 'Sherehe',
  footer: 'Sherehe: upangaji wa hafla nchini Kenya.',
  signature: '— Sherehe',
  greeting: (name) => `Habari ${name},`,
  openBookings: 'Fungua nafasi zako',

  bookingRequestedSubject: (title) => `Ombi jipya la nafasi: ${title}`,
  bookingRequestedText: (client, title, day) =>
    `${client} angependa kuweka nafasi ya "${title}" tarehe ${day}.`,
  theirMessage: (message) => `Ujumbe wake: ${message}`,
  answerRequest: 'Kubali au kataa ombi hili kwenye dashibodi yako.',
  enquirySubject: (title) => `Ulizo jipya: ${title}`,
  enquiryText: (client, title, day) => `${client} anauliza kuhusu "${title}" kwa ${day}.`,
  enquiryGuests: (guests) => `Wageni: ${guests}`,
  enquiryBudget: (budget) => `Bajeti: ${budget}`,
  answerEnquiry: 'Jibu kwenye gumzo, au kwa nukuu inayotaja bei na siku.',
  dateToBeAgreed: 'tarehe itakayokubaliwa',

  bookingStatusSubject: (title, status) => `Nafasi yako ya ${title} ${STATE[status]}`,
  bookingStatusText: (title, day, status) => `Nafasi yako ya "${title}" tarehe ${day} sasa ${STATE[status]}.`,
  bookingStatusByClientSubject: (title, status) => `Nafasi ${STATE[status]}: ${title}`,
  bookingStatusByClientText: (client, title, day, status) =>
    `${client} ${CLIENT_DID[status]} nafasi yake ya "${title}" tarehe ${day}.`,

  resetSubject: 'Badilisha nenosiri lako la Sherehe',
  resetText:
    'Mtu (tunatumaini ni wewe) ameomba kubadilisha nenosiri la akaunti yako ya Sherehe. Kiungo hiki kinatumika mara moja tu, ndani ya saa moja.',
  resetIgnore: 'Kama hukuomba hivi, puuza barua pepe hii: nenosiri lako litabaki lilivyo.',
  resetAction: 'Chagua nenosiri jipya',

  testSubject: 'Barua pepe ya majaribio ya Sherehe',
  testText:
    'Hii ni barua pepe ya majaribio kutoka Sherehe. Ukiweza kuisoma, utumaji wa barua pepe unafanya kazi.',
  contactAnswerSubject: 'Jibu la ujumbe wako kwa Sherehe',
  contactAnswerIntro: 'Timu ya Sherehe imejibu ujumbe wako:',
  yourMessage: (message) => `Ujumbe wako: ${message}`,
} as const satisfies Translation<typeof en>;
