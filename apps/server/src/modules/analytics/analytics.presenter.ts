import type { AnalyticsOverview } from '@sherehe/shared/schemas/analytics';
import type { AnalyticsFigures } from './analytics.service';

/** The figures as one object; the user counts only in the marketplace's view. */
export function presentAnalytics(figures: AnalyticsFigures): AnalyticsOverview {
  return {
    ...figures.bookings,
    ...figures.people,
    ...figures.catalogue,
    revenueByMonth: figures.months,
    money: figures.money,
    scope: figures.scope,
  };
}
