import { fromCents } from '@sherehe/shared/money';
import type { Plan } from '@sherehe/shared/schemas/plans';
import type { PlanRow } from '../../db/schema';

export function presentPlan(row: PlanRow): Plan {
  return {
    _id: row.id,
    name: row.name as Plan['name'],
    price: fromCents(row.priceCents),
    features: {
      maxBookingsPerMonth: row.maxBookingsPerMonth,
      maxPackages: row.maxPackages,
      analytics: row.analytics,
      featuredListing: row.featuredListing,
      prioritySupport: row.prioritySupport,
    },
  };
}
