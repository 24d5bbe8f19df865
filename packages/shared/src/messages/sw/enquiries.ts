import type { Translation } from '../../i18n';
import type { enquiriesMessages as en } from '../enquiries';

export const enquiriesMessages = {
  sent: 'Ulizo lako limetumwa. Mpangaji atajibu kwenye gumzo.',
  titleTo: (planner) => `Ulizo kwa ${planner}`,
  label: 'Ulizo',
  dateToBeAgreed: 'Tarehe itakubaliwa baadaye',
  onlyClients: 'Wateja pekee wanaweza kutuma maulizo.',
  plannerNotFound: 'Mpangaji hakupatikana.',
  notAPlanner: 'Maulizo hutumwa kwa wapangaji pekee.',
  messageRequired: 'Tafadhali andika ujumbe kwa mpangaji.',
  guestsInvalid: 'Idadi ya wageni lazima iwe namba kamili kutoka 1 hadi 100,000.',
  budgetInvalid: 'Bajeti lazima iwe kiasi cha Ksh 0 au zaidi, chenye desimali mbili au chache.',
  dailyLimit: (max) =>
    `Umetuma maulizo ${max} leo, idadi ya juu kabisa kwa siku moja. Tafadhali jaribu tena kesho.`,
  alreadyOpen: 'Tayari una ulizo au nafasi iliyo wazi kwa kifurushi hiki: endelea kwenye gumzo lake.',
  acceptNeedsDay:
    'Ulizo hili halitaji siku, kwa hiyo haliwezi kukubaliwa lilivyo: lijibu kwa nukuu inayotaja siku.',
  acceptWithQuote: 'Ulizo halikubaliwi lilivyo: lijibu kwa nukuu, nalo litakuwa nafasi mteja akiikubali.',
  noCalendarEvent: 'Ulizo hili bado halina siku, kwa hiyo halina tukio la kalenda.',
  yourEnquiryFor: (day) => ['Ulizo lako la ', day, ' '] as const,
  askForQuote: 'Omba nukuu ya bei',
  formTitle: (planner) => `Muulize ${planner}`,
  formIntro: 'Mweleze mpangaji kuhusu hafla yako. Siku si lazima: mnaweza kukubaliana baadaye.',
  dateLabel: 'Tarehe ya hafla (si lazima)',
  guestsLabel: 'Wageni (si lazima)',
  budgetLabel: 'Bajeti kwa Ksh (si lazima)',
  messageLabel: 'Ujumbe wako',
  submit: 'Tuma ulizo',
  submitting: 'Inatuma…',
  cancel: 'Ghairi',
  failed: 'Imeshindikana kutuma ulizo',
  signInFirst: 'Tafadhali ingia ili kutuma ulizo.',
  guestsShown: (guests) => `Wageni ${guests}`,
  budgetShown: (budget) => `Bajeti: ${budget}`,
} as const satisfies Translation<typeof en>;
