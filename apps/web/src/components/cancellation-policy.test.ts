import { describe, expect, it } from 'vitest';
import { cancellationPolicyLines } from './cancellation-policy';

describe('a cancellation policy in words', () => {
  it('says the days before the event while no date is chosen', () => {
    expect(cancellationPolicyLines('flexible')).toEqual([
      'Flexible: everything back if you cancel 7 or more days before the event; the deposit is kept after that.',
    ]);
  });

  it('names the last days once the event has a date', () => {
    expect(cancellationPolicyLines('moderate', '2032-03-15', '2032-01-01')).toEqual([
      'Moderate: Cancel by Sat, 14 Feb 2032 for everything back.',
      'After that, until Mon, 8 Mar 2032, the deposit is kept and the rest is refunded; later, nothing is refunded.',
    ]);
    expect(cancellationPolicyLines('flexible', '2032-03-15', '2032-01-01')).toEqual([
      'Flexible: Cancel by Mon, 8 Mar 2032 for everything back.',
      'After that, the deposit is kept and the rest is refunded.',
    ]);
  });

  it('says when the day for everything back has passed', () => {
    expect(cancellationPolicyLines('strict', '2032-03-15', '2032-01-31')[0]).toBe(
      'Strict: Everything back was possible until Tue, 16 Dec 2031.',
    );
  });
});
