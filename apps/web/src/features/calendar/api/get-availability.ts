import type { AvailabilityResponse } from '@sherehe/shared/schemas/calendar';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { calendarApiPaths } from './calendar-paths';

export const availabilityKey = ['availability'] as const;

/** GET /api/planners/{id}/availability: the days in the range nobody can book (blocked or full). */
export function getAvailability(
  plannerId: string,
  range: { from: string; to: string },
  signal?: AbortSignal,
): Promise<AvailabilityResponse> {
  return api.get<AvailabilityResponse>(calendarApiPaths.availability(plannerId, range), signal);
}

/** One range's unavailable days as a set; none asked while `range` is null. */
export function useAvailability(plannerId: string, range: { from: string; to: string } | null) {
  return useQuery({
    queryKey: [...availabilityKey, plannerId, range?.from, range?.to],
    queryFn: ({ signal }) => getAvailability(plannerId, range ?? { from: '', to: '' }, signal),
    select: (reply) => new Set(reply.unavailable),
    enabled: range !== null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
