import type { Translation } from '../../i18n';
import type { chatMessages as en } from '../chat';

export const chatMessages = {
  notConnected: 'Hujaunganishwa na seva ya gumzo.',
  receiverUndefined:
    'Imeshindikana kutuma ujumbe: mpokeaji hajulikani. Tafadhali onyesha upya ukurasa au wasiliana na huduma kwa wateja.',
  newMessageFrom: (name) => `Ujumbe mpya kutoka kwa ${name}`,
  receiverNotOtherParty: 'Mpokeaji lazima awe upande mwingine wa nafasi hii.',
  notPartOfBooking: 'Huhusiki na nafasi hii.',
  newMessage: 'Umepokea ujumbe mpya',
  historyFailed: 'Imeshindikana kupakia mazungumzo. Tafadhali jaribu tena.',
  sendFailed: 'Ujumbe haukutumwa.',
  sending: 'Inatuma...',
  noMessages: 'Bado hakuna jumbe. Sema habari!',
  dashboardUnread: (count) =>
    count === 1 ? `, ujumbe ${count} ambao haujasomwa` : `, jumbe ${count} ambazo hazijasomwa`,
  unread: (count) => (count === 1 ? `Ujumbe ${count} ambao haujasomwa` : `Jumbe ${count} ambazo hazijasomwa`),
  openChat: 'Fungua gumzo',
  hideChat: 'Ficha gumzo',
  toggleWith: (name) => ` na ${name}`,
  loginRequired: 'Huna idhini: ingia ili utumie gumzo.',
  unavailable: 'Gumzo halipatikani kwa sasa. Tafadhali jaribu tena baada ya muda mfupi.',
  failed: 'Kuna hitilafu. Tafadhali jaribu tena.',
  sessionEnded: 'Muda wako wa kuingia umekwisha. Tafadhali ingia tena ili utumie gumzo.',
  tooManySockets: (max) =>
    `Umefungua gumzo mahali pengi mno (si zaidi ya ${max}). Lifunge mahali pamoja kisha ujaribu tena.`,
  tooManyEvents: 'Maombi mengi mno ya gumzo. Tafadhali subiri kidogo.',
  sendingTooFast: 'Unatuma jumbe haraka mno. Tafadhali subiri kidogo.',
  you: 'Wewe',
  loadingChat: 'Inapakia gumzo…',
  loading: 'Inapakia jumbe…',
  chatWith: (name) => `Gumzo na ${name}`,
  messagesWith: (name) => `Jumbe na ${name}`,
  messageTo: (name) => `Ujumbe kwa ${name}`,
  placeholder: 'Andika ujumbe',
  send: 'Tuma',
} as const satisfies Translation<typeof en>;
