// The payment provider for `npm run load` and `npm run bench`: the server under test runs as in
// production (NODE_ENV=production), where the payment simulator is refused, so Safaricom's Daraja is
// played by a second Sherehe process in simulator mode, on its own port and its own PGlite database.
// The server under test is configured as for the real Daraja (PAYMENTS_MODE=live, DARAJA_BASE_URL at
// that process), with the same made-up credentials, so the STK push, the OAuth token, the status query
// and the callback all cross real HTTP, as they would to Safaricom.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const made = () => randomBytes(24).toString('base64url');

/**
 * Starts the stand-in for Daraja (built server: apps/server/dist/main.js) and answers the settings the
 * server under test needs to pay through it. `callbackDelayMs` is how long after a push its result is
 * known and its callback posted (SIM_CALLBACK_DELAY_MS): the time a person takes to type the PIN.
 */
export async function startPaymentProvider({ root, callbackDelayMs }) {
  const port = 4100 + Math.floor(Math.random() * 400);
  const url = `http://127.0.0.1:${port}`;
  const daraja = {
    DARAJA_CONSUMER_KEY: made(),
    DARAJA_CONSUMER_SECRET: made(),
    DARAJA_SHORTCODE: '174379',
    DARAJA_PASSKEY: made(),
    DARAJA_CALLBACK_SECRET: made(),
    DARAJA_INITIATOR_NAME: 'sherehe-bench',
    DARAJA_SECURITY_CREDENTIAL: made(),
  };
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sherehe-provider-'));
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: {
      ...env,
      ...daraja,
      NODE_ENV: 'development',
      PAYMENTS_MODE: 'simulator',
      SIM_CALLBACK_DELAY_MS: String(callbackDelayMs),
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {}
    if (i > 240 || child.exitCode !== null) throw new Error('the payment provider did not start');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    /** What the server under test needs in its environment to pay by M-Pesa through the stand-in. */
    env: { ...daraja, PAYMENTS_MODE: 'live', DARAJA_BASE_URL: `${url}/__sim/daraja` },
    callbackSecret: daraja.DARAJA_CALLBACK_SECRET,
    async stop() {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Waits on a socket in a booking's room for the payment's first settled update (not `pending`),
 * or `undefined` after `ms`.
 */
export function settledUpdate(socket, bookingId, ms) {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      socket.off('paymentUpdated', listener);
      resolve(undefined);
    }, ms);
    function listener(payment) {
      if (payment.booking !== bookingId || payment.status === 'pending') return;
      clearTimeout(timer);
      socket.off('paymentUpdated', listener);
      resolve({ payment, at: performance.now() });
    }
    socket.on('paymentUpdated', listener);
  });
}
