import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { UNMATCHED_ROUTE } from '../src/metrics/metrics';
import { acceptedBooking, payBySimulator, until } from '../src/modules/payments/payments.test-support';
import { queueSms } from '../src/modules/sms';
import { createTestApp, type TestContext } from './build-app';
import { createUser } from './factories';
import { freePort } from './ports';
import { connected, connectSocket, disconnected } from './sockets';

/**
 * The metrics an operator's Prometheus reads, over real HTTP: the app listens at its PUBLIC_URL and
 * answers `/metrics` on its own address only (METRICS_PORT=0: any free port). Real traffic (API
 * calls, a booking paid by M-Pesa through the simulator, text messages sent and refused, a socket)
 * moves them.
 */
let t: TestContext;
let base: string;
let metricsUrl: string;

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  t = await createTestApp({
    PUBLIC_URL: base,
    METRICS_PORT: '0',
    SIM_CALLBACK_DELAY_MS: '20',
    JOBS_RETRY_BASE_MS: '20',
    JOBS_RETRY_MAX_MS: '60',
    JOBS_POLL_MS: '50',
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  const address = await t.app.metrics!.listen();
  metricsUrl = `http://127.0.0.1:${address.port}/metrics`;
});
afterAll(() => t?.close());

/** A scrape: each sample's value by its name and labels as written (`name{a="1",b="2"}`). */
async function scrape(): Promise<Map<string, number>> {
  const response = await fetch(metricsUrl);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  const samples = new Map<string, number>();
  for (const line of (await response.text()).split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    samples.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return samples;
}

/** The sample's key as `scrape` gives it: labels in the order the metric declares them. */
const key = (name: string, labels: Record<string, string> = {}) => {
  const written = Object.entries(labels).map(([label, value]) => `${label}="${value}"`);
  return written.length > 0 ? `${name}{${written.join(',')}}` : name;
};
const requests = (method: string, route: string, status: number) =>
  key('sherehe_http_request_duration_seconds_count', { method, route, status: String(status) });

describe('metrics on their own address', () => {
  it('are not answered on the public port: /metrics is an address like any unknown one there', async () => {
    const response = await fetch(`${base}/metrics`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    const head = await fetch(`${base}/metrics?format=prometheus`, { method: 'HEAD' });
    expect(head.status).toBe(404);
  });

  it('answer /metrics only, to GET and HEAD', async () => {
    const elsewhere = await fetch(metricsUrl.replace('/metrics', '/api/health'));
    expect(elsewhere.status).toBe(404);
    expect(await elsewhere.text()).not.toContain('sherehe_');
    expect((await fetch(metricsUrl, { method: 'POST' })).status).toBe(405);
    const head = await fetch(metricsUrl, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('count requests by route pattern and status, payments, SMS, jobs, sockets, and read the database and event loop', async () => {
    const before = await scrape();
    const delta = (sample: string, after: Map<string, number>, since = before) =>
      (after.get(sample) ?? 0) - (since.get(sample) ?? 0);

    // API calls: two answered, one not found, one refused.
    for (let i = 0; i < 2; i += 1) expect((await fetch(`${base}/api/health`)).status).toBe(200);
    expect((await fetch(`${base}/api/no-such-thing/42`)).status).toBe(404);
    // A booking paid by M-Pesa through the simulator, then read as its client does.
    const w = await acceptedBooking(t);
    const payment = await payBySimulator(t, w, 'deposit');
    // (payBySimulator reads the payment until it settles: counted from here on.)
    const paid = await scrape();
    const read = await fetch(`${base}/api/payments/${payment._id}`, { headers: w.client.headers });
    expect(read.status).toBe(200);
    const refused = await fetch(`${base}/api/payments`, {
      method: 'POST',
      headers: { ...w.client.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ bookingId: 'not-an-id', purpose: 'deposit', method: 'mpesa' }),
    });
    expect(refused.status).toBe(400);
    // A text message delivered, and one Africa's Talking refuses for good (its job fails at once).
    const stamp = String(Date.now() % 1_000_000).padStart(6, '0');
    const delivered = `2547${stamp}11`;
    const blacklisted = `2547${stamp.slice(0, 4)}0406`;
    for (const to of [delivered, blacklisted])
      await t.database.db.transaction((tx) =>
        queueSms(tx, t.app.jobs, {
          to,
          message: 'Karibu Sherehe',
          kind: 'test',
          subjectKey: `metrics-${to}`,
        }),
      );
    t.app.jobs.wake();
    // A signed-in page's socket.
    const socket = connectSocket(base, { token: w.client.token });
    await connected(socket);

    const after = await until(scrape, (samples) => {
      const sms = (status: string) => delta(key('sherehe_sms_messages', { status }), samples);
      // The refused message's row and its job are marked failed one after the other.
      const failedJobs = delta(key('sherehe_jobs_failed', { kind: 'sms-send' }), samples);
      return sms('delivered') === 1 && sms('failed') === 1 && failedJobs === 1;
    });

    expect(delta(requests('GET', '/api/health', 200), after)).toBe(2);
    expect(delta(requests('GET', UNMATCHED_ROUTE, 404), after)).toBe(1);
    expect(delta(requests('GET', '/api/payments/:id', 200), after, paid)).toBe(1);
    expect(delta(requests('POST', '/api/payments', 400), after)).toBe(1);
    expect(delta(requests('POST', '/api/payments', 201), after)).toBe(1);
    // The simulator's callback came back over HTTP, counted under its pattern (its secret is no label).
    const callbacks = [
      '/api/payments/mpesa/callback/:secret',
      '/api/payments/mpesa/callback/:secret/:paymentId',
    ];
    expect(callbacks.reduce((sum, route) => sum + delta(requests('POST', route, 200), after), 0)).toBe(1);
    // Durations are histograms: a bucket per bound, and their sum in seconds.
    const health = { method: 'GET', route: '/api/health', status: '200' };
    expect(delta(key('sherehe_http_request_duration_seconds_bucket', { le: '+Inf', ...health }), after)).toBe(
      2,
    );
    expect(delta(key('sherehe_http_request_duration_seconds_sum', health), after)).toBeGreaterThan(0);
    // No address is a label: no id, no unknown path.
    const names = [...after.keys()].join('\n');
    expect(names).not.toContain(payment._id);
    expect(names).not.toContain('not-an-id');
    expect(names).not.toContain('no-such-thing');
    expect(names).not.toContain(t.config.payments.mpesa!.callbackSecret);

    // Payments by method and status, every pair present.
    expect(delta(key('sherehe_payments', { method: 'mpesa', status: 'succeeded' }), after)).toBe(1);
    expect(after.get(key('sherehe_payments', { method: 'card', status: 'failed' }))).toBe(0);
    // SMS by status; the refused one's job is a failed job of its kind.
    expect(after.get(key('sherehe_sms_messages', { status: 'queued' }))).toBe(0);
    expect(delta(key('sherehe_jobs_failed', { kind: 'sms-send' }), after)).toBe(1);
    // Every registered kind has its three job gauges.
    for (const kind of t.app.jobs.kinds())
      for (const state of ['due', 'running', 'failed'])
        expect(after.get(key(`sherehe_jobs_${state}`, { kind }))).toEqual(expect.any(Number));

    expect(after.get('sherehe_sockets_connected')).toBe(1);
    expect(after.get('sherehe_database_up')).toBe(1);
    expect(after.get('nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    expect(after.get('process_resident_memory_bytes')).toBeGreaterThan(0);
    // The pool: PostgreSQL's connections and checkouts; PGlite has none to show.
    const checkouts = after.get('sherehe_db_pool_checkout_seconds_count');
    const connections =
      (after.get(key('sherehe_db_pool_connections', { state: 'idle' })) ?? 0) +
      (after.get(key('sherehe_db_pool_connections', { state: 'busy' })) ?? 0);
    expect(after.get('sherehe_db_pool_waiting')).toBe(0);
    if (t.database.kind === 'postgres') {
      expect(checkouts).toBeGreaterThan(before.get('sherehe_db_pool_checkout_seconds_count')!);
      expect(connections).toBeGreaterThanOrEqual(1);
    } else {
      expect(checkouts).toBe(0);
      expect(connections).toBe(0);
    }

    socket.disconnect();
    await disconnected(socket).catch(() => undefined);
    const gone = await until(scrape, (samples) => samples.get('sherehe_sockets_connected') === 0);
    expect(gone.get('sherehe_sockets_connected')).toBe(0);
  });
});

describe('a scrape while the database does not answer', () => {
  it('count session look-ups: read from the database here (no session cache in tests), kept where it is on', async () => {
    const user = await createUser(t.database.db);
    const lookups = (result: string) => key('sherehe_session_cache_lookups_total', { result });
    const before = await scrape();
    for (let i = 0; i < 2; i++)
      expect((await fetch(`${base}/api/auth/is-auth`, { headers: user.headers })).status).toBe(200);
    const after = await scrape();
    expect(after.get(lookups('miss'))! - before.get(lookups('miss'))!).toBe(2);
    expect(after.get(lookups('hit'))).toBe(before.get(lookups('hit')));
    // The same counts, from a process keeping sessions: one read, then one kept.
    t.app.sessionStore.cache.counts.hits += 1;
    expect((await scrape()).get(lookups('hit'))! - before.get(lookups('hit'))!).toBe(1);
  });

  it('still answers, with sherehe_database_up 0 and no table figures rather than stale ones', async () => {
    const rows = vi.spyOn(t.database, 'rows').mockRejectedValueOnce(new Error('connection refused'));
    try {
      const samples = await scrape();
      expect(rows).toHaveBeenCalledTimes(1);
      expect(samples.get('sherehe_database_up')).toBe(0);
      const names = [...samples.keys()];
      for (const name of [
        'sherehe_payments',
        'sherehe_sms_messages',
        'sherehe_jobs_due',
        'sherehe_jobs_failed',
      ])
        expect(names.filter((sample) => sample.startsWith(`${name}{`))).toEqual([]);
      expect(samples.get('sherehe_sockets_connected')).toEqual(expect.any(Number));
      expect(samples.get('nodejs_eventloop_lag_p99_seconds')).toEqual(expect.any(Number));
    } finally {
      rows.mockRestore();
    }
    const again = await scrape();
    expect(again.get('sherehe_database_up')).toBe(1);
    expect(again.get(key('sherehe_payments', { method: 'mpesa', status: 'succeeded' }))).toEqual(
      expect.any(Number),
    );
  });
});

describe('the metrics listener', () => {
  it('is not there without METRICS_PORT, and closes with the app', async () => {
    const off = await createTestApp();
    try {
      expect(off.app.metrics).toBeUndefined();
    } finally {
      await off.close();
    }

    const on = await createTestApp({ METRICS_PORT: '0' });
    let address: AddressInfo;
    try {
      address = await on.app.metrics!.listen();
      expect(address.address).toBe('127.0.0.1');
      expect((await fetch(`http://127.0.0.1:${address.port}/metrics`)).status).toBe(200);
    } finally {
      await on.close();
    }
    await expect(fetch(`http://127.0.0.1:${address.port}/metrics`)).rejects.toThrow();
  });
});
