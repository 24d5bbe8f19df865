import { isCalendarDay } from './dates';

/** How many years ahead an event may be booked. */
export const BOOKING_HORIZON_YEARS = 3;

/**
 * The last day an event may be booked for, `BOOKING_HORIZON_YEARS` after `today` (YYYY-MM-DD in
 * Nairobi). The server refuses later days; the booking form offers none. From 29 February the
 * horizon ends on 28 February when its year has no 29th.
 */
export function latestBookableDay(today: string): string {
  const day = `${Number(today.slice(0, 4)) + BOOKING_HORIZON_YEARS}${today.slice(4)}`;
  return isCalendarDay(day) ? day : `${day.slice(0, 8)}28`;
}
