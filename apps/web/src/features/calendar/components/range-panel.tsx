import { blockRangeProblem, daysInRange } from '@sherehe/shared/calendar';
import { calendarMessages } from '@sherehe/shared/messages';
import { calendarPagesMessages as m } from '@sherehe/shared/messages/calendar-pages';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { InputField } from '@/components/ui/form-field';
import { serverMessageOr } from '@/lib/api-client';
import { notifyError } from '@/lib/toast';
import { useBlockDay, useUnblockDay } from '../api/blocks';
import { BlockNoteField } from './block-note-field';
import { CalendarPanel } from './calendar-panel';
import { formatLongDay } from './month';

interface RangePanelProps {
  /** The first and last chosen day ('' when not yet), tapped on the grid or typed here. */
  from: string;
  to: string;
  onChange: (range: { from: string; to: string }) => void;
  onDone: () => void;
}

/** What the chosen days are so far, said in the status line while nothing has been sent. */
function guidance(from: string, to: string): string {
  if (from && !to) return m.rangePickLast(formatLongDay(from));
  if (from && to && from <= to)
    return m.rangeChosen(formatLongDay(from), formatLongDay(to), daysInRange(from, to));
  return '';
}

/**
 * Blocks or unblocks every day from the first to the last chosen one in one call (the API's `to`).
 * The days come from taps on the month grid or from two date fields, so touch, keyboard and screen
 * readers all reach it; the range rule is the server's (`blockRangeProblem`), asked before sending.
 */
export function RangePanel({ from, to, onChange, onDone }: RangePanelProps) {
  const block = useBlockDay();
  const unblock = useUnblockDay();
  const [note, setNote] = useState('');
  const [result, setResult] = useState('');
  const [error, setError] = useState<string | undefined>();
  const busy = block.isPending || unblock.isPending;

  function change(next: { from: string; to: string }) {
    setResult('');
    setError(undefined);
    onChange(next);
  }

  function checked(): { date: string; to: string } | null {
    if (!from || !to) {
      setError(m.rangeMissing);
      return null;
    }
    const problem = blockRangeProblem(from, to);
    if (problem) {
      setError(
        problem === 'backwards' ? calendarMessages.blockRangeBackwards : calendarMessages.blockRangeTooLong,
      );
      return null;
    }
    setError(undefined);
    return { date: from, to };
  }

  async function run(action: (range: { date: string; to: string }) => Promise<{ message: string }>) {
    const range = checked();
    if (!range) return;
    try {
      const reply = await action(range);
      setResult(reply.message);
      setNote('');
    } catch (failure) {
      const text = serverMessageOr(failure, m.rangeFailed);
      setResult(text);
      notifyError(text);
    }
  }

  return (
    <CalendarPanel title={m.rangeTitle} highlighted>
      <p className="mt-1 text-stone-700">{m.rangeHelp}</p>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        <InputField
          label={m.rangeFrom}
          type="date"
          value={from}
          onChange={(event) => change({ from: event.target.value, to })}
        />
        <InputField
          label={m.rangeTo}
          type="date"
          value={to}
          min={from || undefined}
          error={error}
          onChange={(event) => change({ from, to: event.target.value })}
        />
      </div>
      <div className="mt-3">
        <BlockNoteField value={note} onChange={setNote} />
      </div>
      <div className="mt-3 flex flex-wrap gap-3">
        <Button disabled={busy} onClick={() => void run((range) => block.mutateAsync({ ...range, note }))}>
          {block.isPending ? m.blocking : m.rangeBlock}
        </Button>
        <Button
          variant="secondary"
          disabled={busy}
          onClick={() => void run((range) => unblock.mutateAsync(range))}
        >
          {unblock.isPending ? m.unblocking : m.rangeUnblock}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          {m.rangeCancel}
        </Button>
      </div>
      <p role="status" className="mt-3 min-h-6 text-sm font-medium text-stone-800">
        {result || guidance(from, to)}
      </p>
    </CalendarPanel>
  );
}
