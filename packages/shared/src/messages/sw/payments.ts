import type { Translation } from '../../i18n';
import type { paymentsMessages as en } from '../payments';

export const paymentsMessages = {
  phoneRequired: 'Weka nambari ya simu ya M-Pesa utakayolipa nayo.',
  phoneInvalid:
    'Weka nambari ya simu ya Kenya, kama 0712 345 678 au +254 712 345 678 (lazima ianze na 07, 01, +254 au 254).',
  notFound: 'Malipo hayakupatikana.',
  bookingNotFound: 'Nafasi haikupatikana.',
  onlyClient: 'Ni mteja wa nafasi hii pekee anayeweza kuilipia.',
  notAccepted: 'Nafasi hulipiwa baada ya mratibu kuikubali.',
  depositPaid: 'Malipo ya awali ya nafasi hii tayari yamelipwa.',
  depositFirst: 'Lipa malipo ya awali ya nafasi hii kwanza.',
  nothingDue: 'Hakuna kiasi kilichobaki kulipa kwa nafasi hii.',
  amountRequired: 'Weka kiasi cha kulipa, kwa Ksh.',
  amountInvalid: 'Weka kiasi kwa Ksh: nambari iliyo juu ya 0 yenye desimali mbili zisizozidi.',
  instalmentTooSmall: (least) => `Lipa angalau ${least} kwa wakati mmoja.`,
  instalmentTooLarge: (left) => `Kilichobaki kulipa ni ${left} tu: lipa kisichozidi hicho.`,
  instalmentExactlyLeft: (left) => `Kilichobaki kulipa ni ${left} tu: lipa kiasi hicho kamili.`,
  instalmentWholeShillings: 'M-Pesa hupokea shilingi kamili: weka kiasi bila senti.',
  alreadyPending: 'Tayari kuna malipo ya hili yanayosubiri kukamilika.',
  earlierMayComplete:
    'Malipo ya awali ya hili bado yanaweza kukamilika. Yasubiri, au ujaribu tena baadaye: hutalipishwa mara mbili.',
  checkoutVoidedTitle: 'Malipo yamefungwa',
  checkoutVoidedText:
    'Malipo haya yaliachwa na hayawezi kulipwa tena. Rudi Sherehe uanze malipo upya ikiwa bado yanadaiwa.',
  lateRefundSubject: (title) => `Malipo yako yaliyochelewa ya ${title} yanarejeshwa`,
  lateRefundIntroPayer: (amount, title) =>
    `Malipo yako ya ${amount} ya ${title} yalifika baada ya muda wake kwisha, wakati hakuna kilichokuwa kinadaiwa tena. Unarejeshewa pesa zote kupitia njia uliyolipa nayo.`,
  lateRefundIntroPlanner: (amount, title, payer) =>
    `Malipo ya ${amount} kutoka kwa ${payer} ya ${title} yalifika baada ya muda wake kwisha, wakati hakuna kilichokuwa kinadaiwa tena. Mteja anarejeshewa pesa zote; mapato yako hayabadiliki.`,
  lateRefundAmount: 'Kiasi',
  lateRefundAction: 'Angalia nafasi',
  lateRefundPlanAction: 'Angalia mipango',
  notPending: 'Malipo haya hayasubiri tena: tayari yameshughulikiwa.',
  methodUnavailable: 'Njia hii ya kulipa haipatikani kwa sasa.',
  mpesaTooLarge: (max) => `M-Pesa inapokea hadi ${max} kwa malipo moja. Tafadhali lipa kiasi hiki kwa kadi.`,
  mpesaTooLargeUseCard: (max) =>
    `M-Pesa inapokea hadi ${max} kwa malipo moja, kwa hivyo kiasi hiki kinalipwa kwa kadi.`,
  mpesaTooLargeNoCard: (max) =>
    `M-Pesa inapokea hadi ${max} kwa malipo moja, na malipo ya kadi hayapatikani kwa sasa.`,
  expired: 'Malipo hayakukamilika kwa wakati.',
  phonePromptsLimited: (minutes) =>
    `Maombi mengi mno ya M-Pesa yametumwa kwa nambari hii ya simu. Tafadhali jaribu tena baada ya dakika ${minutes}.`,
  // Answers to a provider's callback or webhook that is refused.
  callbackForged: 'Huu si ujumbe kutoka kwa mtoa huduma wa malipo.',
  callbackNotUnderstood: 'Ujumbe huu wa malipo haukueleweka.',
  // Paying a booking on the web.
  sectionTitle: 'Malipo',
  deposit: 'Malipo ya awali',
  paidSoFar: 'Umelipa hadi sasa',
  balanceDue: 'Salio la kulipa',
  balanceAfterDeposit: 'Salio baada ya malipo ya awali',
  balanceDueBy: (amount, day) => `${amount} kufikia ${day}`,
  paymentStatus: 'Hali ya malipo',
  bookingPaymentStatuses: {
    unpaid: 'Bado haijalipwa',
    deposit_paid: 'Malipo ya awali yamelipwa',
    paid: 'Imelipwa yote',
    refunded: 'Pesa zimerejeshwa',
    partially_refunded: 'Sehemu ya pesa imerejeshwa',
  },
  payDeposit: 'Lipa malipo ya awali',
  payBalance: 'Lipa salio',
  payPart: 'Lipa sehemu ya salio',
  leftToPay: (amount) => `Kilichobaki kulipa: ${amount}`,
  amountLabel: 'Kiasi (Ksh)',
  amountRange: (least, most) => `Kuanzia ${least} hadi ${most}.`,
  amountExactly: (amount) => `${amount} kamili: kilichobaki.`,
  historyTitle: 'Malipo',
  noPayments: 'Bado hakuna malipo.',
  loadingPayments: 'Inapakia malipo…',
  paymentsLoadFailed: 'Imeshindikana kupakia malipo.',
  purposes: { deposit: 'Malipo ya awali', balance: 'Salio', plan: 'Mpango', instalment: 'Sehemu ya salio' },
  methods: { mpesa: 'M-Pesa', card: 'Kadi' },
  statuses: {
    pending: 'Inasubiri',
    succeeded: 'Imelipwa',
    failed: 'Imeshindikana',
    cancelled: 'Imeghairiwa',
    expired: 'Muda umeisha',
  },
  receiptNumber: (receipt) => `Risiti nambari ${receipt}`,
  /** A payment M-Pesa confirmed whose receipt number has not come yet (only a request id is known). */
  receiptNumberToFollow: 'Nambari ya risiti ya M-Pesa itafuata',
  receiptLink: 'Risiti',
  /** Read after the Receipt link's text by screen readers: which payment, and where it opens. */
  receiptLinkContext: (purpose, amount) => ` ya ${purpose.toLowerCase()} ya ${amount}`,
  dialogTitles: {
    deposit: 'Lipa malipo ya awali',
    balance: 'Lipa salio',
    instalment: 'Lipa sehemu ya salio',
  },
  amountToPay: (amount) => `Kiasi cha kulipa: ${amount}`,
  chooseMethod: 'Ungependa kulipa vipi?',
  methodChoices: { mpesa: 'M-Pesa', card: 'Kadi (Visa au Mastercard)' },
  /** The dialog's line where only one way of paying is offered here. */
  onlyMethod: {
    mpesa: 'Utalipa kwa M-Pesa.',
    card: 'Utalipa kwa kadi (Visa au Mastercard).',
  },
  phoneLabel: 'Nambari ya simu ya M-Pesa',
  phoneHint: 'Ombi la PIN litatumwa kwa simu hii.',
  payWithMpesa: (amount) => `Lipa ${amount} kwa M-Pesa`,
  payByCard: 'Endelea kulipa kwa kadi',
  sending: 'Inatuma…',
  toCheckout: 'Inafungua ukurasa wa kulipa kwa kadi…',
  checkPhone: 'Angalia simu yako na uweke PIN yako ya M-Pesa',
  checkPhoneHint: 'Ukurasa huu utajisasisha wenyewe M-Pesa ikithibitisha malipo.',
  stillWaiting:
    'Bado tunasubiri M-Pesa ithibitishe malipo. Huenda ikachukua muda zaidi mtandao ukiwa wa polepole; unaweza kuendelea kusubiri, au ufunge hapa na uangalie nafasi yako baadaye.',
  keepWaiting: 'Endelea kusubiri',
  waitingForPin: (phone) => `Tunasubiri PIN yako ya M-Pesa kwenye ${phone}…`,
  waitingForPinHint:
    'Weka PIN yako ya M-Pesa kwenye simu hiyo. Ukurasa huu utajisasisha M-Pesa ikithibitisha.',
  waitingForPayment: 'Malipo yanasubiri kukamilishwa…',
  phoneDidNotAnswer: (phone) =>
    `Simu ${phone} haijajibu. Huenda imezimwa, haina mtandao, au haina M-Pesa. Angalia tena, au jaribu njia nyingine.`,
  noAnswerYet: 'Bado hakuna jibu kutoka M-Pesa. Angalia tena, au jaribu njia nyingine.',
  checkAgain: 'Angalia tena',
  tryAnotherWay: 'Jaribu njia nyingine',
  alreadyPendingOn: (phone) =>
    `Malipo tayari yanasubiri PIN kwenye ${phone}, kwa hiyo hakuna ombi lililotumwa kwa nambari nyingine. Weka PIN kwenye ${phone}, au angalia tena baada ya dakika moja.`,
  checkingCard: 'Tunaangalia hali ya malipo yako ya kadi…',
  continueCheckout: 'Endelea kulipa kwa kadi',
  /** `receiptToFollow`: M-Pesa confirmed the payment, but its receipt number has not come yet. */
  paid: (input) =>
    input.receiptToFollow
      ? `Umelipa ${input.amount}. M-Pesa imethibitisha malipo; nambari yake ya risiti itafuata.`
      : input.receipt
        ? input.method === 'mpesa'
          ? `Umelipa ${input.amount}. Risiti ya M-Pesa: ${input.receipt}.`
          : `Umelipa ${input.amount} kwa kadi. Nambari ya kumbukumbu: ${input.receipt}.`
        : `Umelipa ${input.amount}.`,
  tryAgain: 'Jaribu tena',
  done: 'Sawa',
  /** Why a payment did not go through, in words (PAYMENT_FAILURE_REASONS). */
  failureReasons: {
    cancelled_by_user: 'Malipo yameghairiwa kwenye simu.',
    wrong_pin: 'PIN ya M-Pesa uliyoweka si sahihi, kwa hivyo hakuna pesa iliyolipwa.',
    insufficient_funds: 'Salio la M-Pesa halitoshi.',
    phone_unreachable: 'Simu haikupatikana. Hakikisha imewashwa na ina mtandao, kisha ujaribu tena.',
    declined: 'Malipo ya kadi yamekataliwa.',
    abandoned: 'Malipo ya kadi hayakukamilika.',
    provider_error: 'Malipo hayakuweza kukamilika. Tafadhali jaribu tena.',
  },
} as const satisfies Translation<typeof en>;
