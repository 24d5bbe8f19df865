import { calendarPagesMessages as m } from '@sherehe/shared/messages/calendar-pages';
import type { DatedBooking } from '@sherehe/shared/schemas/bookings';
import { cx } from '@/lib/class-names';
import { BookingLink } from './booking-link';
import { formatLongDay, monthWeeks, WEEKDAYS } from './month';

interface MonthGridProps {
  month: string;
  monthName: string;
  today: string;
  byDay: ReadonlyMap<string, readonly DatedBooking[]>;
  blockedDays: ReadonlySet<string>;
  /** The day whose panel is open, '' when none. */
  selected: string;
  /** While several days are being chosen: the first and last chosen so far ('' when not yet). */
  range: { from: string; to: string } | null;
  onPick: (day: string) => void;
}

/** At most this many booking dots under a day's number on a phone; the name says the real count. */
const MAX_DOTS = 3;

function inRange(day: string, range: MonthGridProps['range']) {
  if (!range?.from) return false;
  return range.to ? day >= range.from && day <= range.to : day === range.from;
}

/**
 * The month as seven columns, Monday first, on every screen. Each day is a button of at least 44 px
 * that names the day and what is on it ("Wednesday 24 December 2026: 2 bookings, blocked"): on a phone
 * the cell shows the day's number with a dot per booking and a struck mark when blocked, on a laptop
 * the bookings themselves. Colour is never the only sign.
 */
export function MonthGrid({
  month,
  monthName,
  today,
  byDay,
  blockedDays,
  selected,
  range,
  onPick,
}: MonthGridProps) {
  return (
    <table className="w-full table-fixed border-collapse">
      <caption className="sr-only">{m.gridCaption(monthName)}</caption>
      <thead>
        <tr>
          {WEEKDAYS.map((weekday) => (
            <th key={weekday.name} scope="col" className="py-2 text-sm font-medium text-stone-600">
              <abbr title={weekday.name} className="no-underline md:hidden">
                {weekday.short}
              </abbr>
              <span className="hidden md:inline">{weekday.name}</span>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {monthWeeks(month).map((week) => (
          <tr key={week.find(Boolean) ?? ''}>
            {week.map((day, index) => {
              if (!day) return <td key={`empty-${index.toString()}`} className="border border-stone-100" />;
              const isToday = day === today;
              const isBlocked = blockedDays.has(day);
              const bookings = byDay.get(day) ?? [];
              const chosen = range ? inRange(day, range) : selected === day;
              const details = [
                ...(bookings.length > 0 ? [m.bookingsCount(bookings.length)] : []),
                ...(isBlocked ? [m.blockedWord] : []),
                ...(isToday ? [m.todayWord] : []),
                ...(range && chosen ? [m.inRangeWord] : []),
              ];
              return (
                <td
                  key={day}
                  aria-current={isToday ? 'date' : undefined}
                  className={cx(
                    'border border-stone-200 p-0 align-top md:h-28 md:p-1',
                    isBlocked && 'bg-stone-100',
                    isToday && 'outline-2 -outline-offset-2 outline-brand-600',
                    chosen && 'bg-brand-50',
                  )}
                >
                  <div className="flex items-center justify-between gap-1">
                    <button
                      type="button"
                      onClick={() => onPick(day)}
                      aria-label={m.dayCell(formatLongDay(day), details)}
                      aria-pressed={chosen}
                      className={cx(
                        'flex min-h-12 w-full flex-col items-center justify-center gap-0.5 rounded-lg font-semibold hover:bg-stone-200 md:size-11 md:min-h-11',
                        chosen && 'ring-2 ring-brand-600 ring-inset',
                      )}
                    >
                      <span aria-hidden="true" className={cx(isBlocked && 'line-through decoration-2')}>
                        {Number(day.slice(8, 10))}
                      </span>
                      <span aria-hidden="true" className="flex h-2 items-center gap-0.5 md:hidden">
                        {bookings.slice(0, MAX_DOTS).map((booking) => (
                          <span key={booking._id} className="size-1.5 rounded-full bg-stone-800" />
                        ))}
                        {bookings.length > MAX_DOTS ? (
                          <span className="text-[10px] leading-none">+</span>
                        ) : null}
                      </span>
                    </button>
                    {isToday ? (
                      <span aria-hidden="true" className="hidden text-xs font-bold text-brand-700 md:inline">
                        {m.today}
                      </span>
                    ) : null}
                  </div>
                  {isBlocked ? (
                    <p
                      aria-hidden="true"
                      className="hidden px-1 text-xs font-semibold text-stone-700 md:block"
                    >
                      {m.blocked}
                    </p>
                  ) : null}
                  {bookings.length > 0 ? (
                    <ul className="hidden space-y-1 md:block">
                      {bookings.map((booking) => (
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
  );
}
