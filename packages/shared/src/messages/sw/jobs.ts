import type { Translation } from '../../i18n';
import type { jobsMessages as en } from '../jobs';

/** A lower-case status label ('imeshindikana') as it qualifies one job ('iliyoshindikana'). */
const ONE_STATUS: Record<string, string> = {
  imeshindikana: 'iliyoshindikana',
  inasubiri: 'inayosubiri',
  inaendelea: 'inayoendelea',
  imekamilika: 'iliyokamilika',
};

/** The same for several jobs ('zilizoshindikana'). */
const MANY_STATUS: Record<string, string> = {
  imeshindikana: 'zilizoshindikana',
  inasubiri: 'zinazosubiri',
  inaendelea: 'zinazoendelea',
  imekamilika: 'zilizokamilika',
};

export const jobsMessages = {
  title: 'Kazi za chinichini',
  intro:
    'Barua pepe na kazi nyingine ambazo seva hufanya chinichini. Kazi zilizoshindikana zimejaribiwa mara nyingi; ijaribu tena baada ya chanzo cha tatizo kurekebishwa.',
  notFound: 'Kazi haikupatikana.',
  notFailed: 'Ni kazi iliyoshindikana pekee inayoweza kujaribiwa tena.',
  retried: 'Kazi itaendeshwa tena hivi karibuni.',
  retry: 'Jaribu tena',
  retrying: 'Inajaribu tena...',
  retryFailed: 'Imeshindikana kujaribu kazi tena.',
  loading: 'Inapakia kazi…',
  loadFailed: 'Imeshindikana kupakia kazi.',
  noneFailed: 'Hakuna kazi iliyoshindikana. Kila kitu ambacho seva ilipaswa kufanya chinichini kimefanyika.',
  noneAtAll: 'Hakuna kazi.',
  noneWithStatus: (status) => `Hakuna kazi ${MANY_STATUS[status] ?? `zenye hali: ${status}`}.`,
  showFailed: 'Onyesha kazi zilizoshindikana',
  listLabel: 'Kazi',
  filterLabel: 'Onyesha',
  allStatuses: 'Kazi zote',
  statusLabels: {
    failed: 'Imeshindikana',
    pending: 'Inasubiri',
    running: 'Inaendelea',
    done: 'Imekamilika',
  },
  /** The count above the list: 'Kazi 3 zilizoshindikana, mabadiliko ya karibuni kwanza.' */
  count: (total, status) => {
    const qualifier = status
      ? ` ${(total === 1 ? ONE_STATUS[status] : MANY_STATUS[status]) ?? `(${status})`}`
      : '';
    return `Kazi ${total}${qualifier}, mabadiliko ya karibuni kwanza.`;
  },
  kind: 'Aina',
  tries: 'Majaribio',
  triesOf: (attempts, maxAttempts) =>
    maxAttempts === 1
      ? `Jaribio ${attempts} kati ya ${maxAttempts}`
      : `Majaribio ${attempts} kati ya ${maxAttempts}`,
  lastChange: 'Badiliko la mwisho',
  lastError: 'Hitilafu ya mwisho',
  summaryMail: (subject, to) => `${subject}, kwa ${to}`,
  summaryFor: (kind, email) => `${kind} ya ${email}`,
  summaryForPayment: (kind, paymentId) => `${kind} ya malipo ${paymentId}`,
} as const satisfies Translation<typeof en>;
