import { toCents } from '@sherehe/shared/money';
import { PLAN_DEFINITIONS } from '@sherehe/shared/plans';
import { asc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { plans } from '../../db/schema';

export function listPlans(db: Queryable) {
  return db.select().from(plans).orderBy(asc(plans.sortOrder));
}

export async function findPlan(db: Queryable, id: string) {
  const [row] = await db.select().from(plans).where(eq(plans.id, id)).limit(1);
  return row;
}

/** Plans are reference data every install needs: written (and kept in step) at every start. */
export async function ensurePlans(db: Queryable): Promise<void> {
  const rows = PLAN_DEFINITIONS.map((plan, index) => ({
    id: plan.id,
    name: plan.name,
    priceCents: toCents(plan.price),
    maxBookingsPerMonth: plan.features.maxBookingsPerMonth,
    maxPackages: plan.features.maxPackages,
    analytics: plan.features.analytics,
    featuredListing: plan.features.featuredListing,
    prioritySupport: plan.features.prioritySupport,
    sortOrder: index,
  }));
  await db
    .insert(plans)
    .values(rows)
    .onConflictDoUpdate({
      target: plans.id,
      set: {
        name: sql`excluded.name`,
        priceCents: sql`excluded.price_cents`,
        maxBookingsPerMonth: sql`excluded.max_bookings_per_month`,
        maxPackages: sql`excluded.max_packages`,
        analytics: sql`excluded.analytics`,
        featuredListing: sql`excluded.featured_listing`,
        prioritySupport: sql`excluded.priority_support`,
        sortOrder: sql`excluded.sort_order`,
      },
    });
}
