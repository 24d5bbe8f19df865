/** How many years ahead an event may be booked. */
export const BOOKING_HORIZON_YEARS = 3;

/**
 * The last day an event may be booked for, `BOOKING_HORIZON_YEARS` after `today` (YYYY-MM-DD in
 * Nairobi). The server refuses later days; the booking form offers none. From 29 February the
 * horizon ends on 28 February when its year has no 29th.
 */
export function latestBookableDay(today: string): string {
  const year = Number(today.slice(0, 4)) + BOOKING_HORIZON_YEARS;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  // Kept free of the date formatting helpers: the messages that quote the horizon are on every page.
  return today.slice(5) === '02-29' && !leap ? `${year}-02-28` : `${year}${today.slice(4)}`;
}
