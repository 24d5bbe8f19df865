import { describe, expect, it } from 'vitest';
import { BOOKING_HORIZON_YEARS, latestBookableDay } from './booking-rules';

describe('latestBookableDay', () => {
  it('is the same month and day, the horizon in years later', () => {
    expect(BOOKING_HORIZON_YEARS).toBe(3);
    expect(latestBookableDay('2026-11-14')).toBe('2029-11-14');
    expect(latestBookableDay('2026-01-01')).toBe('2029-01-01');
  });

  it('bounds days compared as text, from 29 February too', () => {
    const limit = latestBookableDay('2028-02-29');
    expect(limit).toBe('2031-02-29');
    expect('2031-02-28' <= limit).toBe(true);
    expect('2031-03-01' > limit).toBe(true);
  });
});
