import type { Db } from '../../db/client';
import { listPlans } from './plans.queries';

/** GET /api/plans: the subscription plans, in their order on the pricing page. */
export function getPlans({ db }: { db: Db }) {
  return listPlans(db);
}
