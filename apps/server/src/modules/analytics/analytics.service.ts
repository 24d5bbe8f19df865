import { MESSAGES } from '@sherehe/shared/messages';
import type { Db } from '../../db/client';
import type { PlanRow, UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { moneyFigures } from '../payments';
import { bookingFigures, packageAndReviewFigures, revenueByMonth, userFigures } from './analytics.queries';

/**
 * GET /api/analytics/overview: the whole marketplace's figures for an admin; a planner's own, when
 * their plan includes analytics. Clients have none.
 */
export async function getAnalyticsOverview(options: {
  db: Db;
  actor: Pick<UserRow, 'id' | 'role'>;
  plan: Pick<PlanRow, 'analytics'>;
}) {
  const { db, actor, plan } = options;
  if (actor.role === 'client') throw new AppError('FORBIDDEN', MESSAGES.analytics.forbidden);
  if (actor.role === 'planner' && !plan.analytics) {
    throw new AppError('PLAN_LIMIT', MESSAGES.analytics.upgrade, { upgradePrompt: true });
  }
  const plannerId = actor.role === 'admin' ? undefined : actor.id;
  const [bookings, months, catalogue, people, money] = await Promise.all([
    bookingFigures(db, plannerId),
    revenueByMonth(db, plannerId),
    packageAndReviewFigures(db, plannerId),
    plannerId ? undefined : userFigures(db),
    moneyFigures(db, plannerId),
  ]);
  return {
    scope: plannerId ? ('planner' as const) : ('marketplace' as const),
    bookings,
    months,
    catalogue,
    people,
    money,
  };
}

export type AnalyticsFigures = Awaited<ReturnType<typeof getAnalyticsOverview>>;
