import type {
  BlockListResponse,
  BlockResponse,
  CreateBlockBody,
  UnblockResponse,
} from '@sherehe/shared/schemas/calendar';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { calendarApiPaths } from './calendar-paths';
import { availabilityKey } from './get-availability';

export const blocksKey = ['availability-blocks'] as const;

/** GET /api/availability/blocks?from&to: the planner's own blocked days with their notes. */
export function useBlocks(range: { from: string; to: string }, options: { enabled: boolean }) {
  return useQuery({
    queryKey: [...blocksKey, range.from, range.to],
    queryFn: ({ signal }) => api.get<BlockListResponse>(calendarApiPaths.blocks(range), signal),
    select: (reply) => reply.blocks,
    enabled: options.enabled,
  });
}

function useRefreshAvailability() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: blocksKey }),
      queryClient.invalidateQueries({ queryKey: availabilityKey }),
    ]);
}

/** POST /api/availability/blocks: block a day, or with `to` every day up to it (no new requests for them). */
export function useBlockDay() {
  const refresh = useRefreshAvailability();
  return useMutation({
    mutationFn: (body: { date: string; to?: string; note?: string }) =>
      api.post<BlockResponse>(calendarApiPaths.blocks(), body satisfies Partial<CreateBlockBody>),
    onSuccess: refresh,
  });
}

/** DELETE /api/availability/blocks/{date}, with `to` every blocked day up to it. */
export function useUnblockDay() {
  const refresh = useRefreshAvailability();
  return useMutation({
    mutationFn: (range: string | { date: string; to: string }) =>
      typeof range === 'string'
        ? api.delete<UnblockResponse>(calendarApiPaths.block(range))
        : api.delete<UnblockResponse>(calendarApiPaths.block(range.date, range.to)),
    onSuccess: refresh,
  });
}
