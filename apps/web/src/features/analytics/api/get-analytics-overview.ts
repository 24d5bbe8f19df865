import type { AnalyticsResponse } from '@sherehe/shared/schemas/analytics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';

/** GET /api/analytics/overview: the marketplace's numbers (admin) or a planner's own. */
export function getAnalyticsOverview(signal?: AbortSignal): Promise<AnalyticsResponse> {
  return api.get<AnalyticsResponse>(apiPaths.analytics.overview, signal);
}

export function analyticsOverviewQueryOptions() {
  return queryOptions({
    queryKey: ['analytics', 'overview'],
    queryFn: ({ signal }) => getAnalyticsOverview(signal),
    select: (reply) => reply.data,
  });
}

export function useAnalyticsOverview() {
  return useQuery(analyticsOverviewQueryOptions());
}
