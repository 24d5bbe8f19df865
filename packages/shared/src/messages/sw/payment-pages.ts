import type { Translation } from '../../i18n';
import type { paymentPagesMessages as en } from '../payment-pages';
import { plansMessages } from './plans';

export const paymentPagesMessages = {
  title: 'Malipo',
  introPlanner: 'Walicholipa wateja kwa nafasi zako, ada ya jukwaa na kinachobaki kwako.',
  introAdmin:
    'Malipo yote yaliyofanywa kwenye Sherehe. Chuja kwa hali, njia ya malipo na tarehe, na umuulize mtoa huduma kuhusu malipo ambayo bado yanasubiri.',

  summaryLabel: 'Jumla',
  summaryLabelFiltered: 'Jumla kwa vichujio hivi',
  received: 'Yaliyopokelewa',
  fees: 'Ada za jukwaa',
  net: 'Kiasi halisi',
  /** Under Received: how many successful payments the totals add up ('malipo' is the same for 1 and more). */
  receivedFrom: (count) => `Kutokana na malipo ${count}`,
  receivedMeans: 'Malipo yaliyofaulu, kabla ya marejesho yoyote.',
  receivedSplit: (bookings, plans) => `Nafasi ${bookings}, mipango ${plans}`,
  refunded: 'Yaliyorejeshwa',
  refundedMeans: 'Yaliyorudishwa kwa wateja kupitia marejesho yaliyokamilika.',
  feesMeans:
    'Sehemu ya jukwaa katika malipo ya nafasi, bila yale yaliyorudishwa pamoja na marejesho. Mipango haina ada.',
  netMeans: 'Wanachobaki nacho waratibu: malipo ya nafasi bila marejesho na ada za jukwaa.',
  platformRevenue: 'Mapato ya jukwaa',
  platformRevenueMeans: 'Ada za jukwaa pamoja na malipo ya mipango.',
  planTitle: (plan) => (plan ? `Mpango wa ${plansMessages.planName(plan)}` : 'Mpango'),

  listLabel: 'Malipo',
  loading: 'Inapakia malipo…',
  loadFailed: 'Imeshindikana kupakia malipo.',
  count: (total) => `Malipo ${total}, ya karibuni kwanza.`,
  noneYet: 'Bado hakuna malipo.',
  noneYetHint: 'Mteja akilipa malipo ya awali au salio la nafasi yako yoyote, yataonekana hapa.',
  noneAtAll: 'Bado hakuna aliyelipa chochote.',
  noneMatch: 'Hakuna malipo yanayolingana na vichujio hivi.',
  noneMatchHint: 'Jaribu hali, njia ya malipo au tarehe nyingine.',
  clearFilters: 'Ondoa vichujio',

  columns: {
    date: 'Tarehe',
    client: 'Mteja',
    planner: 'Mratibu',
    clientAndPlanner: 'Mteja na mratibu',
    package: 'Kifurushi',
    plan: 'Mpango',
    packageAndPurpose: 'Kifurushi na aina ya malipo',
    amount: 'Kiasi',
    fee: 'Ada',
    net: 'Kiasi halisi',
    status: 'Hali',
    receipt: 'Risiti',
    statusAndReceipt: 'Hali na risiti',
  },
  /** Shown for a fee or net that does not apply (a payment that did not go through). */
  none: '—',
  noneSpoken: 'hakuna',
  /** A payment whose package or person was deleted since. */
  deletedPackage: 'Kifurushi kilichofutwa',
  deletedUser: 'Mtumiaji aliyefutwa',
  /** One payment's card on a phone, named for screen readers: 'Ksh 3,000 kutoka kwa Wanjiru'. */
  cardLabel: (amount, client) => `${amount} kutoka kwa ${client}`,
  purposeBy: (purpose, method) => `${purpose} kwa ${method}`,
  /** The planner under the client, in an admin's table: 'kwa Amani Events'. */
  toPlanner: (planner) => `kwa ${planner}`,

  receiptLink: 'Risiti',
  /** Read after "Risiti" by screen readers, so every row's link says whose it is. */
  receiptLinkFor: (receipt) => ` nambari ${receipt}`,
  /** In the receipt column: M-Pesa confirmed the payment, its receipt number has not come yet. */
  receiptToFollow: 'Nambari ya risiti ya M-Pesa itafuata',

  filtersLabel: 'Chuja malipo',
  status: 'Hali',
  allStatuses: 'Hali zote',
  method: 'Njia ya malipo',
  allMethods: 'Njia zote',
  from: 'Kuanzia',
  to: 'Hadi',

  check: 'Angalia hali',
  checking: 'Inaangalia...',
  /** Read after "Angalia hali" by screen readers: which payment the button asks about. */
  checkFor: (amount, client) => ` ya malipo ya ${amount} kutoka kwa ${client}`,
  checkFailed: 'Imeshindikana kuangalia malipo.',
  checkedPaid: (amount, receipt) =>
    receipt ? `Imelipwa: ${amount} imepokelewa, risiti ${receipt}.` : `Imelipwa: ${amount} imepokelewa.`,
  checkedPaidReceiptToFollow: (amount) =>
    `Imelipwa: ${amount} imepokelewa. Nambari ya risiti ya M-Pesa itafuata.`,
  checkedNotPaid: (amount, reason) => `Haijalipwa (${amount}). ${reason}`,
  checkedStillPending: (amount) =>
    `Bado inasubiri: mtoa huduma hajajibu kuhusu malipo ya ${amount}. Yataangaliwa tena yenyewe.`,
} as const satisfies Translation<typeof en>;
