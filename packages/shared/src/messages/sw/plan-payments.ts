import type { Translation } from '../../i18n';
import type { planPaymentsMessages as en } from '../plan-payments';
import { plansMessages } from './plans';

export const planPaymentsMessages = {
  paymentRequired: (name, amount) =>
    `Mpango wa ${plansMessages.planName(name)} unagharimu ${amount} kwa siku 30. Lipa ili uanze kuutumia.`,
  freeNeedsNoPayment: 'Mpango wa Bure hauhitaji malipo.',
  untilInPast: 'Mwisho wa kipindi lazima uwe tarehe ya baadaye.',
  adminChanged: (username, name) => `${username} sasa yuko kwenye mpango wa ${plansMessages.planName(name)}.`,
  /** Mailed three days before a paid period ends. */
  reminderSubject: (name) => `Mpango wako wa ${plansMessages.planName(name)} unaisha hivi karibuni`,
  reminderGreeting: (name) => `Habari ${name},`,
  reminderBody: (plan, day) =>
    `Mpango wako wa ${plansMessages.planName(plan)} unaisha ${day}. Uhuishe ili usipoteze vikomo vyake; la sivyo, siku hiyo akaunti yako itahamia mpango wa Bure.`,
  reminderAction: 'Huisha mpango wako',
  // The web app: paying for a plan, and the plan on the dashboard.
  perMonth: (price) => `${price}/mwezi`,
  charged: (amount) => `Unalipishwa sasa: ${amount} kwa siku 30.`,
  changeRenew: (plan, day) =>
    `Mpango wako wa ${plansMessages.planName(plan)} unaongezwa: siku 30 zinaanza ${day}, kipindi chako cha sasa kitakapoisha.`,
  changeConvert: (from, days, to) =>
    `Siku zako zilizobaki za ${plansMessages.planName(from)} zinakuwa siku ${days} za ziada za ${plansMessages.planName(to)}, baada ya siku zake 30.`,
  payTitle: (name) => `Lipia mpango wa ${plansMessages.planName(name)}`,
  yourPlan: 'Mpango wako',
  activeUntil: (day) => `Umelipiwa hadi ${day}`,
  noEnd: 'Hakuna tarehe ya mwisho',
  renew: 'Huisha',
  paid: (name) => `Malipo yamepokelewa: sasa uko kwenye mpango wa ${plansMessages.planName(name)}.`,
  notCompleted: 'Malipo hayakukamilika; mpango wako haujabadilika.',
  waiting: 'Tunasubiri malipo yakamilike…',
  // Admins' Users page.
  setPlan: 'Weka mpango',
  setPlanTitle: (username) => `Mpango wa ${username}`,
  untilLabel: 'Umelipiwa hadi (acha wazi: hakuna mwisho)',
  save: 'Hifadhi',
  cancel: 'Ghairi',
  planColumn: 'Mpango',
  updateFailed: 'Imeshindikana kubadilisha mpango.',
} as const satisfies Translation<typeof en>;
