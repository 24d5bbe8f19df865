import { latestBookableDay } from '@sherehe/shared/booking-dates';
import { shiftDay } from '@sherehe/shared/calendar';
import { isCalendarDay, todayInNairobi } from '@sherehe/shared/dates';
import { MESSAGES } from '@sherehe/shared/messages';
import { mayOfferPackages } from '@sherehe/shared/roles';
import {
  type AvailabilityQuery,
  blockRangeError,
  type CreateBlockBody,
  type ListBlocksQuery,
} from '@sherehe/shared/schemas/calendar';
import type { Db, Queryable } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import {
  countDayTaken,
  deleteBlock,
  deleteBlocksBetween,
  findPlannerCapacity,
  findUnavailableDays,
  insertBlock,
  insertBlocks,
  isDayBlocked,
  listBlocks,
} from './availability.queries';

type Actor = Pick<UserRow, 'id' | 'role'>;

/**
 * Inside a transaction that holds the day's lock (`lockPlannerDay`): refuses with 409 when the day
 * is blocked or already has as many events as the planner takes. `exceptBookingId` is the booking
 * being accepted, which does not count against itself. Answers the places taken once one more event
 * is added, and the planner's limit.
 */
export async function checkPlannerDay(
  tx: Queryable,
  options: { plannerId: string; day: string; exceptBookingId?: string },
): Promise<{ taken: number; eventsPerDay: number }> {
  const { plannerId, day } = options;
  const planner = await findPlannerCapacity(tx, plannerId);
  if (!planner) throw new AppError('NOT_FOUND', MESSAGES.calendar.plannerNotFound);
  const taken = await countDayTaken(tx, options);
  if (taken >= planner.eventsPerDay || (await isDayBlocked(tx, plannerId, day))) {
    throw new AppError('CONFLICT', MESSAGES.calendar.notAvailable, { reason: 'DAY_UNAVAILABLE' });
  }
  return { taken: taken + 1, eventsPerDay: planner.eventsPerDay };
}

/** GET /api/planners/:id/availability: the days that cannot be booked, never why. Public. */
export async function getAvailability(options: { db: Db; plannerId: string; query: AvailabilityQuery }) {
  const { db, plannerId, query } = options;
  const planner = await findPlannerCapacity(db, plannerId);
  // Someone who offers no packages has no calendar to show.
  if (!planner || !mayOfferPackages(planner.role)) {
    throw new AppError('NOT_FOUND', MESSAGES.calendar.plannerNotFound);
  }
  return findUnavailableDays(db, {
    plannerId,
    eventsPerDay: planner.eventsPerDay,
    from: query.from,
    to: query.to,
  });
}

function refuse(path: string, message: string): never {
  throw new AppError('VALIDATION', message, { errors: [{ path, message }] });
}

/** Every day from `from` to `to`, both included, in order. */
function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = shiftDay(day, 1)) days.push(day);
  return days;
}

/**
 * POST /api/availability/blocks. Blocking stops new requests for the day and acceptances of the
 * requests already made for it; events already accepted stay as they are (docs/bookings-and-calendar.md,
 * Calendar, availability and reminders). With `to`, every day from `date` to `to` is blocked by the
 * same rules, in one transaction (all or nothing): each day not past and not beyond the booking
 * horizon, days already blocked kept with their note. Answers the range's blocks, in order; one day
 * already blocked, asked alone, is a conflict as it always was.
 */
export async function blockDays(options: { db: Db; actor: Actor; input: CreateBlockBody }) {
  const { db, actor, input } = options;
  const today = todayInNairobi();
  const last = input.to ?? input.date;
  // The schema checks the range already; asked again here so no caller can skip it.
  const rangeError = blockRangeError(input.date, last);
  if (rangeError) refuse('to', rangeError);
  if (input.date < today) refuse('date', MESSAGES.calendar.blockPast);
  if (last > latestBookableDay(today)) refuse(input.to ? 'to' : 'date', MESSAGES.calendar.blockTooFar);
  if (input.to === undefined) {
    const row = await insertBlock(db, { plannerId: actor.id, day: input.date, note: input.note });
    if (!row) throw new AppError('CONFLICT', MESSAGES.calendar.alreadyBlocked);
    return { rows: [row], range: false };
  }
  const rows = await db.transaction(async (tx) => {
    await insertBlocks(tx, { plannerId: actor.id, days: daysBetween(input.date, last), note: input.note });
    return listBlocks(tx, { plannerId: actor.id, from: input.date, to: last });
  });
  return { rows, range: true };
}

/**
 * DELETE /api/availability/blocks/:date, with `to` every blocked day from `date` to `to` (the
 * same range rule as blocking). Answers the days unblocked; none at all is a 404.
 */
export async function unblockDays(options: { db: Db; actor: Actor; date: string; to?: string | undefined }) {
  const { db, actor, date, to } = options;
  if (!isCalendarDay(date)) refuse('date', MESSAGES.calendar.dayInvalid);
  if (to === undefined) {
    if (!(await deleteBlock(db, actor.id, date)))
      throw new AppError('NOT_FOUND', MESSAGES.calendar.notBlocked);
    return [date];
  }
  const rangeError = blockRangeError(date, to);
  if (rangeError) refuse('to', rangeError);
  const removed = await deleteBlocksBetween(db, { plannerId: actor.id, from: date, to });
  if (removed.length === 0) throw new AppError('NOT_FOUND', MESSAGES.calendar.noneBlocked);
  return removed;
}

/** GET /api/availability/blocks: the actor's own blocked days with their notes, from today on by default. */
export async function listOwnBlocks(options: { db: Db; actor: Actor; query: ListBlocksQuery }) {
  const { db, actor, query } = options;
  return listBlocks(db, {
    plannerId: actor.id,
    from: query.from ?? todayInNairobi(),
    ...(query.to && { to: query.to }),
  });
}
