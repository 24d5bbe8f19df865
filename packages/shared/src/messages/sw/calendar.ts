import {
  BLOCK_NOTE_MAX,
  MAX_AVAILABILITY_DAYS,
  MAX_BLOCK_RANGE_DAYS,
  MAX_EVENTS_PER_DAY,
  MIN_EVENTS_PER_DAY,
} from '../../calendar';
import type { Translation } from '../../i18n';
import type { calendarMessages as en } from '../calendar';

export const calendarMessages = {
  /** A request or an acceptance for a blocked or full day. */
  notAvailable: 'Mratibu huyu hapatikani tarehe hiyo.',
  eventsPerDayRange: `Hafla kwa siku lazima ziwe nambari kamili kati ya ${MIN_EVENTS_PER_DAY} na ${MAX_EVENTS_PER_DAY}.`,
  plannerNotFound: 'Mratibu hakupatikana.',
  dayInvalid: 'Andika tarehe kwa mtindo wa YYYY-MM-DD.',
  fromRequired: 'Tarehe ya kuanzia (from) inahitajika (YYYY-MM-DD).',
  toRequired: 'Tarehe ya mwisho (to) inahitajika (YYYY-MM-DD).',
  rangeBackwards: 'Tarehe ya "Hadi" lazima iwe siku ile ile ya "Kuanzia" au baada yake.',
  rangeTooLong: `Omba siku zisizozidi ${MAX_AVAILABILITY_DAYS} kwa wakati mmoja.`,
  blockPast: 'Siku iliyopita haiwezi kufungwa.',
  blockTooFar: 'Siku hiyo iko mbali mno kufungwa.',
  noteTooLong: `Dokezo lisizidi herufi ${BLOCK_NOTE_MAX}.`,
  noteText: 'Dokezo lazima liwe maandishi.',
  dayBlocked: 'Siku imefungwa. Hakuna ombi jipya linaloweza kutumwa kwa siku hii.',
  dayUnblocked: 'Siku imefunguliwa.',
  alreadyBlocked: 'Siku hiyo tayari imefungwa.',
  /** Blocking or unblocking several days at once: the last day comes before the first. */
  blockRangeBackwards: 'Siku ya mwisho lazima iwe siku ile ile ya kwanza au baada yake.',
  blockRangeTooLong: `Funga au fungua siku zisizozidi ${MAX_BLOCK_RANGE_DAYS} kwa wakati mmoja.`,
  daysBlocked: (count) =>
    count === 1
      ? 'Siku imefungwa. Hakuna ombi jipya linaloweza kutumwa kwa siku hii.'
      : `Siku ${count} zimefungwa. Hakuna ombi jipya linaloweza kutumwa kwa siku hizo.`,
  daysUnblocked: (count) => (count === 1 ? 'Siku imefunguliwa.' : `Siku ${count} zimefunguliwa.`),
  noneBlocked: 'Hakuna siku kati ya hizo iliyofungwa.',
  notBlocked: 'Siku hiyo haijafungwa.',
  calendarNotFound: 'Kalenda haikupatikana.',
  feedReplaced: 'Kiungo cha kalenda yako kimebadilishwa. Kiungo cha zamani hakifanyi kazi tena.',
  /** An event in a calendar feed, seen by one party: the package and the other party. */
  eventSummary: (title, otherParty) => `${title} na ${otherParty}`,
  eventDescription: (status, url) => `Nafasi ya Sherehe, ${status.toLowerCase()}. ${url}`,
  calendarName: 'Nafasi za Sherehe',

  /** To the clients of the pending requests declined when their day filled up. */
  dayFullSubject: (title) => `Ombi la nafasi limekataliwa: ${title}`,
  dayFullText: (input) => [
    `Habari ${input.name},`,
    `Ombi lako la "${input.title}" tarehe ${input.day} limekataliwa: mratibu hana nafasi tena siku hiyo.`,
    'Unaweza kuchagua siku nyingine au mratibu mwingine.',
  ],

  reminderEventSubject: (title, daysAhead) =>
    daysAhead === 1 ? `Kikumbusho: ${title} ni kesho` : `Kikumbusho: ${title} ni baada ya siku ${daysAhead}`,
  reminderEventText: (input) => [
    `Habari ${input.name},`,
    `"${input.title}" na ${input.otherParty} ni tarehe ${input.day}.`,
    'Maelezo yote na gumzo lako yako kwenye ukurasa wa nafasi zako.',
  ],
  reminderRequestSubject: (title) => `Ombi la nafasi linasubiri jibu lako: ${title}`,
  reminderRequestText: (input) => [
    `Habari ${input.name},`,
    `${input.client} aliomba nafasi ya "${input.title}" tarehe ${input.day} zaidi ya siku moja iliyopita na anasubiri jibu lako.`,
    'Kubali au kataa ombi hilo kwenye dashibodi yako.',
  ],
  reminderDepositSubject: (title) => `Lipa malipo ya awali: ${title}`,
  reminderDepositText: (input) => [
    `Habari ${input.name},`,
    `Malipo ya awali ya ${input.amount} ya "${input.title}" tarehe ${input.day} yanadaiwa sasa: mratibu amekubali nafasi yako.`,
    'Unaweza kulipa kwa M-Pesa au kadi kwenye ukurasa wa nafasi zako.',
  ],
  reminderBalanceSubject: (title) => `Salio linadaiwa hivi karibuni: ${title}`,
  reminderBalanceText: (input) => [
    `Habari ${input.name},`,
    input.partlyPaid
      ? `Kilichobaki kulipa kwa "${input.title}" tarehe ${input.day} ni ${input.amount}, kinapaswa kulipwa kufikia ${input.dueOn}.`
      : `${input.amount} ya "${input.title}" tarehe ${input.day} inapaswa kulipwa kufikia ${input.dueOn}.`,
    'Unaweza kulipa kwa M-Pesa au kadi kwenye ukurasa wa nafasi zako.',
  ],
  openBookings: 'Fungua nafasi zako',
} as const satisfies Translation<typeof en>;
