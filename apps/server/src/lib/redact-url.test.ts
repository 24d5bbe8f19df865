import { describe, expect, it } from 'vitest';
import { redactUrl } from './redact-url';

describe('redactUrl', () => {
  it('hides secrets in query strings and secret paths, and keeps the rest', () => {
    expect(redactUrl('/reset-password?token=abc123')).toBe('/reset-password?token=[redacted]');
    expect(redactUrl('/x?page=2&TOKEN=s3cret&q=harusi')).toBe('/x?page=2&TOKEN=[redacted]&q=harusi');
    expect(redactUrl('/x?%74oken=s3cret')).toBe('/x?%74oken=[redacted]');
    expect(redactUrl('/api/calendar/Zx9-secret.ics')).toBe('/api/calendar/[redacted].ics');
    expect(redactUrl('/api/payments/mpesa/callback/abc')).toBe('/api/payments/mpesa/callback/[redacted]');
    expect(redactUrl('/api/payments/mpesa/callback/abc/0b9e2c1a-7d4f-4e8a-9c3b-2f1e0d9c8b7a')).toBe(
      '/api/payments/mpesa/callback/[redacted]/0b9e2c1a-7d4f-4e8a-9c3b-2f1e0d9c8b7a',
    );
    expect(redactUrl('/api/packages?page=1&limit=5')).toBe('/api/packages?page=1&limit=5');
    expect(redactUrl('/api/packages/123')).toBe('/api/packages/123');
  });

  it('never throws on malformed addresses', () => {
    for (const url of ['/%E0%A4%A?token=1', '/?%E0%A4%A=1&token=2', '?', '/a?=&&==', ''])
      expect(() => redactUrl(url)).not.toThrow();
    expect(redactUrl('/?%E0%A4%A=1&token=2')).toBe('/?%E0%A4%A=1&token=[redacted]');
  });
});

describe('redactUrl: every spelling the router accepts', () => {
  it('hides a feed token and a callback secret behind a trailing slash, escapes, doubled slashes or capitals', () => {
    const feed = 'Zx9-secret';
    for (const url of [
      `/api/calendar/${feed}.ics/`,
      `/api/calendar/${feed}.ics//`,
      `/api/%63alendar/${feed}.ics`,
      `/api/calendar/${feed}%2Eics`,
      `/api//calendar/${feed}.ics`,
      `/API/calendar/${feed}.ics`,
      `/api/calendar/${feed}.ics#x`,
      `/api/calendar/${feed}.ics/?page=1`,
    ]) {
      expect(redactUrl(url), url).not.toContain(feed);
      expect(redactUrl(url), url).toContain('/api/calendar/[redacted]');
    }
    const secret = 'cb-Secret_0123456789abcdef';
    const id = '0b9e2c1a-7d4f-4e8a-9c3b-2f1e0d9c8b7a';
    for (const url of [
      `/api/payments/mpesa/callback/${secret}/`,
      `/api/payments/mpesa/callback//${secret}`,
      `/api/payments/mpesa/callback/${secret}/${id}/`,
      `/api/payments/mpesa/%63allback/${secret}`,
      `/api/payments/mpesa/callback/${secret};x`,
      `/api/Payments/mpesa/callback/${secret}?x=1`,
    ]) {
      expect(redactUrl(url), url).not.toContain(secret);
      expect(redactUrl(url), url).toContain('/api/payments/mpesa/callback/[redacted]');
    }
    expect(redactUrl(`/api/payments/mpesa/callback/${secret}/${id}/`)).toBe(
      `/api/payments/mpesa/callback/[redacted]/${id}`,
    );
    expect(redactUrl('/api/calendar/feed')).toBe('/api/calendar/feed');
    for (const route of ['delivery-reports', 'inbound'])
      for (const url of [
        `/api/sms/${route}/${secret}`,
        `/api/sms/${route}/${secret}/`,
        `/api//sms/${route}//${secret}`,
        `/api/SMS/${route}/${secret}?x=1`,
        `/api/sms/${route}/${secret.slice(0, 3)}%${secret.charCodeAt(3).toString(16)}${secret.slice(4)}`,
      ]) {
        expect(redactUrl(url), url).not.toContain(secret);
        expect(redactUrl(url), url).toContain(`/api/sms/${route}/[redacted]`);
      }
    expect(redactUrl('/api/sms/inbound')).toBe('/api/sms/inbound');
  });

  it('hides secret query values however the name is spelt or separated', () => {
    for (const url of [
      '/reset-password/?token=s3cret',
      '/reset-password?x=1;token=s3cret',
      '/reset-password?token%5B%5D=s3cret',
      '/reset-password?tok%65n=s3cret',
      '/reset-password#token=s3cret',
      '/reset-password?+token=s3cret',
    ])
      expect(redactUrl(url), url).not.toContain('s3cret');
  });
});
