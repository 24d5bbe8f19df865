import type { AvailabilityBlock } from '@sherehe/shared/schemas/calendar';
import type { BlockRow } from './availability.queries';

/** A blocked day as its planner sees it (the note is theirs alone). */
export function presentBlock(row: BlockRow): AvailabilityBlock {
  return { date: row.day, note: row.note, createdAt: row.createdAt.toISOString() };
}
