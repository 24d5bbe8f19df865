import { BOOKING_STATUSES, type BookingStatus } from '@sherehe/shared/booking-status';
import { centsFromSum, fromCents } from '@sherehe/shared/money';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { bookings, packages, reviews, users } from '../../db/schema';

/** Every figure is one aggregate query; no rows are loaded (the figures hold at any size). */
export async function bookingFigures(db: Queryable, plannerId: string | undefined) {
  const where = plannerId ? eq(bookings.plannerId, plannerId) : undefined;
  const [totals] = await db
    .select({
      total: count(),
      completed: sql<number>`count(*) filter (where ${bookings.status} = 'completed')`.mapWith(Number),
      revenue: sql<string>`coalesce(sum(${bookings.priceCents}) filter (where ${bookings.status} = 'completed'), 0)::text`,
    })
    .from(bookings)
    .where(where);
  const byStatusRows = await db
    .select({ status: bookings.status, n: count() })
    .from(bookings)
    .where(where)
    .groupBy(bookings.status);
  const byStatus = Object.fromEntries(BOOKING_STATUSES.map((status) => [status, 0])) as Record<
    BookingStatus,
    number
  >;
  for (const row of byStatusRows) byStatus[row.status] = row.n;
  return {
    totalBookings: totals?.total ?? 0,
    completedBookings: totals?.completed ?? 0,
    totalRevenue: fromCents(centsFromSum(totals?.revenue)),
    bookingsByStatus: byStatus,
  };
}

/**
 * Completed bookings and their value (the same definition as `totalRevenue`: stored prices of
 * completed bookings) by month of the event: the last 12 months (this one included), zeros filled in,
 * and any later month that holds a completed booking, so that none counted in the total is left off
 * the chart for being ahead (a booking completed before its day, from before that was refused).
 */
export async function revenueByMonth(db: Queryable, plannerId: string | undefined) {
  const rows = await db.execute(sql`
    with this_month as (
      select date_trunc('month', (now() at time zone 'Africa/Nairobi')::date)::date as month
    ), months as (
      select generate_series(
        (select month from this_month) - interval '11 months',
        greatest(
          (select month from this_month),
          (select date_trunc('month', max(event_date))::date from ${bookings}
            where status = 'completed' ${plannerId ? sql`and planner_id = ${plannerId}` : sql``})
        ),
        interval '1 month'
      )::date as month
    )
    select to_char(m.month, 'YYYY-MM') as month,
           coalesce(sum(b.price_cents), 0)::text as revenue,
           count(b.id)::int as bookings
    from months m
    left join ${bookings} b
      on date_trunc('month', b.event_date)::date = m.month
     and b.status = 'completed'
     ${plannerId ? sql`and b.planner_id = ${plannerId}` : sql``}
    group by m.month
    order by m.month`);
  return (rows as unknown as { rows: { month: string; revenue: string; bookings: number }[] }).rows.map(
    (row) => ({
      month: row.month,
      revenue: fromCents(centsFromSum(row.revenue)),
      bookings: Number(row.bookings),
    }),
  );
}

export async function userFigures(db: Queryable) {
  const [row] = await db
    .select({
      total: count(),
      clients: sql<number>`count(*) filter (where ${users.role} = 'client')`.mapWith(Number),
      planners: sql<number>`count(*) filter (where ${users.role} = 'planner')`.mapWith(Number),
      admins: sql<number>`count(*) filter (where ${users.role} = 'admin')`.mapWith(Number),
    })
    .from(users)
    // A deleted account kept for its money records is nobody's account any more.
    .where(isNull(users.deletedAt));
  return {
    totalUsers: row?.total ?? 0,
    clients: row?.clients ?? 0,
    planners: row?.planners ?? 0,
    admins: row?.admins ?? 0,
  };
}

export async function packageAndReviewFigures(db: Queryable, plannerId: string | undefined) {
  const [packageRow] = await db
    .select({ n: count() })
    .from(packages)
    .where(plannerId ? eq(packages.plannerId, plannerId) : undefined);
  const [reviewRow] = plannerId
    ? await db
        .select({ n: count() })
        .from(reviews)
        .innerJoin(packages, and(eq(packages.id, reviews.packageId), eq(packages.plannerId, plannerId)))
    : await db.select({ n: count() }).from(reviews);
  return { totalPackages: packageRow?.n ?? 0, totalReviews: reviewRow?.n ?? 0 };
}
