import type { AnalyticsResponse } from '@sherehe/shared/schemas/analytics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { analyticsApiPaths } from './analytics-paths';

/** GET /api/analytics/overview: the marketplace's numbers (admin) or a planner's own. */
export function getAnalyticsOverview(signal?: AbortSignal): Promise<AnalyticsResponse> {
  return api.get<AnalyticsResponse>(analyticsApiPaths.overview, signal);
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
