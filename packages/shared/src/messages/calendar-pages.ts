// User-facing texts of the web app's calendar: the booking form's date picker, the dashboard's
// Calendar page, its feeds and the bookings page's Upcoming (docs/bookings-and-calendar.md#calendar-availability-and-reminders).

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

export const calendarPagesMessages = {
  // The booking form's date picker.
  pickerOpen: 'Show available days',
  pickerClose: 'Hide available days',
  pickerLabel: (month: string) => `Available days, ${month}`,
  pickerHelp:
    'Arrow keys move by day and week, Page Up and Page Down by month, Home and End to the week’s ends. Enter or Space picks the day, Escape closes.',
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  loadingDays: 'Checking which days are free…',
  availabilityFailed:
    'Could not load which days are free. You can still type a date; the planner’s calendar is checked when you book.',
  /** Why a day cannot be picked. */
  reasons: {
    unavailable: 'The planner is not available on this day.',
    past: 'This day has passed.',
    tooFar: 'This day is too far ahead to book.',
  },
  dayLabel: (day: string, reason?: string) =>
    reason ? `${day}, cannot be picked: ${reason}` : `${day}, available`,
  dayChosen: (day: string) => `${day} chosen.`,
  selectedDayUnavailable: (reason: string) => `The date you typed cannot be booked: ${reason}`,
  legendAvailable: 'Available',
  legendUnavailable: 'Not available (struck through)',
  legendChosen: 'Chosen',

  // The Calendar page.
  title: 'Calendar',
  intro: 'Your bookings month by month. Open a day to see its bookings.',
  introPlanner:
    'Your bookings month by month. Block the days you do not work, and subscribe from your phone.',
  monthHeading: (month: string) => month,
  showPrevious: (month: string) => `Previous month, ${month}`,
  showNext: (month: string) => `Next month, ${month}`,
  thisMonth: 'This month',
  monthNav: 'Months',
  loading: 'Loading your calendar…',
  loadFailed: 'Failed to load your calendar.',
  today: 'Today',
  todaySuffix: '(today)',
  blocked: 'Blocked',
  blockedSuffix: '(blocked)',
  noBookingsThisMonth: 'No bookings this month.',
  agendaLabel: (month: string) => `Bookings in ${month}`,
  gridCaption: (month: string) => `${month}: bookings by day`,
  legendTitle: 'Status colours',
  bookingOn: (title: string, status: string) => `${title}, ${status.toLowerCase()}`,
  openBooking: (title: string, status: string, day: string) =>
    `${title}, ${status.toLowerCase()}, ${day}: open the booking`,
  bookingsCount: (count: number) => plural(count, 'booking'),

  // Blocking days (planners).
  selectedDay: (day: string) => `Selected: ${day}`,
  dayPanelTitle: (day: string) => day,
  blockDay: 'Block this day',
  unblockDay: 'Unblock this day',
  dayPanelLabel: 'Day',
  noteIs: (note: string) => `Your note: ${note}`,
  blockNote: 'Note (only you see it)',
  blockNoteHint: 'For example: family wedding.',
  blocking: 'Blocking…',
  unblocking: 'Unblocking…',
  blockFailed: 'Could not block the day.',
  unblockFailed: 'Could not unblock the day.',
  dayIsBlocked: 'You blocked this day: no new requests can be made for it.',
  dayInPast: 'This day has passed.',
  closeDay: 'Close',
  /** A day of the month grid, as a screen reader names it: the day, then what is on it. */
  dayCell: (day: string, details: readonly string[]) =>
    details.length > 0 ? `${day}: ${details.join(', ')}` : day,
  blockedWord: 'blocked',
  todayWord: 'today',
  inRangeWord: 'in the chosen days',
  noBookingsOnDay: 'No bookings on this day.',
  dayBookingsTitle: 'Bookings',

  // Blocking several days at once (planners).
  rangeStart: 'Block several days',
  rangeTitle: 'Block or unblock several days',
  rangeHelp:
    'Tap the first day on the calendar, then the last day, or type them below. Then block or unblock every day between them.',
  rangeFrom: 'First day',
  rangeTo: 'Last day',
  rangePickLast: (day: string) => `First day: ${day}. Now tap the last day.`,
  rangeChosen: (from: string, to: string, count: number) =>
    count === 1 ? `Chosen: ${from}.` : `Chosen: ${from} to ${to}, ${count} days.`,
  rangeBlock: 'Block these days',
  rangeUnblock: 'Unblock these days',
  rangeCancel: 'Done',
  rangeMissing: 'Choose the first and the last day.',
  rangeFailed: 'Could not change those days.',
  eventsPerDayTitle: 'Events per day',
  eventsPerDayText: (count: number) =>
    `You take up to ${plural(count, 'event')} a day. When a day is full, it shows as not available.`,
  save: 'Save',
  eventsPerDayFailed: 'Could not save how many events a day you take.',

  // Feeds.
  feedTitle: 'Subscribe from your calendar app',
  feedIntro:
    'Your bookings appear in Google Calendar, Apple Calendar or Outlook and stay up to date. Keep this address private: anyone who has it can see your bookings.',
  feedLoading: 'Loading your calendar address…',
  feedFailed: 'Could not load your calendar address.',
  feedAddressLabel: 'Your calendar address',
  addToGoogle: 'Add to Google Calendar',
  subscribeApple: 'Subscribe (Apple/Outlook)',
  copyLink: 'Copy link',
  copied: 'Link copied.',
  copyFailed: 'Copying is not possible here: the address is selected below, copy it yourself.',
  replaceLink: 'Replace link',
  replaceTitle: 'Replace your calendar link?',
  replaceText:
    'A new address is made and the old one stops working at once: calendars subscribed with it stop updating. Subscribe again with the new address.',
  replaceConfirm: 'Replace link',
  replacing: 'Replacing…',
  replaceFailed: 'Could not replace the link.',
  opensInNewTab: '(opens in a new tab)',

  // The bookings page, opened from the calendar on one day.
  bookingsOnDay: (day: string) => `Bookings on ${day}.`,
  showAllDays: 'Show all days',

  // One booking.
  downloadIcs: 'Add to calendar (.ics)',
  downloadIcsLabel: (title: string) => `Add ${title} to your calendar (.ics file)`,

  // Upcoming, on the bookings page.
  upcomingTitle: 'Upcoming',
  nextEvents: 'Next events',
  noUpcoming: 'Nothing coming up.',
  whatIsDue: 'What is due',
  nothingDue: 'Nothing to pay right now.',
  inDays: (days: number) => (days === 0 ? 'today' : days === 1 ? 'tomorrow' : `in ${days} days`),
  eventLine: (title: string, other: string | undefined) => (other ? `${title} with ${other}` : title),
  depositDue: (amount: string) => `Deposit of ${amount} due now`,
  /** In place of what is due while a payment of it waits (a PIN prompt unanswered yet). */
  paymentWaiting: (amount: string) => `Payment of ${amount} waiting to be completed`,
  depositAwaited: (amount: string) => `Deposit of ${amount} awaited from the client`,
  balanceDue: (amount: string, day: string, when: string) => `Balance of ${amount} due by ${day} (${when})`,
  balanceOverdue: (amount: string, day: string) => `Balance of ${amount} was due on ${day}`,
  balanceAwaited: (amount: string, day: string, when: string) =>
    `Balance of ${amount} awaited by ${day} (${when})`,
  /** Under What is due, when more bookings have money due than it lists. */
  moreDue: (count: number) => `${plural(count, 'more booking')} with money due.`,
  seeAcceptedBookings: 'See all accepted bookings',
  viewCalendar: 'View calendar',
} as const;
