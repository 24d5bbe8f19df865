import { describe, expect, it } from 'vitest';
import {
  acceptedReminders,
  balanceReminderAt,
  nairobiMoment,
  reminderKey,
  requestReminder,
} from './reminders.schedule';

// Fixed days are safe here: the functions take "now" as an argument and never read the clock.
const at = (iso: string) => new Date(iso);

describe('nairobiMoment', () => {
  it('is the hour on the day in Nairobi (UTC+3, no summer time), across a year end', () => {
    expect(nairobiMoment('2022-12-05', 9).toISOString()).toBe('2022-12-05T06:00:00.000Z');
    expect(nairobiMoment('2023-01-01', 9).toISOString()).toBe('2023-01-01T06:00:00.000Z');
    expect(nairobiMoment('2026-07-01', 9).toISOString()).toBe('2026-07-01T06:00:00.000Z');
  });
});

describe('requestReminder', () => {
  it('comes 24 hours after the request', () => {
    expect(requestReminder(at('2026-03-10T21:15:00Z'))).toEqual({
      kind: 'request-unanswered',
      runAt: at('2026-03-11T21:15:00Z'),
    });
  });
});

describe('acceptedReminders', () => {
  it('a month ahead: 7 days and 1 day before, the deposit 2 days after, the balance 10 days before, at 09:00', () => {
    const reminders = acceptedReminders({
      eventDate: '2026-04-30',
      acceptedOn: '2026-03-31',
      now: at('2026-03-31T12:00:00Z'),
    });
    expect(reminders).toEqual([
      { kind: 'event-7d', runAt: at('2026-04-23T06:00:00Z') },
      { kind: 'event-1d', runAt: at('2026-04-29T06:00:00Z') },
      { kind: 'deposit-due', runAt: at('2026-04-02T06:00:00Z') },
      // The balance is due on 23 April (7 days before): recalled 3 days before that.
      { kind: 'balance-due', runAt: at('2026-04-20T06:00:00Z') },
    ]);
  });

  it('five days ahead: no 7-day or balance reminder late, the deposit and the day before still', () => {
    const reminders = acceptedReminders({
      eventDate: '2026-03-06',
      acceptedOn: '2026-03-01',
      now: at('2026-03-01T08:00:00Z'),
    });
    expect(reminders.map((r) => r.kind)).toEqual(['event-1d', 'deposit-due']);
  });

  it('two days ahead: no deposit reminder on the day of the event', () => {
    const reminders = acceptedReminders({
      eventDate: '2026-03-03',
      acceptedOn: '2026-03-01',
      now: at('2026-03-01T05:00:00Z'),
    });
    expect(reminders).toEqual([{ kind: 'event-1d', runAt: at('2026-03-02T06:00:00Z') }]);
  });

  it('accepted after 09:00 on the day before: nothing left to send', () => {
    expect(
      acceptedReminders({
        eventDate: '2026-03-02',
        acceptedOn: '2026-03-01',
        now: at('2026-03-01T06:00:01Z'),
      }),
    ).toEqual([]);
  });
});

describe('the balance reminder of a booking accepted late', () => {
  // The event on 30 April: the balance is due on 23 April, recalled on 20 April at 09:00 when there is time.
  const eventDate = '2026-04-30';

  it('accepted 9 days before the event: recalled at the next 09:00, before the balance is due', () => {
    const reminders = acceptedReminders({
      eventDate,
      acceptedOn: '2026-04-21',
      now: at('2026-04-21T12:00:00Z'),
    });
    expect(reminders).toEqual([
      { kind: 'event-7d', runAt: at('2026-04-23T06:00:00Z') },
      { kind: 'event-1d', runAt: at('2026-04-29T06:00:00Z') },
      { kind: 'deposit-due', runAt: at('2026-04-23T06:00:00Z') },
      { kind: 'balance-due', runAt: at('2026-04-22T06:00:00Z') },
    ]);
  });

  it('accepted before 09:00: the same morning', () => {
    expect(balanceReminderAt({ eventDate, now: at('2026-04-21T05:59:00Z') })).toEqual(
      at('2026-04-21T06:00:00Z'),
    );
  });

  it('accepted 10 days before, after 09:00: the next morning, still 2 days before the due day', () => {
    expect(balanceReminderAt({ eventDate, now: at('2026-04-20T06:00:01Z') })).toEqual(
      at('2026-04-21T06:00:00Z'),
    );
  });

  it('accepted the evening before the due day: at once, not on the due day', () => {
    const now = at('2026-04-22T18:30:00Z'); // 21:30 in Nairobi on 22 April
    expect(balanceReminderAt({ eventDate, now })).toEqual(now);
    // Just after midnight in Nairobi it is the due day: nothing.
    expect(balanceReminderAt({ eventDate, now: at('2026-04-22T21:00:00Z') })).toBeNull();
  });

  it('accepted on the due day or later: none, the balance is already due', () => {
    const reminders = acceptedReminders({
      eventDate,
      acceptedOn: '2026-04-23',
      now: at('2026-04-23T05:00:00Z'),
    });
    expect(reminders.map((r) => r.kind)).not.toContain('balance-due');
  });
});

describe('reminderKey', () => {
  it('names the booking, the reminder and the event day', () => {
    expect(reminderKey('b1', 'event-7d', '2026-04-30')).toBe('reminder:b1:event-7d:2026-04-30');
  });
});
