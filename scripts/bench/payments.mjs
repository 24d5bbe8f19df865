// Payments in `npm run bench`: starting an M-Pesa deposit (autocannon, each request a different
// accepted booking of a different client), and the time from Daraja's callback reaching the server
// to a socket in the booking's room hearing `paymentUpdated` (sequential payments, p50/p99).
// The bookings are seed-bulk.ts's: 1,000 accepted bookings of bulk-planner-1's packages, each of a
// client 'Bench Client N' whose session token is 'bench-token-N'.
import http from 'node:http';
import { settledUpdate } from './payment-provider.mjs';

/** Daraja takes at most Ksh 250,000 in one M-Pesa payment. */
const MPESA_MAX = 250_000;
/** Ends in 5: none of the simulator's failure suffixes (1032, 2001, 0001, 1037). */
const PHONE = '0712 345 675';

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

/** The accepted, unpaid bookings an M-Pesa deposit can pay, each with its client's token; once per run. */
export async function payableBookings(context) {
  context.payable ??= (async () => {
    const login = await fetch(`${context.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bulk-planner-1@sherehe.bench', password: 'sherehe-demo' }),
    });
    const { token } = await login.json();
    const found = [];
    for (let page = 1; page <= 20; page++) {
      const response = await fetch(
        `${context.baseUrl}/api/bookings/for-planner?status=accepted&page=${page}&limit=100`,
        { headers: { authorization: `Bearer ${token}` } },
      );
      const { bookings, pages } = await response.json();
      for (const booking of bookings) {
        const n = booking.client.username.match(/^Bench Client (\d+)$/)?.[1];
        if (n && booking.paymentStatus === 'unpaid' && booking.depositAmount <= MPESA_MAX)
          found.push({ id: booking._id, token: `bench-token-${n}` });
      }
      if (page >= pages) break;
    }
    // One booking per client, so no account reaches its limit on starting payments.
    const seen = new Set();
    return found.filter((b) => !seen.has(b.token) && seen.add(b.token));
  })();
  return context.payable;
}

/** How many bookings the callback measurement keeps for itself (the start benchmark takes the rest). */
export const CALLBACK_SAMPLES = Number(process.env.BENCH_PAYMENT_CALLBACKS ?? 50);

export const paymentScenarios = [
  {
    name: 'POST /api/payments (M-Pesa deposit start)',
    request: {},
    async setup(context) {
      const targets = (await payableBookings(context)).slice(CALLBACK_SAMPLES);
      if (targets.length === 0) throw new Error('no accepted bookings left to pay');
      let n = 0;
      return {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        // Each booking once: a second start would be a 409 (a payment is already pending).
        amount: targets.length,
        requests: [
          {
            setupRequest(request) {
              const target = targets[n++ % targets.length];
              return {
                ...request,
                path: '/api/payments',
                headers: { ...request.headers, authorization: `Bearer ${target.token}` },
                body: JSON.stringify({
                  bookingId: target.id,
                  purpose: 'deposit',
                  method: 'mpesa',
                  phone: PHONE,
                }),
              };
            },
          },
        ],
      };
    },
  },
];

/**
 * A reverse proxy in front of the server, for the address the provider posts callbacks to (the
 * server's PUBLIC_URL): it notes when each M-Pesa callback has fully arrived, then passes it on.
 * That moment is "the callback reaching our callback route", less the proxy's own hop.
 */
export async function startCallbackClock(targetPort) {
  const waiters = [];
  const arrivals = [];
  const server = http.createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const at = performance.now();
      if (request.url?.startsWith('/api/payments/mpesa/callback/')) {
        arrivals.push(at);
        for (const wake of waiters.splice(0)) wake(at);
      }
      const upstream = http.request(
        {
          host: '127.0.0.1',
          port: targetPort,
          path: request.url,
          method: request.method,
          headers: request.headers,
        },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      upstream.on('error', () => {
        response.writeHead(502);
        response.end();
      });
      upstream.end(Buffer.concat(chunks));
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    /** How many callbacks have arrived so far. */
    get count() {
      return arrivals.length;
    },
    /** When the next callback arrives. */
    next: () => new Promise((resolve) => waiters.push(resolve)),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/**
 * One payment at a time: a socket joins the booking's room, the client starts the deposit, the
 * provider's callback arrives (clock.next), the room hears `paymentUpdated`; the time between those two.
 */
export async function measureCallbackToUpdate({ context, clock, pinMs }) {
  const { io } = await import('socket.io-client');
  const bookings = (await payableBookings(context)).slice(0, CALLBACK_SAMPLES);
  // Callbacks of payments started earlier (the start benchmark) must all be in before the first sample.
  await new Promise((resolve) => setTimeout(resolve, pinMs + 3000));
  const times = [];
  let errors = 0;
  for (const booking of bookings) {
    const socket = io(context.baseUrl, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token: booking.token },
      reconnection: false,
    });
    try {
      await new Promise((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      await socket.timeout(5000).emitWithAck('joinRoom', { bookingId: booking.id });
      const update = settledUpdate(socket, booking.id, pinMs + 30_000);
      const arrived = clock.next();
      const before = clock.count;
      const started = await fetch(`${context.baseUrl}/api/payments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${booking.token}` },
        body: JSON.stringify({ bookingId: booking.id, purpose: 'deposit', method: 'mpesa', phone: PHONE }),
      });
      if (started.status !== 201) throw new Error(`start answered ${started.status}`);
      const [heard, arrivedAt] = await Promise.all([update, arrived]);
      if (heard?.payment.status !== 'succeeded')
        throw new Error(`no success heard (${heard?.payment.status})`);
      if (clock.count !== before + 1) throw new Error('another callback arrived meanwhile');
      times.push(heard.at - arrivedAt);
    } catch (error) {
      errors += 1;
      if (errors <= 3) console.error(`  callback sample failed: ${error.message}`);
    } finally {
      socket.disconnect();
    }
  }
  return { samples: times.length, p50: percentile(times, 50), p99: percentile(times, 99), errors };
}
