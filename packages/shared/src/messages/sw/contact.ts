import type { Translation } from '../../i18n';
import type { contactMessages as en } from '../contact';

export const contactMessages = {
  sent: 'Ujumbe umetumwa! Tutakujibu hivi karibuni.',
  sendFailed: 'Imeshindikana kutuma ujumbe.',
  adminsRefused: 'Wasimamizi hawaruhusiwi kutuma ujumbe kupitia fomu hii.',
  loginRequired: 'Tafadhali ingia ili ututumie ujumbe.',
  loadFailed: 'Imeshindikana kupakia jumbe.',
  sendButton: 'Tuma ujumbe',
  sending: 'Inatuma...',
  noneYet: 'Bado hakuna jumbe.',
  priority: 'Kipaumbele',
  title: 'Wasiliana nasi',
  intro:
    'Una maswali kuhusu nafasi, vifurushi au mpango wako? Kwa kawaida tunajibu ndani ya siku moja ya kazi.',
  reachUs: 'Tupate',
  phone: 'Simu',
  office: 'Ofisi',
  hoursLabel: 'Saa za kazi',
  formTitle: 'Tutumie ujumbe',
  name: 'Jina',
  message: 'Ujumbe',
  listIntro: 'Jumbe zilizotumwa kupitia fomu ya mawasiliano.',
  listLabel: 'Jumbe za mawasiliano',
  loading: 'Inapakia jumbe…',
  noneYetHint: 'Jumbe ambazo wateja na waratibu hutuma kutoka ukurasa wa mawasiliano zitaonekana hapa.',
  priorityNote: (priority) =>
    ` Jumbe zilizo na alama ya ${priority} zinatoka kwa watumiaji ambao mpango wao una huduma ya kipaumbele.`,
  viewProfile: (name) => `Tazama wasifu wa ${name}`,
  /** Where the team is, and when it answers the phone and messages (East Africa Time). */
  city: 'Nairobi, Kenya',
  hours: 'Jumatatu hadi Ijumaa, saa mbili asubuhi hadi saa kumi na mbili jioni (8:00–18:00 EAT)',
  notFound: 'Ujumbe haukupatikana.',
  alreadyAnswered: 'Ujumbe huu tayari umejibiwa.',
  markedHandled: 'Umewekwa kuwa umeshughulikiwa.',
  answerSent: 'Jibu limetumwa kwa barua pepe. Ujumbe umewekwa kuwa umeshughulikiwa.',
  handled: 'Umeshughulikiwa',
  unhandled: 'Haujashughulikiwa',
  handledBy: (name, when) => `Umeshughulikiwa na ${name} tarehe ${when}.`,
  handledOn: (when) => `Umeshughulikiwa tarehe ${when}.`,
  answerButton: 'Jibu',
  answerLabel: 'Jibu lako',
  answerHint: (email) => `Linatumwa kwa barua pepe kwa ${email}, kwa lugha ya akaunti yake.`,
  sendAnswer: 'Tuma jibu',
  sendingAnswer: 'Inatuma jibu…',
  markHandled: 'Weka kuwa umeshughulikiwa',
  yourAnswer: 'Jibu lililotumwa',
  filterLabel: 'Onyesha',
  filterAll: 'Jumbe zote',
  filterUnhandled: 'Hazijashughulikiwa',
  filterHandled: 'Zimeshughulikiwa',
  count: (total) =>
    total === 1
      ? `Ujumbe ${total}.`
      : `Jumbe ${total}: ambazo hazijashughulikiwa kwanza, za karibuni kwanza.`,
  noneMatch: 'Hakuna jumbe hapa.',
} as const satisfies Translation<typeof en>;
