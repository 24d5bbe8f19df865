import { BOOKING_HORIZON_YEARS } from '../../booking-dates';
import type { Translation } from '../../i18n';
import type { bookingsMessages as en } from '../bookings';

/** Booking statuses as they come from the server ('accepted'), in Kiswahili. */
const STATUS: Record<string, string> = {
  pending: 'inasubiri',
  accepted: 'imekubaliwa',
  rejected: 'imekataliwa',
  completed: 'imekamilika',
  cancelled: 'imeghairiwa',
};

/** A lower-case status label ('imekubaliwa') as it qualifies plural bookings ('zilizokubaliwa'). */
const PLURAL_STATUS: Record<string, string> = {
  inasubiri: 'zinazosubiri',
  imekubaliwa: 'zilizokubaliwa',
  imekataliwa: 'zilizokataliwa',
  imekamilika: 'zilizokamilika',
  imeghairiwa: 'zilizoghairiwa',
};

export const bookingsMessages = {
  created: 'Ombi la nafasi limetumwa! Mratibu atakujibu hivi karibuni.',
  onlyClients: 'Ni wateja au wasimamizi pekee wanaoweza kuweka nafasi ya vifurushi.',
  loginToBook: 'Tafadhali ingia kama mteja au msimamizi ili uweke nafasi ya vifurushi.',
  selectDate: 'Tafadhali chagua tarehe ya hafla yako.',
  pastDate: 'Tafadhali chagua leo au tarehe ya baadaye kwa hafla yako.',
  tooFar: `Tafadhali chagua tarehe ndani ya miaka ${BOOKING_HORIZON_YEARS} ijayo.`,
  wrongPlanner: 'Mratibu huyu hahusiani na kifurushi hiki.',
  alreadyOpen: 'Tayari una nafasi iliyo wazi kwa kifurushi hiki.',
  packageUnavailable: 'Kifurushi hiki hakitolewi tena, kwa hivyo huwezi kukiwekea nafasi.',
  limitReached:
    'Umefikia kikomo cha nafasi cha mpango wako. Tafadhali boresha mpango wako ili uweke nafasi za hafla zaidi.',
  limitTitle: 'Umefikia kikomo cha nafasi',
  viewPricing: 'Tazama mipango na bei',
  notFound: 'Nafasi haikupatikana.',
  statusChanged: (status) => `Nafasi ${STATUS[status] ?? status}.`,
  illegalTransition: (from, to) =>
    `Nafasi ambayo ${STATUS[from] ?? from} haiwezi kubadilishwa kuwa ${STATUS[to] ?? to}.`,
  completeBeforeEvent:
    'Nafasi hii inaweza kuwekwa kuwa imekamilika kuanzia siku ya hafla. Hadi hapo mteja bado anaweza kuighairi.',
  acceptAfterDay: 'Siku ya ombi hili imepita, kwa hiyo haliwezi kukubaliwa tena. Tuma bei ya siku nyingine.',
  loadFailed: 'Imeshindikana kupakia nafasi. Tafadhali onyesha upya ukurasa.',
  cancelFailed: 'Imeshindikana kughairi nafasi',
  updateFailed: 'Imeshindikana kubadilisha hali ya nafasi',
  bookFailed: 'Imeshindikana kuweka nafasi ya kifurushi',
  plannersOnlyList: 'Ni waratibu na wasimamizi pekee wanaoweza kusimamia nafasi.',
  bookNow: 'Weka nafasi sasa',
  booking: 'Inaweka nafasi...',
  formTitle: 'Weka nafasi ya kifurushi hiki',
  viewBookings: 'Tazama nafasi zangu',
  viewYourRequest: 'Tazama ombi lako',
  allowanceLeft: (max, plan, left) =>
    `Unaweza kutuma maombi ${max} ya nafasi kwa mwezi kwenye ${plan}; yamebaki ${left} mwezi huu.`,
  allowanceUsed: (max, plan) =>
    max === 1
      ? `Unaweza kutuma ombi 1 la nafasi kwa mwezi kwenye ${plan}; umeshalitumia.`
      : `Unaweza kutuma maombi ${max} ya nafasi kwa mwezi kwenye ${plan}; umeshayatumia yote.`,
  upgrade: 'Panda daraja',
  chatWithPlanner: 'Piga gumzo na mratibu',
  packageDeleted: 'Kifurushi kimefutwa',
  statusLabels: {
    pending: 'Inasubiri',
    accepted: 'Imekubaliwa',
    rejected: 'Imekataliwa',
    completed: 'Imekamilika',
    cancelled: 'Imeghairiwa',
  },
  /** The buttons that move a booking to each status ('pending' is never a move). */
  actionLabels: {
    pending: 'Inasubiri',
    accepted: 'Kubali',
    rejected: 'Kataa',
    completed: 'Kamilisha',
    cancelled: 'Ghairi',
  },
  allStatuses: 'Zote',
  noneYet: 'Bado huna nafasi yoyote.',
  noneWithStatus: (status) => `Hakuna nafasi ${PLURAL_STATUS[status] ?? `zenye hali: ${status}`}.`,
  noneWith: 'Bado hakuna nafasi na mtu huyu.',
  chatOpensWithBooking: 'Gumzo nao litafunguka nafasi ikishawekwa.',
  confirmTitle: (action) => `${action} nafasi hii?`,
  working: 'Tafadhali subiri...',
  confirmButton: (action) => `${action} nafasi`,
  keepBooking: 'Usibadilishe',
  completeTitle: 'Weka nafasi hii kuwa imekamilika?',
  completeButton: 'Ndiyo, imekamilika',
  completeNote: 'Ikishakamilika, mteja hawezi tena kughairi nafasi hii wala kurudishiwa pesa.',
  notYet: 'Bado',
  /** The confirmation of a move: the package's title (in bold) goes where `title` is. */
  confirmDetails: <T>(title: T, day: string, client: string) =>
    [title, ` tarehe ${day} kwa ${client}. Hatua hii haiwezi kubatilishwa.`] as const,
  eventDate: 'Tarehe ya hafla',
  messageToPlanner: 'Ujumbe kwa mratibu (si lazima)',
  price: 'Bei',
  client: 'Mteja',
  planner: 'Mratibu',
  requestedOn: 'Tarehe ya ombi',
  location: 'Mahali',
  message: 'Ujumbe',
  readyToBook: 'Uko tayari kuweka nafasi?',
  /** The open booking in the package's booking box: the day (in bold) goes where `day` is. */
  yourBookingFor: <T>(day: T) => ['Nafasi yako ya ', day, ' '] as const,
  chooseDate: 'Chagua tarehe ya hafla yako kisha umtumie mratibu ombi.',
  /** Above the booking form: the package's title (in bold) goes where `title` is. */
  packageWith: <T>(title: T, planner: string) => [title, ` kutoka kwa ${planner}`] as const,
  loading: 'Inapakia nafasi…',
  browseTheirPackages: 'Tazama vifurushi vyake',
  browsePackages: 'Tazama vifurushi',
  showAll: 'Onyesha nafasi zote',
  showWithEveryone: 'Onyesha nafasi na kila mtu',
  statusFilter: 'Hali',
  clientEmptyHint:
    'Ukiweka nafasi ya kifurushi, itaonekana hapa pamoja na hali yake na gumzo na mratibu wako.',
  plannerEmptyHint:
    'Mteja akiweka nafasi ya kifurushi chako, ombi litaonekana hapa ili ulikubali au ulikatae.',
  clientIntro: 'Hafla ulizowekea nafasi, hali zake na gumzo zako na waratibu.',
  plannerIntro: 'Maombi ya nafasi kwa vifurushi vyako: kubali, kataa, kamilisha na piga gumzo na wateja.',
  withIntro: (name) => `Nafasi zako na ${name}, na gumzo zenu kuzihusu.`,
  thisPerson: 'mtu huyu',
} as const satisfies Translation<typeof en>;
