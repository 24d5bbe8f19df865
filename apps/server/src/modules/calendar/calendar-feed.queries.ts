import type { Lang } from '@sherehe/shared/i18n';
import { and, asc, eq, gte, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { bookings, calendarFeeds, users } from '../../db/schema';
import { type BookingRowWithRelations, selectBookingsWithRelations } from '../bookings';

/** The user's feed token, made with `token` when they have none yet. */
export async function ensureFeedToken(db: Queryable, userId: string, token: string): Promise<string> {
  await db
    .insert(calendarFeeds)
    .values({ userId, token })
    .onConflictDoNothing({ target: calendarFeeds.userId });
  const [row] = await db
    .select({ token: calendarFeeds.token })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId));
  return row!.token;
}

/** A new token in place of the old one, which stops working with this statement's commit. */
export async function replaceFeedToken(db: Queryable, userId: string, token: string): Promise<void> {
  await db
    .insert(calendarFeeds)
    .values({ userId, token })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { token, createdAt: sql`now()` } });
}

/**
 * The user's feed address stops working with this statement's commit (after a password reset or a
 * role change: whoever held the old address loses it); GET /api/calendar/feed makes a new one.
 */
export async function deleteFeedToken(db: Queryable, userId: string): Promise<void> {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
}

/** The feed's owner and their language (the feed's texts are in it), or undefined for an unknown token. */
export async function findFeedOwner(
  db: Queryable,
  token: string,
): Promise<{ userId: string; locale: Lang } | undefined> {
  const [row] = await db
    .select({ userId: calendarFeeds.userId, locale: users.locale })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(eq(calendarFeeds.token, token))
    .limit(1);
  return row;
}

/** Every booking the user is a party to (client or planner) whose day is `from` or later, by day (an enquiry with no day has none: not listed). */
export async function listCalendarBookings(
  db: Queryable,
  options: { userId: string; from: string },
): Promise<BookingRowWithRelations[]> {
  return selectBookingsWithRelations(db)
    .where(
      and(
        or(eq(bookings.clientId, options.userId), eq(bookings.plannerId, options.userId)),
        gte(bookings.eventDate, options.from),
      ),
    )
    .orderBy(asc(bookings.eventDate), asc(bookings.id));
}
