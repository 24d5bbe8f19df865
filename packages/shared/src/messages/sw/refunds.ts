import type { Translation } from '../../i18n';
import type { refundsMessages as en } from '../refunds';

export const refundsMessages = {
  /** The rule that decided a refund, as both parties read it. */
  rules: {
    cancelled_by_planner: 'Imeghairiwa na mratibu au msimamizi: pesa zote zilizolipwa zinarejeshwa.',
    client_30_days_or_more:
      'Imeghairiwa na mteja siku 30 au zaidi kabla ya hafla: pesa zote zilizolipwa zinarejeshwa.',
    client_7_to_29_days: 'Imeghairiwa na mteja siku 7 hadi 29 kabla ya hafla: malipo ya awali hayarejeshwi.',
    client_under_7_days: 'Imeghairiwa na mteja chini ya siku 7 kabla ya hafla: hakuna pesa zinazorejeshwa.',
    paid_after_cancellation: 'Imelipwa baada ya nafasi kughairiwa: pesa zote zinarejeshwa.',
    paid_late:
      'Imelipwa baada ya muda wa malipo kwisha, wakati hakuna kilichokuwa kinadaiwa: pesa zote zinarejeshwa.',
    client_flexible_7_days_or_more:
      'Imeghairiwa na mteja siku 7 au zaidi kabla ya hafla (sera nyepesi): pesa zote zilizolipwa zinarejeshwa.',
    client_flexible_under_7_days:
      'Imeghairiwa na mteja chini ya siku 7 kabla ya hafla (sera nyepesi): malipo ya awali hayarejeshwi.',
    client_strict_90_days_or_more:
      'Imeghairiwa na mteja siku 90 au zaidi kabla ya hafla (sera kali): pesa zote zilizolipwa zinarejeshwa.',
    client_strict_30_to_89_days:
      'Imeghairiwa na mteja siku 30 hadi 89 kabla ya hafla (sera kali): malipo ya awali hayarejeshwi.',
    client_strict_under_30_days:
      'Imeghairiwa na mteja chini ya siku 30 kabla ya hafla (sera kali): hakuna pesa zinazorejeshwa.',
  },
  statuses: {
    pending: 'Marejesho yanashughulikiwa',
    succeeded: 'Pesa zimerejeshwa',
    failed: 'Marejesho yameshindikana',
  },
  // The booking page: its refunds, and what a cancellation would give back before it is confirmed.
  refundsTitle: 'Marejesho',
  refundLine: (amount, status) => `${amount} · ${status}`,
  previewLoading: 'Tunakokotoa marejesho…',
  previewFailed:
    'Hatukuweza kukokotoa marejesho. Ukighairi, bado utarejeshewa pesa kulingana na sera ya kughairi.',
  previewRefund: (amount) => `Ukighairi sasa, utarejeshewa ${amount}.`,
  previewNothing: 'Ukighairi sasa, hutarejeshewa pesa yoyote.',
  previewKept: (amount) => `Mratibu atabaki na ${amount}.`,
  previewKeptDeposit: (amount) => `Mratibu atabaki na ${amount} (malipo ya awali).`,
  bookingNotFound: 'Nafasi haikupatikana.',
  onlyParties: 'Ni wahusika wa nafasi hii pekee wanaoweza kuona marejesho yake.',
  mailSubject: (title) => `Umerejeshewa pesa: ${title}`,
  mailGreeting: (name) => `Habari ${name},`,
  mailIntro: (amount, title) => `Umerejeshewa ${amount} kwa ${title}, kupitia njia uliyotumia kulipa.`,
  mailRule: 'Sababu',
  mailAmount: 'Kiasi kilichorejeshwa',
  mailAction: 'Tazama nafasi',
  payoutTooLarge: (payable) =>
    `Kiasi hiki ni zaidi ya anachostahili kulipwa mratibu huyu kwa sasa (${payable}).`,
  payoutReferenceUsed: 'Malipo kwa mratibu yenye msimbo huu wa M-Pesa tayari yamerekodiwa.',
  plannerNotFound: 'Mratibu hakupatikana.',
  referenceInvalid: 'Weka msimbo wa muamala wa M-Pesa wa malipo haya, kama QFT4XYZ123.',
  // The planner's Earnings page and the admins' Payouts page.
  earningsTitle: 'Mapato',
  earningsIntro:
    'Kila malipo, ada, marejesho na malipo uliyotumiwa kwa nafasi zako yameorodheshwa hapa chini. Mapato huwa tayari kulipwa siku moja baada ya hafla.',
  balance: 'Salio',
  pending: 'Yanasubiri',
  payable: 'Tayari kulipwa',
  ledgerTitle: 'Daftari la hesabu',
  noEntries: 'Bado hujapata mapato.',
  loadFailed: 'Hatukuweza kupakia takwimu.',
  loading: 'Inapakia…',
  entryKinds: {
    payment: 'Malipo yaliyopokelewa',
    fee: 'Ada ya jukwaa',
    refund: 'Marejesho kwa mteja',
    fee_refund: 'Ada ya jukwaa iliyorejeshwa',
    payout: 'Malipo kwako',
  },
  payoutsTitle: 'Malipo kwa waratibu',
  payoutsIntro: 'Kiasi anachodai kila mratibu, na malipo aliyotumiwa kwa M-Pesa.',
  owedTitle: 'Wanachodai waratibu',
  noPlanners: 'Bado hakuna mratibu mwenye mapato.',
  historyTitle: 'Historia ya malipo kwa waratibu',
  noPayouts: 'Bado hakuna malipo kwa waratibu.',
  plannerColumn: 'Mratibu',
  amountColumn: 'Kiasi',
  referenceColumn: 'Msimbo wa M-Pesa',
  dateColumn: 'Tarehe',
  recordTitle: 'Rekodi malipo kwa mratibu',
  plannerLabel: 'Mratibu',
  amountLabel: 'Kiasi (Ksh)',
  referenceLabel: 'Msimbo wa M-Pesa',
  recordButton: 'Rekodi malipo',
  recording: 'Inarekodi…',
  recorded: (amount, name) => `Malipo ya ${amount} kwa ${name} yamerekodiwa.`,
  recordFailed: 'Hatukuweza kurekodi malipo.',
  amountInvalid: 'Weka kiasi kwa shilingi, kama 5000 au 5,000.50.',
  // Analytics: the money through the ledger.
  figures: {
    paymentsReceived: 'Malipo yaliyopokelewa',
    refunds: 'Marejesho',
    fees: 'Ada za jukwaa',
    payouts: 'Malipo kwa waratibu',
    plannersShare: 'Wanachobaki nacho waratibu',
    owedToPlanners: 'Wanachodai waratibu',
  },
  payoutsMeans: 'Yaliyolipwa kwa waratibu kwa M-Pesa.',
  owedMeans: 'Wanachobaki nacho waratibu bila yale waliyokwisha kulipwa: jumla ya salio zao.',
  balanceMeans:
    'Salio: walicholipa wateja kwa nafasi zako, bila ada za jukwaa, marejesho na malipo uliyokwisha kutumiwa.',
  plannerBalanceMeans:
    'Salio la kila mratibu: walicholipa wateja kwa nafasi zao, bila ada za jukwaa, marejesho na malipo waliyotumiwa.',
} as const satisfies Translation<typeof en>;
