import type { Translation } from '../../i18n';
import type { receiptsMessages as en } from '../receipts';

export const receiptsMessages = {
  brand: 'Sherehe',
  title: 'Risiti',
  /** The page's <title>. */
  pageTitle: (number) => `Risiti ${number} · Sherehe`,
  notFound: 'Risiti haikupatikana.',
  /** Under the amount: what the money was for. */
  paidFor: (purpose, title) => `${purpose} kwa ${title}`,
  /** When it was paid: 'Jumatatu, 14 Desemba 2026 saa 14:05 (saa za Nairobi)'. */
  paidAt: (day, time) => `${day} saa ${time} (saa za Nairobi)`,
  labels: {
    number: 'Nambari ya risiti',
    paidAt: 'Tarehe ya malipo',
    amount: 'Kiasi',
    method: 'Njia ya malipo',
    purpose: 'Kwa ajili ya',
    packageTitle: 'Kifurushi',
    plan: 'Mpango',
    planUntil: 'Umelipiwa hadi',
    eventDate: 'Tarehe ya hafla',
    client: 'Mteja',
    planner: 'Mratibu',
    paymentId: 'Kitambulisho cha malipo',
    leftAfter: 'Kilichobaki kulipa baada ya haya',
  },
  /** The receipt number's line while M-Pesa's number has not come (the payment is confirmed). */
  numberToFollow:
    'Itafuata: M-Pesa imethibitisha malipo na itatuma nambari yake ya risiti baadaye; risiti ya kuchapisha itaionyesha ikifika.',
  printHint: 'Chapisha ukurasa huu ili uuhifadhi.',
  footer: 'Sherehe: kupanga hafla nchini Kenya.',
  backToBookings: 'Rudi kwenye nafasi zako',
  mailSubject: (title) => `Malipo yamepokelewa: ${title}`,
  mailGreeting: (name) => `Habari ${name},`,
  mailIntro: (amount, title) => `Tumepokea ${amount} kwa "${title}". Asante! Risiti yako iko hapa chini.`,
  mailAction: 'Fungua risiti ya kuchapisha',
} as const satisfies Translation<typeof en>;
