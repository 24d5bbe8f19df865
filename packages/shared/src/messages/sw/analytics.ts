import type { Translation } from '../../i18n';
import type { analyticsMessages as en } from '../analytics';

export const analyticsMessages = {
  loadFailed: 'Imeshindikana kupakia takwimu',
  upgrade:
    'Takwimu zinapatikana kwenye mipango ya Pro na Biashara. Tafadhali boresha mpango wako ili uone takwimu zako.',
  forbidden: 'Ni waratibu na wasimamizi pekee walio na takwimu.',
  upgradeTitle: 'Takwimu zinahitaji mpango wa juu zaidi',
  intro: 'Nafasi, mapato na maoni kwa mtazamo mmoja.',
  marketplaceIntro: 'Soko lote kwa mtazamo mmoja.',
  plannerIntro: 'Nafasi, mapato na maoni ya vifurushi vyako kwa mtazamo mmoja.',
  loading: 'Inapakia takwimu…',
  figures: 'Takwimu',
  totalBookings: 'Nafasi zote',
  completedBookings: 'Nafasi zilizokamilika',
  totalRevenue: 'Jumla ya mapato',
  totalRevenueMeans:
    'Bei za nafasi zilizokamilika. Pesa zilizolipwa kweli ziko chini ya Malipo yaliyopokelewa.',
  revenueMeans: 'Bei za nafasi zilizokamilika, kwa mwezi wa hafla.',
  packages: 'Vifurushi',
  reviews: 'Maoni',
  users: 'Watumiaji',
  clients: 'Wateja',
  planners: 'Waratibu',
  admins: 'Wasimamizi',
  showTheNumbers: 'Onyesha nambari',
  byStatusTitle: 'Nafasi kwa hali',
  /** What the status chart shows, read out in place of it: its rows are `statusRow`s. */
  byStatusSummary: (rows) => `Nafasi kwa hali. ${rows.join(', ')}.`,
  statusRow: (label, count) => `${label}: ${count}`,
  status: 'Hali',
  bookings: 'Nafasi',
  revenueTitle: 'Mapato kwa mwezi',
  /** What the revenue chart shows, read out in place of it (amounts and months already written out). */
  revenueSummary: (from: string, to: string, total: string, busiest?: { month: string; revenue: string }) =>
    `Mapato kwa mwezi kuanzia ${from} hadi ${to}: jumla ${total}` +
    (busiest ? `, mwezi wenye mapato mengi zaidi ukiwa ${busiest.month} kwa ${busiest.revenue}.` : '.'),
  noRevenue: 'Bado hakuna mapato.',
  highest: (amount) => `Ya juu zaidi: ${amount}`,
  noRevenueShort: 'Bado hakuna mapato',
  month: 'Mwezi',
  revenue: 'Mapato',
} as const satisfies Translation<typeof en>;
