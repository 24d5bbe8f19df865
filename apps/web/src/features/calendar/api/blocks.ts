import type { BlockListResponse, BlockResponse, CreateBlockBody } from '@sherehe/shared/schemas/calendar';
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

/** POST /api/availability/blocks: block a day (no new requests for it). */
export function useBlockDay() {
  const refresh = useRefreshAvailability();
  return useMutation({
    mutationFn: (body: { date: string; note?: string }) =>
      api.post<BlockResponse>(calendarApiPaths.blocks(), body satisfies Partial<CreateBlockBody>),
    onSuccess: refresh,
  });
}

/** DELETE /api/availability/blocks/{date}. */
export function useUnblockDay() {
  const refresh = useRefreshAvailability();
  return useMutation({
    mutationFn: (day: string) => api.delete<{ success: true; message: string }>(calendarApiPaths.block(day)),
    onSuccess: refresh,
  });
}
