import { DAY_TAKING_STATUSES } from '@sherehe/shared/calendar';
import {
  and,
  asc,
  between,
  count,
  eq,
  gte,
  inArray,
  isNull,
  lte,
  ne,
  type Placeholder,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { prepared } from '../../db/prepared';
import { availabilityBlocks, bookings, users } from '../../db/schema';

/**
 * Serialises everything that fills or books one planner's day (a request, an acceptance) until the
 * transaction ends: two parallel acceptances of the last place take it one after the other, so
 * the second sees the first (docs/decisions/015). Taken before any booking row is locked.
 * PGlite runs one transaction at a time, so there it is only ever free.
 */
export async function lockPlannerDay(db: Queryable, plannerId: string, day: string): Promise<void> {
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${plannerDayLockKey(plannerId, day)}, 0))`,
  );
}

/**
 * The name of a planner's day lock (hashed by `pg_advisory_xact_lock(hashtextextended(key, 0))`):
 * the booking request's database function takes the same lock by it.
 */
export function plannerDayLockKey(plannerId: string, day: string): string {
  return `planner-day:${plannerId}:${day}`;
}

/** A user who may have days: their role and how many events a day they take. */
export async function findPlannerCapacity(db: Queryable, plannerId: string) {
  const [row] = await prepared(db, 'find_planner_capacity', (on, name) =>
    on
      .select({ role: users.role, eventsPerDay: users.eventsPerDay })
      .from(users)
      // A deleted account has no days (it answers like an unknown one).
      .where(and(eq(users.id, sql.placeholder('plannerId')), isNull(users.deletedAt)))
      .limit(1)
      .prepare(name),
  ).execute({ plannerId });
  return row;
}

export async function isDayBlocked(db: Queryable, plannerId: string, day: string): Promise<boolean> {
  const [row] = await db
    .select({ day: availabilityBlocks.day })
    .from(availabilityBlocks)
    .where(and(eq(availabilityBlocks.plannerId, plannerId), eq(availabilityBlocks.day, day)))
    .limit(1);
  return row !== undefined;
}

/** How many of the planner's bookings take a place on that day, leaving one booking out. */
export async function countDayTaken(
  db: Queryable,
  options: { plannerId: string; day: string; exceptBookingId?: string },
): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(bookings)
    .where(
      and(
        eq(bookings.plannerId, options.plannerId),
        eq(bookings.eventDate, options.day),
        inArray(bookings.status, [...DAY_TAKING_STATUSES]),
        options.exceptBookingId ? ne(bookings.id, options.exceptBookingId) : undefined,
      ),
    );
  return row?.total ?? 0;
}

/**
 * The days in [from, to] a planner cannot take a new event on: blocked, or with as many bookings
 * taking a place as they take events a day. One statement, prepared (planning it cost more than
 * running it: docs/quality.md, Calendar), read from the planner-day-status index.
 */
export async function findUnavailableDays(
  db: Queryable,
  options: { plannerId: string; eventsPerDay: number; from: string; to: string },
): Promise<string[]> {
  const rows = await prepared(db, 'find_unavailable_days', (on, name) => {
    // Days as text: a driver would turn a date into a Date at local midnight, a day off east of UTC.
    const blocked = on
      .select({ day: sql<string>`${availabilityBlocks.day}::text`.as('day') })
      .from(availabilityBlocks)
      .where(
        and(
          eq(availabilityBlocks.plannerId, sql.placeholder('plannerId')),
          between(availabilityBlocks.day, sql.placeholder('from'), sql.placeholder('to')),
        ),
      );
    const full = on
      .select({ day: sql<string>`${bookings.eventDate}::text`.as('day') })
      .from(bookings)
      .where(
        and(
          eq(bookings.plannerId, sql.placeholder('plannerId')),
          between(bookings.eventDate, sql.placeholder('from'), sql.placeholder('to')),
          inArray(bookings.status, [...DAY_TAKING_STATUSES]),
        ),
      )
      .groupBy(bookings.eventDate)
      .having(sql`count(*) >= ${sql.placeholder('eventsPerDay')}`);
    return blocked.union(full).orderBy(sql`day`).prepare(name);
  }).execute(options);
  return rows.map((row) => row.day);
}

/**
 * The condition "the planner whose id is `plannerId` (a column of the outer query) can take a new
 * event on `day`": the rule `checkPlannerDay` applies to a booking request, written as SQL for a
 * search of the catalogue. The day is not blocked, and fewer of the planner's bookings take a place
 * on it (DAY_TAKING_STATUSES) than the events a day they take. Two NOT EXISTS, each read from an
 * index: the blocks' primary key (planner, day) and `bookings_planner_day_idx` (planner, day, status).
 */
export function plannerFreeOn(plannerId: SQLWrapper, day: string | Placeholder): SQL {
  const blocked = sql`select 1 from ${availabilityBlocks}
    where ${availabilityBlocks.plannerId} = ${plannerId} and ${availabilityBlocks.day} = ${day}`;
  const full = sql`select 1 from ${bookings}
    where ${bookings.plannerId} = ${plannerId} and ${bookings.eventDate} = ${day}
      and ${inArray(bookings.status, [...DAY_TAKING_STATUSES])}
    having count(*) >= (select ${users.eventsPerDay} from ${users} where ${users.id} = ${plannerId})`;
  return sql`(not exists (${blocked}) and not exists (${full}))`;
}

/** Deletes every day the planner blocked. */
export async function deletePlannerBlocks(db: Queryable, plannerId: string): Promise<void> {
  await db.delete(availabilityBlocks).where(eq(availabilityBlocks.plannerId, plannerId));
}

export async function insertBlock(db: Queryable, values: { plannerId: string; day: string; note: string }) {
  const [row] = await db
    .insert(availabilityBlocks)
    .values(values)
    .onConflictDoNothing({ target: [availabilityBlocks.plannerId, availabilityBlocks.day] })
    .returning();
  return row;
}

/** Blocks each day given with one note; days already blocked keep their block and note. */
export async function insertBlocks(
  db: Queryable,
  values: { plannerId: string; days: string[]; note: string },
) {
  if (values.days.length === 0) return [];
  return db
    .insert(availabilityBlocks)
    .values(values.days.map((day) => ({ plannerId: values.plannerId, day, note: values.note })))
    .onConflictDoNothing({ target: [availabilityBlocks.plannerId, availabilityBlocks.day] })
    .returning();
}

/** Unblocks every blocked day from `from` to `to` (both included) and says which, in order. */
export async function deleteBlocksBetween(
  db: Queryable,
  options: { plannerId: string; from: string; to: string },
): Promise<string[]> {
  const rows = await db
    .delete(availabilityBlocks)
    .where(
      and(
        eq(availabilityBlocks.plannerId, options.plannerId),
        between(availabilityBlocks.day, options.from, options.to),
      ),
    )
    .returning({ day: availabilityBlocks.day });
  return rows.map((row) => row.day).sort();
}

export async function deleteBlock(db: Queryable, plannerId: string, day: string): Promise<boolean> {
  const rows = await db
    .delete(availabilityBlocks)
    .where(and(eq(availabilityBlocks.plannerId, plannerId), eq(availabilityBlocks.day, day)))
    .returning({ day: availabilityBlocks.day });
  return rows.length > 0;
}

export async function listBlocks(db: Queryable, options: { plannerId: string; from: string; to?: string }) {
  return db
    .select()
    .from(availabilityBlocks)
    .where(
      and(
        eq(availabilityBlocks.plannerId, options.plannerId),
        gte(availabilityBlocks.day, options.from),
        options.to ? lte(availabilityBlocks.day, options.to) : undefined,
      ),
    )
    .orderBy(asc(availabilityBlocks.day));
}

export type BlockRow = typeof availabilityBlocks.$inferSelect;
