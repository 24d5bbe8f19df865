import { calendarPagesMessages as m } from '@sherehe/shared/messages/calendar-pages';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { cx } from '@/lib/class-names';
import { useAvailability } from '../api/get-availability';
import {
  addDays,
  addMonths,
  firstDayOf,
  formatLongDay,
  formatMonth,
  isMonth,
  lastDayOf,
  monthOf,
  monthWeeks,
  shiftMonth,
  WEEKDAYS,
  weekdayIndex,
} from './month';

export interface AvailabilityPickerProps {
  plannerId: string;
  /** The date field's value (YYYY-MM-DD, or '' / something half typed). */
  value: string;
  /** The first and last days that may be booked. */
  min: string;
  max: string;
  disabled?: boolean;
  onPick: (day: string) => void;
}

const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && isMonth(value.slice(0, 7));

/** The month's days the server was asked about, kept inside the bookable range. */
function rangeOf(month: string, min: string, max: string) {
  const from = firstDayOf(month) < min ? min : firstDayOf(month);
  const to = lastDayOf(month) > max ? max : lastDayOf(month);
  return from <= to ? { from, to } : null;
}

/**
 * The booking form's month grid of the planner's availability, beside the native date input (which
 * stays, for typing and for phones' own wheels). A disclosure, not a second modal inside the booking
 * dialog: the button opens the grid below it and focus moves into it; it follows the WAI-ARIA APG
 * date picker grid's keys (arrows, Page Up/Down, Home/End, Enter/Space, Escape back to the button) on
 * a table of day buttons under weekday column headers, the chosen one pressed. Days that
 * cannot be picked stay focusable with `aria-disabled` and their reason in their name, shown in
 * words under the grid too, and are struck through (not told by colour alone).
 */
