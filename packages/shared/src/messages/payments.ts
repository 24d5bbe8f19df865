// User-facing texts of one domain.

import type {
  BookingPaymentStatus,
  PaymentFailureReason,
  PaymentMethod,
  PaymentPurpose,
  PaymentStatus,
} from '../payments';

export const paymentsMessages = {
  phoneRequired: 'Enter the M-Pesa phone number to pay with.',
  phoneInvalid:
    'Enter a Kenyan mobile number, like 0712 345 678 or +254 712 345 678 (it must start with 07, 01, +254 or 254).',
  notFound: 'Payment not found.',
  bookingNotFound: 'Booking not found.',
  onlyClient: 'Only the client of this booking can pay for it.',
  notAccepted: 'A booking is paid for once the planner has accepted it.',
  depositPaid: 'The deposit of this booking is already paid.',
  depositFirst: 'Pay the deposit of this booking first.',
  nothingDue: 'Nothing is left to pay for this booking.',
  /** A part of the balance (an instalment): its amount, and why one cannot be paid. */
  amountRequired: 'Enter the amount to pay, in Ksh.',
  amountInvalid: 'Enter the amount in Ksh: a number above 0 with at most two decimals.',
  instalmentTooSmall: (least: string) => `Pay at least ${least} at a time.`,
  instalmentTooLarge: (left: string) => `Only ${left} is left to pay: pay at most that.`,
  instalmentExactlyLeft: (left: string) => `Only ${left} is left to pay: pay exactly that.`,
  instalmentWholeShillings: 'M-Pesa takes whole shillings: enter the amount without cents.',
  alreadyPending: 'A payment for this is already waiting to be completed.',
  /** A 409 with an earlier payment given up on that the provider may still complete (a late PIN, an open checkout). */
  earlierMayComplete:
    'An earlier payment for this may still go through. Wait for it, or try again later: you will not be charged twice.',
  /** The payment simulator's card checkout, once the app has given up on it (voided). */
  checkoutVoidedTitle: 'Checkout closed',
  checkoutVoidedText:
    'This payment was given up on and can no longer be paid. Go back to Sherehe and start the payment again if it is still due.',
  /** A success that arrived after the payment had expired, when nothing was owed any more: refunded. */
  lateRefundSubject: (title: string) => `Your late payment for ${title} is being refunded`,
  lateRefundIntroPayer: (amount: string, title: string) =>
    `Your payment of ${amount} for ${title} arrived after it had expired, when nothing was owed for it any more. It is being refunded to you in full, through the way you paid.`,
  lateRefundIntroPlanner: (amount: string, title: string, payer: string) =>
    `A payment of ${amount} from ${payer} for ${title} arrived after it had expired, when nothing was owed for it any more. It is being refunded to the client in full; your earnings do not change.`,
  lateRefundAmount: 'Amount',
  lateRefundAction: 'See the booking',
  lateRefundPlanAction: 'See the plans',
  notPending: 'This payment is no longer waiting: it has already been settled.',
  methodUnavailable: 'This way of paying is not available right now.',
  /** An amount above M-Pesa's per-transaction limit (`max` formatted, like Ksh 250,000). */
  mpesaTooLarge: (max: string) =>
    `M-Pesa takes at most ${max} in one payment. Please pay this amount by card.`,
  /** The pay dialog, before anything is sent, for such an amount. */
  mpesaTooLargeUseCard: (max: string) =>
    `M-Pesa takes at most ${max} in one payment, so this amount is paid by card.`,
  mpesaTooLargeNoCard: (max: string) =>
    `M-Pesa takes at most ${max} in one payment, and card payments are not available right now.`,
  expired: 'The payment was not completed in time.',
  phonePromptsLimited: (minutes: number) =>
    `Too many M-Pesa prompts were sent to this phone number. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  // Answers to a provider's callback or webhook that is refused (its body changes nothing).
  callbackForged: 'Not a call from the payment provider.',
  callbackNotUnderstood: 'The callback was not understood.',
  // Paying a booking on the web: its figures and payments on the bookings page, and the pay dialog.
  sectionTitle: 'Payment',
  deposit: 'Deposit',
  paidSoFar: 'Paid so far',
  balanceDue: 'Balance due',
  /** Before the deposit is paid: what is left once it is, so the whole price does not read as owed on top. */
  balanceAfterDeposit: 'Balance after the deposit',
  balanceDueBy: (amount: string, day: string) => `${amount} by ${day}`,
  paymentStatus: 'Payment status',
  bookingPaymentStatuses: {
    unpaid: 'Not paid yet',
    deposit_paid: 'Deposit paid',
    paid: 'Paid in full',
    refunded: 'Refunded',
    partially_refunded: 'Partly refunded',
  } satisfies Record<BookingPaymentStatus, string>,
  payDeposit: 'Pay deposit',
  payBalance: 'Pay balance',
  payPart: 'Pay part of the balance',
  /** What is left of the price once the succeeded payments (deposit, parts of the balance) are counted. */
  leftToPay: (amount: string) => `Left to pay: ${amount}`,
  amountLabel: 'Amount (Ksh)',
  /** Under the amount field of a part of the balance. */
  amountRange: (least: string, most: string) => `From ${least} to ${most}.`,
  amountExactly: (amount: string) => `Exactly ${amount}: what is left.`,
  historyTitle: 'Payments',
  noPayments: 'No payments yet.',
  loadingPayments: 'Loading the payments…',
  paymentsLoadFailed: 'The payments could not be loaded.',
  purposes: {
    deposit: 'Deposit',
    balance: 'Balance',
    plan: 'Plan',
    instalment: 'Part of the balance',
  } satisfies Record<PaymentPurpose, string>,
  methods: { mpesa: 'M-Pesa', card: 'Card' } satisfies Record<PaymentMethod, string>,
  statuses: {
    pending: 'Waiting',
    succeeded: 'Paid',
    failed: 'Failed',
    cancelled: 'Cancelled',
    expired: 'Expired',
  } satisfies Record<PaymentStatus, string>,
  receiptNumber: (receipt: string) => `Receipt no. ${receipt}`,
  /** A payment M-Pesa confirmed whose receipt number has not come yet (only a request id is known). */
  receiptNumberToFollow: 'M-Pesa receipt no. to follow',
  receiptLink: 'Receipt',
  /** Read after the Receipt link's text by screen readers: which payment, and where it opens. */
  receiptLinkContext: (purpose: string, amount: string) => ` for the ${purpose.toLowerCase()} of ${amount}`,
  dialogTitles: {
    deposit: 'Pay the deposit',
    balance: 'Pay the balance',
    instalment: 'Pay part of the balance',
  },
  amountToPay: (amount: string) => `Amount to pay: ${amount}`,
  chooseMethod: 'How would you like to pay?',
  methodChoices: { mpesa: 'M-Pesa', card: 'Card (Visa or Mastercard)' } satisfies Record<
    PaymentMethod,
    string
  >,
  /** The dialog's line where only one way of paying is offered here. */
  onlyMethod: {
    mpesa: 'You pay with M-Pesa.',
    card: 'You pay by card (Visa or Mastercard).',
  } satisfies Record<PaymentMethod, string>,
  phoneLabel: 'M-Pesa phone number',
  phoneHint: 'The PIN prompt goes to this phone.',
  payWithMpesa: (amount: string) => `Pay ${amount} with M-Pesa`,
  payByCard: 'Continue to card payment',
  sending: 'Sending…',
  toCheckout: 'Opening the card payment page…',
  checkPhone: 'Check your phone and enter your M-Pesa PIN',
  checkPhoneHint: 'This updates by itself once M-Pesa confirms the payment.',
  stillWaiting:
    'Still waiting for M-Pesa to confirm the payment. It can take a little longer on a slow network; you may keep waiting or close this and check the booking later.',
  keepWaiting: 'Keep waiting',
  /** A pending M-Pesa payment, named by the phone its PIN prompt went to (0712 345 678). */
  waitingForPin: (phone: string) => `Waiting for your M-Pesa PIN on ${phone}…`,
  waitingForPinHint: 'Enter your M-Pesa PIN on that phone. This updates by itself once M-Pesa confirms.',
  /** A pending payment without a phone to name (a card checkout left open). */
  waitingForPayment: 'A payment is waiting to be completed…',
  /** A minute on, no answer from the phone: said in words, with what to do. */
  phoneDidNotAnswer: (phone: string) =>
    `The phone ${phone} has not answered. It may be off, out of network, or without M-Pesa. Check again, or try another way.`,
  noAnswerYet: 'No answer yet from M-Pesa. Check again, or try another way.',
  checkAgain: 'Check again',
  tryAnotherWay: 'Try another way',
  /** A new attempt refused because one is already waiting: which phone the prompt went to. */
  alreadyPendingOn: (phone: string) =>
    `A payment is already waiting for the PIN on ${phone}, so no prompt went to another number. Enter the PIN on ${phone}, or check again in a minute.`,
  checkingCard: 'Checking how your card payment went…',
  continueCheckout: 'Continue to the card payment',
  /** `receiptToFollow`: M-Pesa confirmed the payment, but its receipt number has not come yet. */
  paid: (input: {
    amount: string;
    method: PaymentMethod;
    receipt: string | null;
    receiptToFollow?: boolean;
  }) =>
    input.receiptToFollow
      ? `Paid ${input.amount}. M-Pesa has confirmed the payment; its receipt number will follow.`
      : input.receipt
        ? input.method === 'mpesa'
          ? `Paid ${input.amount}. M-Pesa receipt: ${input.receipt}.`
          : `Paid ${input.amount} by card. Reference: ${input.receipt}.`
        : `Paid ${input.amount}.`,
  tryAgain: 'Try again',
  done: 'Done',
  /** Why a payment did not go through, in words (PAYMENT_FAILURE_REASONS). */
  failureReasons: {
    cancelled_by_user: 'The payment was cancelled on the phone.',
    wrong_pin: 'The M-Pesa PIN entered was wrong, so nothing was paid.',
    insufficient_funds: 'There was not enough money in the M-Pesa account.',
    phone_unreachable: 'The phone could not be reached. Check that it is on and has signal, then try again.',
    declined: 'The card payment was declined.',
    abandoned: 'The card payment was not completed.',
    provider_error: 'The payment could not be completed. Please try again.',
  } satisfies Record<PaymentFailureReason, string>,
} as const;
