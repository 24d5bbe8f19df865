import type { PlansResponse, PricedPlan } from '@sherehe/shared/schemas/plans';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { type Loaded, useLoad } from '@/lib/use-load';

export function getPlans(signal?: AbortSignal): Promise<PlansResponse> {
  return api.get<PlansResponse>(apiPaths.plans, signal);
}

/** The plans, for the home and pricing pages (outside the query cache: the home page is kept small). */
export function usePlans(): Loaded<PricedPlan[]> {
  return useLoad('plans', (signal) => getPlans(signal).then((reply) => reply.plans));
}
