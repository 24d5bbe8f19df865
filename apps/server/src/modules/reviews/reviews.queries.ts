import { REVIEWABLE_BOOKING_STATUSES } from '@sherehe/shared/booking-status';
import { and, avg, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { bookings, packages, reviews, users } from '../../db/schema';

const reviewColumns = {
  review: reviews,
  client: { id: users.id, username: users.username },
  package: { id: packages.id, title: packages.title },
};

export type ReviewRowWithRelations = {
  review: typeof reviews.$inferSelect;
  client: { id: string; username: string };
  package: { id: string; title: string };
};

function selectWithRelations(db: Queryable) {
  return db
    .select(reviewColumns)
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.clientId))
    .innerJoin(packages, eq(packages.id, reviews.packageId));
}

export function listPackageReviews(db: Queryable, packageId: string): Promise<ReviewRowWithRelations[]> {
  return selectWithRelations(db)
    .where(eq(reviews.packageId, packageId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id));
}

/** A planner's packages in the catalogue: the public profile shows only their reviews. */
const listedPackagesOf = (plannerId: string) =>
  and(eq(packages.plannerId, plannerId), sql`${packages.listed}`);

/** Reviews of every listed package of a planner (the public profile), newest first. */
export function listPlannerReviews(
  db: Queryable,
  plannerId: string,
  page: { limit: number; offset: number },
): Promise<ReviewRowWithRelations[]> {
  return selectWithRelations(db)
    .where(listedPackagesOf(plannerId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function plannerReviewStats(db: Queryable, plannerId: string) {
  const [row] = await db
    .select({ count: count(), average: avg(reviews.rating) })
    .from(reviews)
    .innerJoin(packages, eq(packages.id, reviews.packageId))
    .where(listedPackagesOf(plannerId));
  return { count: row?.count ?? 0, average: row?.average ? Number(row.average) : 0 };
}

export async function findReview(db: Queryable, id: string): Promise<ReviewRowWithRelations | undefined> {
  const [row] = await selectWithRelations(db).where(eq(reviews.id, id)).limit(1);
  return row;
}

export async function lockReview(db: Queryable, id: string) {
  const [row] = await db.select().from(reviews).where(eq(reviews.id, id)).limit(1).for('update');
  return row;
}

/** A review, locked, with the planner of its package (who alone may reply to it). */
export async function lockReviewWithPlanner(db: Queryable, id: string) {
  const [row] = await db
    .select({ review: reviews, plannerId: packages.plannerId })
    .from(reviews)
    .innerJoin(packages, eq(packages.id, reviews.packageId))
    .where(eq(reviews.id, id))
    .limit(1)
    .for('update', { of: reviews });
  return row;
}

/** Writes the reply: the first one sets when it was made, every one when it was last changed. */
export async function setReviewReply(db: Queryable, id: string, text: string, now: Date, first: boolean) {
  await db
    .update(reviews)
    .set({ replyText: text, replyUpdatedAt: now, ...(first && { replyCreatedAt: now }) })
    .where(eq(reviews.id, id));
}

export async function clearReviewReply(db: Queryable, id: string) {
  await db
    .update(reviews)
    .set({ replyText: null, replyCreatedAt: null, replyUpdatedAt: null })
    .where(eq(reviews.id, id));
}

export async function hasReviewableBooking(
  db: Queryable,
  clientId: string,
  packageId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.clientId, clientId),
        eq(bookings.packageId, packageId),
        inArray(bookings.status, [...REVIEWABLE_BOOKING_STATUSES]),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * What the review ask of a booking needs: the booking, its client (address, name, language) and
 * whether the client has reviewed its package by now.
 */
export async function findReviewAsk(db: Queryable, bookingId: string) {
  const [row] = await db
    .select({
      status: bookings.status,
      packageId: bookings.packageId,
      packageTitle: bookings.packageTitle,
      eventDate: bookings.eventDate,
      client: { id: users.id, email: users.email, username: users.username, locale: users.locale },
      reviewed: sql<boolean>`exists (select 1 from ${reviews} where ${reviews.clientId} = ${bookings.clientId} and ${reviews.packageId} = ${bookings.packageId})`,
    })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.clientId))
    .where(eq(bookings.id, bookingId))
    .limit(1);
  return row;
}

/** The packages of other planners a user reviewed (their ratings change when the user goes). */
export async function packagesReviewedOfOthers(db: Queryable, userId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ packageId: reviews.packageId })
    .from(reviews)
    .innerJoin(packages, eq(packages.id, reviews.packageId))
    .where(and(eq(reviews.clientId, userId), ne(packages.plannerId, userId)));
  return rows.map((row) => row.packageId);
}

export async function insertReview(db: Queryable, values: typeof reviews.$inferInsert) {
  const [row] = await db.insert(reviews).values(values).onConflictDoNothing().returning({ id: reviews.id });
  return row;
}

export async function updateReview(db: Queryable, id: string, values: { rating?: number; comment?: string }) {
  await db
    .update(reviews)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(reviews.id, id));
}

export async function deleteReview(db: Queryable, id: string) {
  await db.delete(reviews).where(eq(reviews.id, id));
}

/** Keeps a package's average and count (used by search's rating sort) in step with its reviews. */
/** Deletes every review the user wrote. */
export async function deleteReviewsBy(db: Queryable, clientId: string) {
  await db.delete(reviews).where(eq(reviews.clientId, clientId));
}

export async function refreshPackageRating(db: Queryable, packageId: string) {
  await db
    .update(packages)
    .set({
      ratingAvg: sql`(select coalesce(round(avg(${reviews.rating}), 2), 0) from ${reviews} where ${reviews.packageId} = ${packageId})`,
      ratingCount: sql`(select count(*) from ${reviews} where ${reviews.packageId} = ${packageId})`,
    })
    .where(eq(packages.id, packageId));
}
