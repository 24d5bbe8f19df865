/** How far ahead an event may be booked: the server refuses later days, the form offers none. */
export const BOOKING_HORIZON_YEARS = 3;

/**
 * The last bookable calendar day (YYYY-MM-DD) counted from `today` (YYYY-MM-DD, Nairobi): the same
 * month and day, BOOKING_HORIZON_YEARS later. From 29 February that day may not exist (2031-02-29);
 * it is used as a bound that days are compared to as text, which still orders them correctly.
 */
export function latestBookableDay(today: string): string {
  return `${Number(today.slice(0, 4)) + BOOKING_HORIZON_YEARS}${today.slice(4)}`;
}
