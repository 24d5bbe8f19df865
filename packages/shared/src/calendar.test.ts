import { describe, expect, it } from 'vitest';
import { daysInRange, shiftDay } from './calendar';
import { availabilityQuerySchema, eventsPerDaySchema } from './schemas/calendar';

// Fixed past days: nothing below reads the clock, and no day here lies ahead of it.
describe('calendar days', () => {
  it('counts the days of a range, both ends included, across month, year and leap-day ends', () => {
    expect(daysInRange('2022-12-31', '2022-12-31')).toBe(1);
    expect(daysInRange('2022-12-31', '2023-01-01')).toBe(2);
    expect(daysInRange('2024-01-01', '2024-12-31')).toBe(366);
    expect(daysInRange('2023-01-01', '2023-12-31')).toBe(365);
  });

  it('moves a day forward and back', () => {
    expect(shiftDay('2024-02-28', 1)).toBe('2024-02-29');
    expect(shiftDay('2023-01-03', -7)).toBe('2022-12-27');
  });
});

describe('availabilityQuerySchema', () => {
  it('takes at most 366 days, from on or before to', () => {
    expect(availabilityQuerySchema.safeParse({ from: '2024-01-01', to: '2024-12-31' }).success).toBe(true);
    const tooLong = availabilityQuerySchema.safeParse({ from: '2023-01-01', to: '2024-01-02' });
    expect(tooLong.error?.issues[0]?.message).toBe('Ask for at most 366 days at a time.');
    const backwards = availabilityQuerySchema.safeParse({ from: '2023-01-02', to: '2023-01-01' });
    expect(backwards.error?.issues[0]?.message).toBe(
      'The "To" date must be the same as or after the "From" date.',
    );
    expect(availabilityQuerySchema.safeParse({ from: '2023-02-29', to: '2023-03-01' }).success).toBe(false);
  });
});

describe('eventsPerDaySchema', () => {
  it('is a whole number from 1 to 20', () => {
    for (const ok of [1, 7, 20]) expect(eventsPerDaySchema.safeParse(ok).success).toBe(true);
    for (const bad of [0, 21, 1.5, '3', null]) expect(eventsPerDaySchema.safeParse(bad).success).toBe(false);
  });
});
