import { BLOCK_NOTE_MAX } from '@sherehe/shared/calendar';
import { calendarPagesMessages as m } from '@sherehe/shared/messages/calendar-pages';
import { InputField } from '@/components/ui/form-field';

/** The note a blocked day keeps (what the planner is doing then), for the day and the range alike. */
export function BlockNoteField({ value, onChange }: { value: string; onChange: (note: string) => void }) {
  return (
    <InputField
      label={m.blockNote}
      hint={m.blockNoteHint}
      value={value}
      maxLength={BLOCK_NOTE_MAX}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
