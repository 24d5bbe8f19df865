import type { BookingStatus } from '@sherehe/shared/booking-status';
import { BOOKING_STATUSES } from '@sherehe/shared/booking-status';
import { todayInNairobi } from '@sherehe/shared/dates';
import { bookingsMessages } from '@sherehe/shared/messages';
import { calendarPagesMessages as m } from '@sherehe/shared/messages/calendar-pages';
import type { Booking } from '@sherehe/shared/schemas/bookings';
import { type ReactNode, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { buttonClassName } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { cx } from '@/lib/class-names';
import { useSession } from '@/lib/session';
import { useBlocks } from '../api/blocks';
import { calendarPageHref } from '../api/calendar-paths';
import { calendarSideOf, useBookingsInRange } from '../api/get-month-bookings';
import { DayPanel, EventsPerDay } from '../components/day-panel';
import { FeedPanel } from '../components/feed-panel';
import {
  firstDayOf,
  formatLongDay,
  formatMonth,
  isMonth,
  lastDayOf,
  monthOf,
  monthWeeks,
  shiftMonth,
  WEEKDAYS,
} from '../components/month';

/** The bookings page's own badge colours, each with its status word (colour is never the only sign). */
const TONES: Record<BookingStatus, BadgeTone> = {
  pending: 'brand',
  accepted: 'blue',
  rejected: 'red',
  completed: 'green',
  cancelled: 'neutral',
};

/** The bookings page, showing that day's bookings with this one in focus. */
function bookingHref(booking: Booking) {
  return paths.dashboard.bookings.getHref({ day: booking.eventDate, booking: booking._id });
}

function StatusBadge({ status }: { status: BookingStatus }) {
  return <Badge tone={TONES[status]}>{bookingsMessages.statusLabels[status]}</Badge>;
}

function BookingLink({ booking, compact }: { booking: Booking; compact?: boolean }) {
  const status = bookingsMessages.statusLabels[booking.status];
  return (
    <Link
      to={bookingHref(booking)}
      aria-label={m.openBooking(booking.package.title, status, formatLongDay(booking.eventDate))}
      className={cx(
        'flex min-h-11 flex-wrap items-center gap-1 rounded-lg px-1 text-left text-sm hover:bg-stone-100',
        compact ? 'leading-tight' : 'text-base',
      )}
    >
      <StatusBadge status={booking.status} />
      <span className="min-w-0 break-words font-medium text-stone-900">{booking.package.title}</span>
    </Link>
  );
}

/**
 * /dashboard/calendar (DESIGN §8): the month's bookings, as a grid on a laptop and an agenda on a
 * phone (the other is hidden by CSS, so a screen reader meets one), statuses coloured and named, today
 * marked, months in the URL (`?month=YYYY-MM`). Planners block and unblock days and set how many
 * events a day they take; everyone gets their calendar feed. Days are Nairobi's.
 */
export default function CalendarPage() {
  const { user } = useSession();
  const [searchParams] = useSearchParams();
  const today = todayInNairobi();
  const asked = searchParams.get('month');
  const month = isMonth(asked) ? asked : monthOf(today);
  const range = { from: firstDayOf(month), to: lastDayOf(month) };
  const isPlanner = user?.role === 'planner';
  const bookings = useBookingsInRange(calendarSideOf(user?.role ?? 'client'), range, {
    enabled: user !== null,
  });
  const blocks = useBlocks(range, { enabled: isPlanner });
  const [selected, setSelected] = useState('');
  const panelHeading = useRef<HTMLHeadingElement>(null);

  if (!user) return null;
  const monthName = formatMonth(month);
  const previous = shiftMonth(month, -1);
  const next = shiftMonth(month, 1);
  const blockedDays = new Set((blocks.data ?? []).map((block) => block.date));
  const byDay = new Map<string, Booking[]>();
  for (const booking of [...(bookings.data ?? [])].sort((a, b) => a.eventDate.localeCompare(b.eventDate))) {
    byDay.set(booking.eventDate, [...(byDay.get(booking.eventDate) ?? []), booking]);
  }
  const agendaDays = [...new Set([...byDay.keys(), ...blockedDays])].sort();

  function select(day: string) {
    setSelected(day);
    panelHeading.current?.focus();
  }

  const navLink = buttonClassName('secondary', 'md');
  let body: ReactNode;
  if (bookings.isPending) {
    body = <Skeleton layout="list" lines={4} label={m.loading} />;
  } else if (bookings.isError) {
    body = <LoadError message={m.loadFailed} onRetry={() => void bookings.refetch()} />;
  } else {
    body = (
      <>
        <table className="hidden w-full table-fixed border-collapse md:table">
          <caption className="sr-only">{m.gridCaption(monthName)}</caption>
          <thead>
            <tr>
              {WEEKDAYS.map((weekday) => (
                <th key={weekday.name} scope="col" className="py-2 text-sm font-medium text-stone-600">
                  {weekday.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {monthWeeks(month).map((week) => (
              <tr key={week.find(Boolean) ?? ''}>
                {week.map((day, index) => {
                  if (!day)
                    return <td key={`empty-${index.toString()}`} className="border border-stone-100" />;
                  const isToday = day === today;
                  const isBlocked = blockedDays.has(day);
                  return (
                    <td
                      key={day}
                      aria-current={isToday ? 'date' : undefined}
                      className={cx(
                        'h-28 border border-stone-200 p-1 align-top',
                        isBlocked && 'bg-stone-100',
                        isToday && 'outline-2 -outline-offset-2 outline-brand-600',
                        selected === day && 'bg-brand-50',
                      )}
                    >
                      <div className="flex items-center justify-between gap-1">
                        {isPlanner ? (
                          <button
                            type="button"
                            onClick={() => select(day)}
                            aria-label={m.selectDay(formatLongDay(day))}
                            aria-pressed={selected === day}
                            className="inline-flex size-11 items-center justify-center rounded-lg font-semibold hover:bg-stone-200"
                          >
                            {Number(day.slice(8, 10))}
                          </button>
                        ) : (
                          <span className="inline-flex size-11 items-center justify-center font-semibold">
                            <span aria-hidden="true">{Number(day.slice(8, 10))}</span>
                            <span className="sr-only">{formatLongDay(day)}</span>
                          </span>
                        )}
                        {isToday ? <span className="text-xs font-bold text-brand-700">{m.today}</span> : null}
                      </div>
                      {isBlocked ? (
                        <p className="px-1 text-xs font-semibold text-stone-700">{m.blocked}</p>
                      ) : null}
                      {byDay.get(day)?.length ? (
                        <ul className="space-y-1">
                          {byDay.get(day)?.map((booking) => (
                            <li key={booking._id}>
                              <BookingLink booking={booking} compact />
                            </li>
                          ))}
                        </ul>
                      ) : null}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
        <section aria-label={m.agendaLabel(monthName)} className="md:hidden">
          {agendaDays.length === 0 ? (
            <p className="text-stone-600">{m.noBookingsThisMonth}</p>
          ) : (
            <ul className="space-y-3">
              {agendaDays.map((day) => (
                <li
                  key={day}
                  className={cx(
                    'rounded-xl border border-stone-200 p-3',
                    day === today && 'border-2 border-brand-600',
                  )}
                >
                  <h3 className="font-semibold" aria-current={day === today ? 'date' : undefined}>
                    {formatLongDay(day)} {day === today ? m.todaySuffix : ''}{' '}
                    {blockedDays.has(day) ? m.blockedSuffix : ''}
                  </h3>
                  <ul className="mt-1 space-y-1">
                    {(byDay.get(day) ?? []).map((booking) => (
                      <li key={booking._id}>
                        <BookingLink booking={booking} />
                      </li>
                    ))}
                  </ul>
                  {isPlanner ? (
                    <button
                      type="button"
                      onClick={() => select(day)}
                      className="mt-1 inline-flex min-h-11 items-center font-medium text-brand-700 underline"
                    >
                      {m.selectDay(formatLongDay(day))}
                    </button>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </section>
        {byDay.size === 0 ? (
          <p className="mt-3 hidden text-stone-600 md:block">{m.noBookingsThisMonth}</p>
        ) : null}
      </>
    );
  }

  return (
    <>
      <PageHeader title={m.title}>{isPlanner ? m.introPlanner : m.intro}</PageHeader>
      <nav aria-label={m.monthNav} className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <Link to={calendarPageHref({ month: previous })} className={navLink}>
          <span aria-hidden="true">‹</span> {m.showPrevious(formatMonth(previous))}
        </Link>
        <h2 className="text-xl font-semibold" aria-live="polite">
          {monthName}
        </h2>
        <Link to={calendarPageHref({ month: next })} className={navLink}>
          {m.showNext(formatMonth(next))} <span aria-hidden="true">›</span>
        </Link>
      </nav>
      {month !== monthOf(today) ? (
        <p className="mb-3">
          <Link
            to={calendarPageHref()}
            className="inline-flex min-h-11 items-center font-medium text-brand-700 underline"
          >
            {m.thisMonth}
          </Link>
        </p>
      ) : null}
      <div className="mb-4">
        <ul aria-label={m.legendTitle} className="flex flex-wrap gap-2">
          {BOOKING_STATUSES.map((status) => (
            <li key={status}>
              <StatusBadge status={status} />
            </li>
          ))}
        </ul>
      </div>
      {body}
      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        {isPlanner ? (
          <DayPanel
            day={selected}
            onDayChange={setSelected}
            blocks={blocks.data ?? []}
            headingRef={panelHeading}
          />
        ) : null}
        {isPlanner ? <EventsPerDay /> : null}
        <FeedPanel />
      </div>
    </>
  );
}
