import {
  type BookingListResponse,
  type DatedBooking,
  isDated,
  type ListBookingsQuery,
} from '@sherehe/shared/schemas/bookings';
import { useQuery } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';

/** The lists' widest page; a range with more bookings is read page by page. */
const PAGE_LIMIT = 100;
/** A stop for a runaway range (100 pages of 100). */
const MAX_PAGES = 100;

export type BookingSide = 'my' | 'for-planner';

/**
 * Whose bookings a person's calendar shows: a planner's are those of their packages; a client's, and
 * an admin's, those they made (an admin's for-planner list is the whole marketplace, which is the
 * bookings page's business, not their calendar's; their feed holds their own as well).
 */
export const calendarSideOf = (role: string): BookingSide => (role === 'planner' ? 'for-planner' : 'my');

/**
 * Every booking with its event day in the range, from the list the bookings page uses for this role
 * (`calendarSideOf`), all pages of it. The key starts with
 * 'bookings' so a booking's change (which refreshes that key) refreshes the calendar too.
 */
export async function getBookingsInRange(
  side: BookingSide,
  range: { from: string; to: string; status?: ListBookingsQuery['status'] },
  signal?: AbortSignal,
): Promise<DatedBooking[]> {
  const all: DatedBooking[] = [];
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const query = { ...range, page, limit: PAGE_LIMIT };
    const path = side === 'my' ? apiPaths.bookings.my(query) : apiPaths.bookings.forPlanner(query);
    const reply = await api.get<BookingListResponse>(path, signal);
    // An enquiry with no day yet is not in a range of days; kept out all the same, typed so.
    all.push(...reply.bookings.filter(isDated));
    if (page >= (reply.pages ?? 1)) break;
  }
  return all;
}

export function useBookingsInRange(
  side: BookingSide,
  range: { from: string; to: string; status?: ListBookingsQuery['status'] },
  options: { enabled: boolean },
) {
  return useQuery({
    queryKey: ['bookings', 'calendar', side, range],
    queryFn: ({ signal }) => getBookingsInRange(side, range, signal),
    enabled: options.enabled,
  });
}
