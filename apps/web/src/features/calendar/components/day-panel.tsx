import { DEFAULT_EVENTS_PER_DAY, MAX_EVENTS_PER_DAY, MIN_EVENTS_PER_DAY } from '@sherehe/shared/calendar';
import { todayInNairobi } from '@sherehe/shared/dates';
import { calendarMessages, controlsMessages } from '@sherehe/shared/messages';
import { calendarPagesMessages as m } from '@sherehe/shared/messages/calendar-pages';
import type { AvailabilityBlock } from '@sherehe/shared/schemas/calendar';
import type { UserMessageResponse } from '@sherehe/shared/schemas/users';
import { type ReactNode, type RefObject, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { InputField } from '@/components/ui/form-field';
import { apiPaths } from '@/config/paths';
import { api, serverMessageOr } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { notifyError, notifySuccess } from '@/lib/toast';
import { useBlockDay, useUnblockDay } from '../api/blocks';
import { BlockNoteField } from './block-note-field';
import { CalendarPanel } from './calendar-panel';
import { formatLongDay } from './month';

interface DayPanelProps {
  /** The day chosen on the grid (or typed here), '' when none. */
  day: string;
  onDayChange: (day: string) => void;
  blocks: readonly AvailabilityBlock[];
  headingRef: RefObject<HTMLHeadingElement | null>;
  /** Whether this person blocks days (planners); others see the day's bookings only. */
  canBlock?: boolean;
  /** The chosen day's bookings, drawn by the page. */
  children?: ReactNode;
}

/** The chosen day: its bookings, and for a planner its block (with a private note) or unblock. */
export function DayPanel({ day, onDayChange, blocks, headingRef, canBlock = true, children }: DayPanelProps) {
  const block = useBlockDay();
  const unblock = useUnblockDay();
  const [note, setNote] = useState('');
  const [status, setStatus] = useState('');
  const titleId = useId();
  const blocked = blocks.find((entry) => entry.date === day);
  const past = day !== '' && day < todayInNairobi();

  async function run(action: () => Promise<{ message: string }>, failure: string) {
    try {
      const reply = await action();
      setStatus(reply.message);
      setNote('');
    } catch (error) {
      const text = serverMessageOr(error, failure);
      setStatus(text);
      notifyError(text);
    }
  }

  return (
    <section aria-labelledby={titleId} className="rounded-2xl border border-stone-200 bg-white p-4 md:p-5">
      <h2 id={titleId} ref={headingRef} tabIndex={-1} className="text-lg font-semibold">
        {day ? m.selectedDay(formatLongDay(day)) : canBlock ? m.blockDay : m.dayPanelLabel}
      </h2>
      <div className="mt-3 space-y-3">
        <InputField
          label={m.dayPanelLabel}
          type="date"
          value={day}
          onChange={(event) => {
            onDayChange(event.target.value);
            setStatus('');
          }}
        />
        {day ? children : null}
        {!day || !canBlock ? null : past ? (
          <p className="text-stone-700">{m.dayInPast}</p>
        ) : blocked ? (
          <>
            <p className="text-stone-800">
              {m.dayIsBlocked}
              {blocked.note ? ` ${m.noteIs(blocked.note)}` : ''}
            </p>
            <Button
              variant="secondary"
              disabled={unblock.isPending}
              onClick={() => void run(() => unblock.mutateAsync(day), m.unblockFailed)}
            >
              {unblock.isPending ? m.unblocking : m.unblockDay}
            </Button>
          </>
        ) : (
          <>
            <BlockNoteField value={note} onChange={setNote} />
            <Button
              disabled={block.isPending}
              onClick={() => void run(() => block.mutateAsync({ date: day, note }), m.blockFailed)}
            >
              {block.isPending ? m.blocking : m.blockDay}
            </Button>
          </>
        )}
        <p role="status" className="min-h-6 text-sm font-medium text-stone-800">
          {status}
        </p>
      </div>
    </section>
  );
}

/** How many events a day the planner takes (PATCH /api/user/profile `eventsPerDay`). */
export function EventsPerDay() {
  const { user, setUser } = useSession();
  const current = user?.eventsPerDay ?? DEFAULT_EVENTS_PER_DAY;
  const [value, setValue] = useState(String(current));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();

  async function save() {
    const count = Number(value);
    if (!Number.isInteger(count) || count < MIN_EVENTS_PER_DAY || count > MAX_EVENTS_PER_DAY) {
      setError(calendarMessages.eventsPerDayRange);
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      const reply = await api.patch<UserMessageResponse>(apiPaths.user.profile, { eventsPerDay: count });
      setUser(reply.user);
      notifySuccess(reply.message);
    } catch (failure) {
      setError(serverMessageOr(failure, m.eventsPerDayFailed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <CalendarPanel title={m.eventsPerDayTitle}>
      <p className="mt-1 text-stone-600">{m.eventsPerDayText(current)}</p>
      {/* noValidate: our own words under the field, in the page's language, not the browser's bubble. */}
      <form
        noValidate
        className="mt-3 flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <div className="w-32">
          <InputField
            label={m.eventsPerDayTitle}
            type="number"
            inputMode="numeric"
            min={MIN_EVENTS_PER_DAY}
            max={MAX_EVENTS_PER_DAY}
            value={value}
            error={error}
            onChange={(event) => setValue(event.target.value)}
          />
        </div>
        <Button type="submit" disabled={busy}>
          {busy ? controlsMessages.saving : m.save}
        </Button>
      </form>
    </CalendarPanel>
  );
}
