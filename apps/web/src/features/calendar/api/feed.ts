import type { CalendarFeedResponse } from '@sherehe/shared/schemas/calendar';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { calendarApiPaths } from './calendar-paths';

const feedKey = ['calendar-feed'] as const;

/** GET /api/calendar/feed: the signed-in user's secret feed address. */
export function useFeed() {
  return useQuery({
    queryKey: feedKey,
    queryFn: ({ signal }) => api.get<CalendarFeedResponse>(calendarApiPaths.feed, signal),
    select: (reply) => reply.url,
  });
}

/** POST /api/calendar/feed: a new address; the old one stops at once. */
export function useReplaceFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<CalendarFeedResponse>(calendarApiPaths.feed),
    onSuccess: (reply) => queryClient.setQueryData(feedKey, reply),
  });
}

/** The feed's `webcal://` form, which calendar apps subscribe to. */
export function webcalUrl(url: string): string {
  return url.replace(/^https?:\/\//, 'webcal://');
}

/** Google Calendar's "add by URL" address for a feed. */
export function googleCalendarUrl(url: string): string {
  return `https://calendar.google.com/calendar/render?cid=${encodeURIComponent(webcalUrl(url))}`;
}
