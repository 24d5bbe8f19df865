// User-facing texts of one domain: paying for a plan (docs/product-rules.md#changing-plan). Apart from
// plansMessages, which the home page's plan cards load: these belong to the pay dialog and the dashboard.

export const planPaymentsMessages = {
  paymentRequired: (name: string, amount: string) =>
    `The ${name} plan costs ${amount} for 30 days. Pay to start it.`,
  freeNeedsNoPayment: 'The Free plan needs no payment.',
  untilInPast: 'The end of the period must be in the future.',
  adminChanged: (username: string, name: string) => `${username} is now on the ${name} plan.`,
  /** Mailed three days before a paid period ends. */
  reminderSubject: (name: string) => `Your ${name} plan ends soon`,
  reminderGreeting: (name: string) => `Hello ${name},`,
  reminderBody: (plan: string, day: string) =>
    `Your ${plan} plan ends on ${day}. Renew it to keep its limits; otherwise your account moves to the Free plan then.`,
  reminderAction: 'Renew your plan',
  // The web app: paying for a plan, and the plan on the dashboard.
  perMonth: (price: string) => `${price}/mo`,
  charged: (amount: string) => `Charged now: ${amount} for 30 days.`,
  /** Before paying: what happens to the running paid period (planChange, docs/product-rules.md#changing-plan). */
  changeRenew: (plan: string, day: string) =>
    `Your ${plan} plan is renewed: the 30 days start on ${day}, when your current period ends.`,
  changeConvert: (from: string, days: number, to: string) =>
    `Your ${from} days left become ${days} extra ${days === 1 ? 'day' : 'days'} of ${to}, after its 30 days.`,
  payTitle: (name: string) => `Pay for the ${name} plan`,
  yourPlan: 'Your plan',
  activeUntil: (day: string) => `Paid until ${day}`,
  noEnd: 'No end date',
  renew: 'Renew',
  paid: (name: string) => `Payment received: you are on the ${name} plan.`,
  notCompleted: 'The payment was not completed; your plan has not changed.',
  waiting: 'Waiting for the payment to complete…',
  // Admins' Users page.
  setPlan: 'Set plan',
  setPlanTitle: (username: string) => `Plan of ${username}`,
  untilLabel: 'Paid until (empty: no end)',
  save: 'Save',
  cancel: 'Cancel',
  planColumn: 'Plan',
  updateFailed: 'The plan could not be changed.',
} as const;