export function AvailabilityPicker({
  plannerId,
  value,
  min,
  max,
  disabled,
  onPick,
}: AvailabilityPickerProps) {
  const [open, setOpen] = useState(false);
  const startDay = isDay(value) && value >= min && value <= max ? value : min;
  const [month, setMonth] = useState(monthOf(startDay));
  const [focusDay, setFocusDay] = useState(startDay);
  const [notice, setNotice] = useState('');
  const moveFocus = useRef(false);
  const gridRef = useRef<HTMLTableElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const gridId = useId();
  const headingId = useId();
  const helpId = useId();

  const shown = useAvailability(plannerId, open ? rangeOf(month, min, max) : null);
  // The typed day's own month, to say at once when it is a day the planner cannot take.
  const typedRange = isDay(value) && value >= min && value <= max ? { from: value, to: value } : null;
  const typed = useAvailability(plannerId, typedRange);
  const typedUnavailable = typedRange !== null && typed.data?.has(value) === true;

  function reasonFor(day: string): string | undefined {
    if (day < min) return m.reasons.past;
    if (day > max) return m.reasons.tooFar;
    if (shown.data?.has(day)) return m.reasons.unavailable;
    return undefined;
  }

  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    gridRef.current?.querySelector<HTMLButtonElement>(`[data-day="${focusDay}"]`)?.focus();
  });

  function focus(day: string) {
    setFocusDay(day);
    setMonth(monthOf(day));
    moveFocus.current = true;
    const reason = reasonFor(day);
    setNotice(reason ? `${formatLongDay(day)}: ${reason}` : '');
  }

  function openGrid() {
    setOpen(true);
    setMonth(monthOf(startDay));
    setFocusDay(startDay);
    setNotice('');
    moveFocus.current = true;
  }

  function close() {
    setOpen(false);
    toggleRef.current?.focus();
  }

  function pick(day: string) {
    const reason = reasonFor(day);
    if (reason) {
      setFocusDay(day);
      setNotice(`${formatLongDay(day)}: ${reason}`);
      return;
    }
    onPick(day);
    setNotice(m.dayChosen(formatLongDay(day)));
    setOpen(false);
    toggleRef.current?.focus();
  }

  function onDayKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const moves: Record<string, () => string> = {
      ArrowLeft: () => addDays(focusDay, -1),
      ArrowRight: () => addDays(focusDay, 1),
      ArrowUp: () => addDays(focusDay, -7),
      ArrowDown: () => addDays(focusDay, 7),
      PageUp: () => addMonths(focusDay, event.shiftKey ? -12 : -1),
      PageDown: () => addMonths(focusDay, event.shiftKey ? 12 : 1),
      Home: () => addDays(focusDay, -weekdayIndex(focusDay)),
      End: () => addDays(focusDay, 6 - weekdayIndex(focusDay)),
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      focus(move());
    } else if (event.key === 'Escape') {
      // Only the grid closes: the booking dialog around it stays open.
      event.preventDefault();
      event.stopPropagation();
      close();
    }
  }

  const previous = shiftMonth(month, -1);
  const next = shiftMonth(month, 1);
  const canGoBack = lastDayOf(previous) >= min;
  const canGoOn = firstDayOf(next) <= max;
  const monthName = formatMonth(month);

  return (
    <div className="space-y-2">
      <button
        ref={toggleRef}
        type="button"
        aria-expanded={open}
        aria-controls={gridId}
        disabled={disabled}
        onClick={() => (open ? close() : openGrid())}
        className="inline-flex min-h-11 items-center rounded-xl font-medium text-brand-700 underline disabled:opacity-60"
      >
        {open ? m.pickerClose : m.pickerOpen}
      </button>
      {typedUnavailable ? (
        <p role="status" className="text-sm font-medium text-red-700">
          {m.selectedDayUnavailable(m.reasons.unavailable)}
        </p>
      ) : null}
      <div id={gridId} hidden={!open} className="rounded-xl border border-stone-300 p-2 sm:p-3">
        {open ? (
          <>
            <div className="flex items-center justify-between gap-2">
              <button
                type="button"
                onClick={() => setMonth(previous)}
                disabled={!canGoBack}
                aria-label={m.showPrevious(formatMonth(previous))}
                className="inline-flex size-11 items-center justify-center rounded-xl text-xl hover:bg-stone-100 disabled:opacity-40"
              >
                <span aria-hidden="true">‹</span>
              </button>
              <h3 id={headingId} aria-live="polite" className="font-semibold">
                {monthName}
              </h3>
              <button
                type="button"
                onClick={() => setMonth(next)}
                disabled={!canGoOn}
                aria-label={m.showNext(formatMonth(next))}
                className="inline-flex size-11 items-center justify-center rounded-xl text-xl hover:bg-stone-100 disabled:opacity-40"
              >
                <span aria-hidden="true">›</span>
              </button>
            </div>
            <p id={helpId} className="sr-only">
              {m.pickerHelp}
            </p>
            {shown.isLoading ? (
              <p role="status" className="text-sm text-stone-600">
                {m.loadingDays}
              </p>
            ) : shown.isError ? (
              <p role="alert" className="text-sm text-red-700">
                {m.availabilityFailed}
              </p>
            ) : null}
            <table
              ref={gridRef}
              aria-label={m.pickerLabel(monthName)}
              aria-describedby={helpId}
              className="mt-2 w-full table-fixed border-collapse text-center"
            >
              <thead>
                <tr>
                  {WEEKDAYS.map((weekday) => (
                    <th
                      key={weekday.name}
                      scope="col"
                      abbr={weekday.name}
                      className="pb-1 text-sm font-medium text-stone-600"
                    >
                      <span aria-hidden="true">{weekday.short}</span>
                      <span className="sr-only">{weekday.name}</span>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {monthWeeks(month).map((week) => (
                  <tr key={week.find(Boolean) ?? ''}>
                    {week.map((day, index) => {
                      if (!day) return <td key={`empty-${index.toString()}`} />;
                      const reason = reasonFor(day);
                      const chosen = day === value;
                      // The focused day is the one tab reaches; when it is not shown, the month's first.
                      const tabbable =
                        monthOf(focusDay) === month ? day === focusDay : day === firstDayOf(month);
                      return (
                        <td key={day} className="p-0.5">
                          <button
                            type="button"
                            data-day={day}
                            tabIndex={tabbable ? 0 : -1}
                            aria-disabled={reason ? true : undefined}
                            aria-pressed={chosen}
                            onKeyDown={onDayKeyDown}
                            aria-label={m.dayLabel(formatLongDay(day), reason)}
                            onClick={() => pick(day)}
                            onFocus={() => setFocusDay(day)}
                            className={cx(
                              'inline-flex h-11 w-full min-w-11 items-center justify-center rounded-lg text-base',
                              'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-700',
                              reason
                                ? 'cursor-not-allowed bg-stone-100 text-stone-500 line-through'
                                : 'font-medium text-stone-900 hover:bg-brand-50',
                              chosen && 'bg-brand-600 text-white no-underline hover:bg-brand-700',
                            )}
                          >
                            {Number(day.slice(8, 10))}
                          </button>
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
            <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-stone-700">
              <li>
                <span
                  aria-hidden="true"
                  className="mr-1 inline-block size-3 rounded border border-stone-400"
                />
                {m.legendAvailable}
              </li>
              <li>
                <span aria-hidden="true" className="mr-1 text-stone-500 line-through">
                  12
                </span>
                {m.legendUnavailable}
              </li>
              <li>
                <span aria-hidden="true" className="mr-1 inline-block size-3 rounded bg-brand-600" />
                {m.legendChosen}
              </li>
            </ul>
          </>
        ) : null}
      </div>
      <p aria-live="polite" className="min-h-5 text-sm text-stone-700">
        {notice}
      </p>
    </div>
  );
}
