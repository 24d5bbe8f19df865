import { daysInRange } from '@sherehe/shared/calendar';
import { formatDay, todayInNairobi } from '@sherehe/shared/dates';
import { calendarPagesMessages as m } from '@sherehe/shared/messages/calendar-pages';
import { formatKsh, subtractShillings } from '@sherehe/shared/money';
import type { DatedBooking } from '@sherehe/shared/schemas/bookings';
import type { User } from '@sherehe/shared/schemas/users';
import { useId } from 'react';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { cx } from '@/lib/class-names';
import { calendarPageHref } from '../api/calendar-paths';
import { calendarSideOf, useBookingsInRange } from '../api/get-month-bookings';
import { addDays } from './month';

/** How many next events Upcoming lists. */
export const UPCOMING_COUNT = 4;
/** How many bookings with money due it lists; a line says how many more there are. */
export const DUE_COUNT = 5;

const daysUntil = (today: string, day: string) => daysInRange(today, day) - 1;

function otherParty(user: Pick<User, '_id'>, booking: DatedBooking) {
  if (booking.client._id === user._id) return booking.planner.username;
  if (booking.planner._id === user._id) return booking.client.username;
  return undefined;
}

/** What is still to pay on an accepted booking, seen by its client (due) or its planner (awaited). */
function dueLine(booking: DatedBooking, today: string, isClient: boolean, waiting: boolean): string | null {
  if (booking.paymentStatus === 'paid' || booking.balanceDue <= 0) return null;
  if (booking.paymentStatus === 'unpaid') {
    const amount = formatKsh(Math.max(subtractShillings(booking.depositAmount, booking.amountPaid), 0));
    if (isClient && waiting) return m.paymentWaiting(amount);
    return isClient ? m.depositDue(amount) : m.depositAwaited(amount);
  }
  const amount = formatKsh(booking.balanceDue);
  if (isClient && waiting) return m.paymentWaiting(amount);
  const day = formatDay(booking.balanceDueOn);
  if (booking.balanceDueOn < today) return m.balanceOverdue(amount, day);
  const when = m.inDays(daysUntil(today, booking.balanceDueOn));
  return isClient ? m.balanceDue(amount, day, when) : m.balanceAwaited(amount, day, when);
}

/**
 * When a booking's money is due, to order What is due: an unpaid deposit (due since the acceptance)
 * and an overdue balance come first, by their event; then balances by their due day.
 */
function dueOrder(booking: DatedBooking, today: string): [number, string, string] {
  const now = booking.paymentStatus === 'unpaid' || booking.balanceDueOn < today;
  return [now ? 0 : 1, now ? booking.eventDate : booking.balanceDueOn, booking._id];
}

function compareDue(a: [number, string, string], b: [number, string, string]): number {
  return a[0] - b[0] || a[1].localeCompare(b[1]) || a[2].localeCompare(b[2]);
}

/** The user's accepted bookings from today on: what Upcoming lists (none asked for without a user). */
function useUpcomingBookings(user: Pick<User, 'role'> | null, today: string) {
  return useBookingsInRange(
    calendarSideOf(user?.role ?? 'client'),
    { from: today, to: addDays(today, 3 * 366), status: 'accepted' },
    { enabled: user !== null },
  );
}

/**
 * Whether Upcoming has drawn what it will draw: its bookings answered (or failed) and whether money
 * is asked for known. Until then the bookings page holds what goes under it, which Upcoming's
 * arrival would otherwise push down the screen.
 */
export function useUpcomingSettled(
  user: Pick<User, 'role'> | null,
  asksPayment: boolean | undefined,
): boolean {
  const list = useUpcomingBookings(user, todayInNairobi());
  return user === null || (asksPayment !== undefined && !list.isPending);
}

/**
 * The bookings page's Upcoming: the user's next accepted events (nearest first) and what is due on
 * all their accepted bookings, deposit or balance, with amounts and days, soonest due first (an
 * unpaid deposit on a far event is due now). Nothing while loading or when it fails: the list below
 * says so.
 */
export function Upcoming({
  user,
  asksPayment = true,
  waitingPayments,
}: {
  user: Pick<User, '_id' | 'role'>;
  /** The bookings with a payment waiting (the payments feature's): not told as due meanwhile. */
  waitingPayments?: ReadonlySet<string>;
  /**
   * Whether money is asked for here (the payments feature knows: no way of paying is offered when
   * payments are off). Undefined while not known yet: nothing is drawn, rather than a What is due
   * that would vanish.
   */
  asksPayment?: boolean | undefined;
}) {
  const today = todayInNairobi();
  const titleId = useId();
  const list = useUpcomingBookings(user, today);
  if (!list.data || asksPayment === undefined) return null;
  // The user's own side of the list (calendarSideOf): every booking in it is theirs.
  const mine = list.data;
  const next = [...mine].sort((a, b) => a.eventDate.localeCompare(b.eventDate)).slice(0, UPCOMING_COUNT);
  const allDue = mine
    .map((booking) => ({
      booking,
      line: dueLine(
        booking,
        today,
        booking.client._id === user._id,
        waitingPayments?.has(booking._id) ?? false,
      ),
    }))
    .filter((entry): entry is { booking: DatedBooking; line: string } => entry.line !== null)
    .sort((a, b) => compareDue(dueOrder(a.booking, today), dueOrder(b.booking, today)));
  const due = allDue.slice(0, DUE_COUNT);
  const moreDue = allDue.length - due.length;

  return (
    <section
      aria-labelledby={titleId}
      className="mb-6 rounded-2xl border border-stone-200 bg-white p-4 md:p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={titleId} className="text-lg font-semibold">
          {m.upcomingTitle}
        </h2>
        <TextLink to={calendarPageHref()}>{m.viewCalendar}</TextLink>
      </div>
      {next.length === 0 ? (
        <p className="mt-1 text-stone-600">{m.noUpcoming}</p>
      ) : (
        <div className={cx('mt-2 grid gap-4', asksPayment && 'md:grid-cols-2')}>
          <div>
            <h3 className="font-medium text-stone-800">{m.nextEvents}</h3>
            <ul className="mt-1 space-y-1">
              {next.map((booking) => (
                <li key={booking._id} className="text-stone-900">
                  <strong>{formatDay(booking.eventDate)}</strong> (
                  {m.inDays(daysUntil(today, booking.eventDate))}
                  ): {m.eventLine(booking.package.title, otherParty(user, booking))}
                </li>
              ))}
            </ul>
          </div>
          {asksPayment ? (
            <div>
              <h3 className="font-medium text-stone-800">{m.whatIsDue}</h3>
              {due.length === 0 ? (
                <p className="mt-1 text-stone-600">{m.nothingDue}</p>
              ) : (
                <ul className="mt-1 space-y-1">
                  {due.map(({ booking, line }) => (
                    <li key={booking._id} className="text-stone-900">
                      {booking.package.title}: {line}
                    </li>
                  ))}
                </ul>
              )}
              {moreDue > 0 ? (
                <p className="mt-1 text-stone-700">
                  {m.moreDue(moreDue)}{' '}
                  <TextLink to={paths.dashboard.bookings.getHref({ status: 'accepted' })}>
                    {m.seeAcceptedBookings}
                  </TextLink>
                </p>
              ) : null}
            </div>
          ) : null}
        </div>
      )}
    </section>
  );
}
