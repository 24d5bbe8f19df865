// User-facing texts of cancellation policies (docs/money.md#refunds-the-ledger-and-payouts): the
// package form, the package page, the booking form and the booking.

import type { CancellationPolicy } from '../cancellation-policies';

export const cancellationPoliciesMessages = {
  title: 'Cancellation policy',
  names: { flexible: 'Flexible', moderate: 'Moderate', strict: 'Strict' } satisfies Record<
    CancellationPolicy,
    string
  >,
  /** Each policy in words for a client, before a date is chosen. */
  forClients: {
    flexible:
      'Flexible: everything back if you cancel 7 or more days before the event; the deposit is kept after that.',
    moderate:
      'Moderate: everything back if you cancel 30 or more days before the event; the deposit is kept from 29 to 7 days before; nothing back under 7 days.',
    strict:
      'Strict: everything back if you cancel 90 or more days before the event; the deposit is kept from 89 to 30 days before; nothing back under 30 days.',
  } satisfies Record<CancellationPolicy, string>,
  /** Each policy in words for the planner choosing it in the package form. */
  forPlanners: {
    flexible:
      'A client who cancels 7 or more days before the event gets everything back; later, you keep the deposit.',
    moderate:
      'A client who cancels 30 or more days before gets everything back; 7 to 29 days before, you keep the deposit; under 7 days, nothing is refunded.',
    strict:
      'A client who cancels 90 or more days before gets everything back; 30 to 89 days before, you keep the deposit; under 30 days, nothing is refunded.',
  } satisfies Record<CancellationPolicy, string>,
  formHint: 'It applies to bookings requested from now on; bookings already requested keep theirs.',
  /** With the event's date: the last day for everything back, and what follows. */
  fullRefundBy: (day: string) => `Cancel by ${day} for everything back.`,
  fullRefundPassed: (day: string) => `Everything back was possible until ${day}.`,
  depositKeptAfterwards: 'After that, the deposit is kept and the rest is refunded.',
  depositKeptUntil: (day: string) =>
    `After that, until ${day}, the deposit is kept and the rest is refunded; later, nothing is refunded.`,
};
