import { BOOKING_STATUSES } from '@sherehe/shared/booking-status';
import { todayInNairobi } from '@sherehe/shared/dates';
import { calendarPagesMessages as m } from '@sherehe/shared/messages/calendar-pages';
import type { DatedBooking } from '@sherehe/shared/schemas/bookings';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClassName } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { TextLink } from '@/components/ui/text-link';
import { cx } from '@/lib/class-names';
import { useSession } from '@/lib/session';
import { useBlocks } from '../api/blocks';
import { calendarPageHref } from '../api/calendar-paths';
import { calendarSideOf, useBookingsInRange } from '../api/get-month-bookings';
import { BookingLink, StatusBadge } from '../components/booking-link';
import { DayPanel, EventsPerDay } from '../components/day-panel';
import { FeedPanel } from '../components/feed-panel';
import {
  firstDayOf,
  formatLongDay,
  formatMonth,
  isMonth,
  lastDayOf,
  monthOf,
  shiftMonth,
} from '../components/month';
import { MonthGrid } from '../components/month-grid';
import { RangePanel } from '../components/range-panel';

/** The next first-and-last pair after a tap on `day` while several days are being chosen. */
function extendRange(range: { from: string; to: string }, day: string) {
  if (!range.from || range.to || day < range.from) return { from: day, to: '' };
  return { from: range.from, to: day };
}

/**
 * /dashboard/calendar: the month's bookings as a grid of seven columns on every screen (on a phone
 * each day shows its number with a dot per booking; on a laptop, the bookings), statuses coloured and
 * named, today marked, months in the URL (`?month=YYYY-MM`). Tapping a day opens its panel below the
 * grid: its bookings and, for a planner, its block. On a phone the month's agenda follows as a list.
 * Planners also block or unblock several days at once and set how many events a day they take;
 * everyone gets their calendar feed. Days are Nairobi's.
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
  // Null unless the planner is choosing several days (the grid's taps then set the first and last).
  const [several, setSeveral] = useState<{ from: string; to: string } | null>(null);
  const panelHeading = useRef<HTMLHeadingElement>(null);
  const severalToggleId = useId();
  // A tap on a day moves focus to its panel, which may only now be drawn (for those who block nothing).
  const [focusPanel, setFocusPanel] = useState(0);
  useEffect(() => {
    if (focusPanel > 0) panelHeading.current?.focus();
  }, [focusPanel]);

  if (!user) return null;
  const monthName = formatMonth(month);
  const previous = shiftMonth(month, -1);
  const next = shiftMonth(month, 1);
  const blockedDays = new Set((blocks.data ?? []).map((block) => block.date));
  const byDay = new Map<string, DatedBooking[]>();
  for (const booking of [...(bookings.data ?? [])].sort((a, b) => a.eventDate.localeCompare(b.eventDate))) {
    byDay.set(booking.eventDate, [...(byDay.get(booking.eventDate) ?? []), booking]);
  }
  const agendaDays = [...new Set([...byDay.keys(), ...blockedDays])].sort();

  function pick(day: string) {
    if (several) {
      // Focus stays on the grid so the last day is one more tap; the panel's status line says so.
      setSeveral(extendRange(several, day));
      return;
    }
    setSelected(day);
    setFocusPanel((count) => count + 1);
  }

  /** Starts or ends choosing several days; the button stays where it is, above the grid it acts on. */
  function toggleSeveral() {
    setSeveral((current) => (current ? null : { from: '', to: '' }));
    setSelected('');
  }

  const dayBookings = byDay.get(selected) ?? [];
  const navLink = buttonClassName('secondary', 'md');
  let body: ReactNode;
  let agenda: ReactNode = null;
  if (bookings.isPending) {
    body = <Skeleton layout="list" lines={4} label={m.loading} />;
  } else if (bookings.isError) {
    body = <LoadError message={m.loadFailed} onRetry={() => void bookings.refetch()} />;
  } else {
    body = (
      <>
        <MonthGrid
          month={month}
          monthName={monthName}
          today={today}
          byDay={byDay}
          blockedDays={blockedDays}
          selected={selected}
          range={several}
          onPick={pick}
        />
        {byDay.size === 0 ? <p className="mt-3 text-stone-600">{m.noBookingsThisMonth}</p> : null}
      </>
    );
    agenda =
      agendaDays.length > 0 ? (
        <section aria-label={m.agendaLabel(monthName)} className="mt-4 md:hidden">
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
              </li>
            ))}
          </ul>
        </section>
      ) : null;
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
      <div className="mb-3 flex flex-wrap items-center gap-3">
        {month !== monthOf(today) ? <TextLink to={calendarPageHref()}>{m.thisMonth}</TextLink> : null}
        {isPlanner ? (
          <Button
            id={severalToggleId}
            variant="secondary"
            aria-pressed={several !== null}
            onClick={toggleSeveral}
            className="aria-pressed:border-brand-600 aria-pressed:bg-brand-50"
          >
            {m.rangeStart}
          </Button>
        ) : null}
      </div>
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
      {isPlanner && several ? (
        <div className="mt-4">
          <RangePanel
            from={several.from}
            to={several.to}
            onChange={setSeveral}
            onDone={() => {
              setSeveral(null);
              // The panel goes away: focus returns to the button that opened it.
              document.getElementById(severalToggleId)?.focus();
            }}
          />
        </div>
      ) : null}
      {agenda}
      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        {isPlanner || selected ? (
          <DayPanel
            day={selected}
            onDayChange={setSelected}
            blocks={blocks.data ?? []}
            headingRef={panelHeading}
            canBlock={isPlanner}
          >
            <div>
              <h3 className="font-semibold">{m.dayBookingsTitle}</h3>
              {dayBookings.length === 0 ? (
                <p className="text-stone-600">{m.noBookingsOnDay}</p>
              ) : (
                <ul className="mt-1 space-y-1">
                  {dayBookings.map((booking) => (
                    <li key={booking._id}>
                      <BookingLink booking={booking} />
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </DayPanel>
        ) : null}
        {isPlanner ? <EventsPerDay /> : null}
        <FeedPanel />
      </div>
    </>
  );
}
