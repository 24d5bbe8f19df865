import { describe, expect, it } from 'vitest';
import { BOOKING_HORIZON_YEARS, latestBookableDay } from './booking-dates';
import { bookingsMessages } from './messages/bookings';

describe('the booking horizon', () => {
  it('ends the same day three years on', () => {
    expect(BOOKING_HORIZON_YEARS).toBe(3);
    expect(latestBookableDay('2026-12-14')).toBe('2029-12-14');
  });

  it('ends on 28 February when the 29th has no match', () => {
    expect(latestBookableDay('2028-02-29')).toBe('2031-02-28');
    expect(latestBookableDay('2024-02-29')).toBe('2027-02-28');
  });

  it('is the number the message names', () => {
    expect(bookingsMessages.tooFar).toContain(`${BOOKING_HORIZON_YEARS} years`);
  });
});
