import { type QueryValues, queryString } from '@/config/paths';

/**
 * The calendar's addresses, API and page. They live with the feature rather than in
 * `config/paths.ts`, whose table is part of the home page's entry chunk: only the package page's
 * booking form and the dashboard's lazy chunks need these.
 */
export const calendarApiPaths = {
  /** Public: which days of a planner cannot be booked, `from` and `to` (at most 366 days). */
  availability: (plannerId: string, query: { from: string; to: string }) =>
    `/api/planners/${encodeURIComponent(plannerId)}/availability${queryString(query)}`,
  /** The planner's own blocked days (GET with `from`, `to`; POST `{ date, to?, note }`). */
  blocks: (query: QueryValues = {}) => `/api/availability/blocks${queryString(query)}`,
  /** DELETE one blocked day, or with `to` every blocked day from `day` to `to`. */
  block: (day: string, to?: string) =>
    `/api/availability/blocks/${encodeURIComponent(day)}${queryString({ to })}`,
  /** GET: the signed-in user's secret feed address; POST: a new one (the old stops). */
  feed: '/api/calendar/feed',
  /** One booking's event (its parties), a download. */
  bookingIcs: (bookingId: string) => `/api/bookings/${encodeURIComponent(bookingId)}/ics`,
} as const;

/** The page's address (`month`: YYYY-MM); the router's segment under /dashboard is 'calendar'. */
export const calendarPageHref = (query: { month?: string } = {}) =>
  `/dashboard/calendar${queryString(query)}`;
