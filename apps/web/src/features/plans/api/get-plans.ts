import type { PlansResponse } from '@sherehe/shared/schemas/plans';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';

export function getPlans(signal?: AbortSignal): Promise<PlansResponse> {
  return api.get<PlansResponse>(apiPaths.plans, signal);
}

export function plansQueryOptions() {
  return queryOptions({
    queryKey: ['plans'],
    queryFn: ({ signal }) => getPlans(signal),
    select: (reply) => reply.plans,
    staleTime: 10 * 60_000,
  });
}

export function usePlans() {
  return useQuery(plansQueryOptions());
}
