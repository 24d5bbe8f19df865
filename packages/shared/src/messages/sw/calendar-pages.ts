import type { Translation } from '../../i18n';
import type { calendarPagesMessages as en } from '../calendar-pages';

export const calendarPagesMessages = {
  // The booking form's date picker.
  pickerOpen: 'Onyesha siku zinazopatikana',
  pickerClose: 'Ficha siku zinazopatikana',
  pickerLabel: (month) => `Siku zinazopatikana, ${month}`,
  pickerHelp:
    'Vitufe vya mishale vinasogeza kwa siku na kwa wiki, Page Up na Page Down kwa mwezi, Home na End hadi mwanzo na mwisho wa wiki. Enter au Space huchagua siku, Escape hufunga.',
  previousMonth: 'Mwezi uliopita',
  nextMonth: 'Mwezi ujao',
  loadingDays: 'Tunaangalia siku zilizo wazi…',
  availabilityFailed:
    'Imeshindikana kupakia siku zilizo wazi. Bado unaweza kuandika tarehe; kalenda ya mratibu itaangaliwa unapoweka nafasi.',
  /** Why a day cannot be picked. */
  reasons: {
    unavailable: 'Mratibu hapatikani siku hii.',
    past: 'Siku hii imeshapita.',
    tooFar: 'Siku hii iko mbali mno kuweka nafasi.',
  },
  dayLabel: (day, reason) => (reason ? `${day}, haiwezi kuchaguliwa: ${reason}` : `${day}, inapatikana`),
  dayChosen: (day) => `Umechagua ${day}.`,
  selectedDayUnavailable: (reason) => `Tarehe uliyoandika haiwezi kuwekewa nafasi: ${reason}`,
  legendAvailable: 'Inapatikana',
  legendUnavailable: 'Haipatikani (imekatwa mstari)',
  legendChosen: 'Imechaguliwa',

  // The Calendar page.
  title: 'Kalenda',
  intro: 'Nafasi zako mwezi kwa mwezi. Fungua siku uone nafasi zake.',
  introPlanner:
    'Nafasi zako mwezi kwa mwezi. Funga siku ambazo hufanyi kazi, na ujiunge na kalenda kutoka kwenye simu yako.',
  monthHeading: (month) => month,
  showPrevious: (month) => `Mwezi uliopita, ${month}`,
  showNext: (month) => `Mwezi ujao, ${month}`,
  thisMonth: 'Mwezi huu',
  monthNav: 'Miezi',
  loading: 'Inapakia kalenda yako…',
  loadFailed: 'Imeshindikana kupakia kalenda yako.',
  today: 'Leo',
  todaySuffix: '(leo)',
  blocked: 'Imefungwa',
  blockedSuffix: '(imefungwa)',
  noBookingsThisMonth: 'Hakuna nafasi mwezi huu.',
  agendaLabel: (month) => `Nafasi za ${month}`,
  gridCaption: (month) => `${month}: nafasi kwa siku`,
  legendTitle: 'Rangi za hali',
  bookingOn: (title, status) => `${title}, ${status.toLowerCase()}`,
  openBooking: (title, status, day) => `${title}, ${status.toLowerCase()}, ${day}: fungua nafasi`,
  bookingsCount: (count) => `nafasi ${count}`,

  // Blocking days (planners).
  selectedDay: (day) => `Umechagua: ${day}`,
  dayPanelTitle: (day) => day,
  blockDay: 'Funga siku hii',
  unblockDay: 'Fungua siku hii',
  dayPanelLabel: 'Siku',
  noteIs: (note) => `Dokezo lako: ${note}`,
  blockNote: 'Dokezo (unaliona wewe tu)',
  blockNoteHint: 'Kwa mfano: harusi ya familia.',
  blocking: 'Inafunga…',
  unblocking: 'Inafungua…',
  blockFailed: 'Imeshindikana kufunga siku.',
  unblockFailed: 'Imeshindikana kufungua siku.',
  dayIsBlocked: 'Umefunga siku hii: hakuna ombi jipya linaloweza kutumwa kwa siku hii.',
  dayInPast: 'Siku hii imeshapita.',
  closeDay: 'Funga',
  /** A day of the month grid, as a screen reader names it: the day, then what is on it. */
  dayCell: (day, details) => (details.length > 0 ? `${day}: ${details.join(', ')}` : day),
  blockedWord: 'imefungwa',
  todayWord: 'leo',
  inRangeWord: 'kati ya siku ulizochagua',
  noBookingsOnDay: 'Hakuna nafasi siku hii.',
  dayBookingsTitle: 'Nafasi',

  // Blocking several days at once (planners).
  rangeStart: 'Funga siku kadhaa',
  rangeTitle: 'Funga au fungua siku kadhaa',
  rangeHelp:
    'Gusa siku ya kwanza kwenye kalenda, kisha siku ya mwisho, au ziandike hapa chini. Kisha funga au fungua kila siku kati yake.',
  rangeFrom: 'Siku ya kwanza',
  rangeTo: 'Siku ya mwisho',
  rangePickLast: (day) => `Siku ya kwanza: ${day}. Sasa gusa siku ya mwisho.`,
  rangeChosen: (from, to, count) =>
    count === 1 ? `Umechagua: ${from}.` : `Umechagua: ${from} hadi ${to}, siku ${count}.`,
  rangeBlock: 'Funga siku hizi',
  rangeUnblock: 'Fungua siku hizi',
  rangeCancel: 'Maliza',
  rangeMissing: 'Chagua siku ya kwanza na ya mwisho.',
  rangeFailed: 'Imeshindikana kubadilisha siku hizo.',
  eventsPerDayTitle: 'Hafla kwa siku',
  eventsPerDayText: (count) =>
    `Unapokea hadi hafla ${count} kwa siku. Siku ikijaa, itaonyeshwa kuwa haipatikani.`,
  save: 'Hifadhi',
  eventsPerDayFailed: 'Imeshindikana kuhifadhi idadi ya hafla unazopokea kwa siku.',

  // Feeds.
  feedTitle: 'Jiunge kutoka kwenye programu yako ya kalenda',
  feedIntro:
    'Nafasi zako zitaonekana kwenye Google Calendar, Apple Calendar au Outlook na zitasasishwa kila wakati. Usimpe mtu anwani hii: yeyote aliye nayo anaweza kuona nafasi zako.',
  feedLoading: 'Inapakia anwani ya kalenda yako…',
  feedFailed: 'Imeshindikana kupakia anwani ya kalenda yako.',
  feedAddressLabel: 'Anwani ya kalenda yako',
  addToGoogle: 'Ongeza kwenye Google Calendar',
  subscribeApple: 'Jiunge (Apple/Outlook)',
  copyLink: 'Nakili kiungo',
  copied: 'Kiungo kimenakiliwa.',
  copyFailed: 'Haiwezekani kunakili hapa: anwani imechaguliwa hapa chini, inakili mwenyewe.',
  replaceLink: 'Badilisha kiungo',
  replaceTitle: 'Ubadilishe kiungo cha kalenda yako?',
  replaceText:
    'Anwani mpya itatengenezwa na ya zamani itaacha kufanya kazi mara moja: kalenda zilizojiunga nayo zitaacha kusasishwa. Jiunge tena kwa anwani mpya.',
  replaceConfirm: 'Badilisha kiungo',
  replacing: 'Inabadilisha…',
  replaceFailed: 'Imeshindikana kubadilisha kiungo.',
  opensInNewTab: '(inafunguka kwenye kichupo kipya)',

  // The bookings page, opened from the calendar on one day.
  bookingsOnDay: (day) => `Nafasi za ${day}.`,
  showAllDays: 'Onyesha siku zote',

  // One booking.
  downloadIcs: 'Ongeza kwenye kalenda (.ics)',
  downloadIcsLabel: (title) => `Ongeza ${title} kwenye kalenda yako (faili ya .ics)`,

  // Upcoming, on the bookings page.
  upcomingTitle: 'Zinazokuja',
  nextEvents: 'Hafla zijazo',
  noUpcoming: 'Hakuna kinachokuja.',
  whatIsDue: 'Malipo yanayodaiwa',
  nothingDue: 'Hakuna cha kulipa kwa sasa.',
  inDays: (days) => (days === 0 ? 'leo' : days === 1 ? 'kesho' : `baada ya siku ${days}`),
  eventLine: (title, other) => (other ? `${title} na ${other}` : title),
  depositDue: (amount) => `Malipo ya awali ya ${amount} yanadaiwa sasa`,
  paymentWaiting: (amount) => `Malipo ya ${amount} yanasubiri kukamilishwa`,
  depositAwaited: (amount) => `Unasubiri malipo ya awali ya ${amount} kutoka kwa mteja`,
  balanceDue: (amount, day, when) => `Salio la ${amount} linapaswa kulipwa kufikia ${day} (${when})`,
  balanceOverdue: (amount, day) => `Salio la ${amount} lilipaswa kulipwa ${day}`,
  balanceAwaited: (amount, day, when) => `Unasubiri salio la ${amount} kufikia ${day} (${when})`,
  /** Under What is due, when more bookings have money due than it lists. */
  moreDue: (count) =>
    count === 1
      ? 'Nafasi nyingine 1 yenye malipo yanayodaiwa.'
      : `Nafasi nyingine ${count} zenye malipo yanayodaiwa.`,
  seeAcceptedBookings: 'Angalia nafasi zote zilizokubaliwa',
  viewCalendar: 'Angalia kalenda',
} as const satisfies Translation<typeof en>;
