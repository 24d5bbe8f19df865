import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-app';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';

const t = useTestApp();

const simulatorRoutes = (routes: { method: string; url: string }[]) =>
  routes
    .filter((route) => route.url.startsWith('/__sim/') && route.method !== 'HEAD')
    .map((route) => `${route.method} ${route.url}`)
    .sort();

describe('where the payment simulator is mounted', () => {
  it('is mounted in simulator mode (the default outside production), hidden from the OpenAPI document', async () => {
    expect(simulatorRoutes(t.app.routeTable)).toEqual([
      'GET /__sim/daraja/oauth/v1/generate',
      'GET /__sim/paystack/checkout/:reference',
      'GET /__sim/paystack/transaction/verify/:reference',
      // Africa's Talking's, mounted by SMS_MODE=simulator (the default here too), and the SMS outbox.
      'GET /__sim/sms/outbox',
      'POST /__sim/daraja/mpesa/reversal/v1/request',
      'POST /__sim/daraja/mpesa/stkpush/v1/processrequest',
      'POST /__sim/daraja/mpesa/stkpushquery/v1/query',
      'POST /__sim/daraja/mpesa/transactionstatus/v1/query',
      'POST /__sim/paystack/checkout/:reference',
      'POST /__sim/paystack/refund',
      'POST /__sim/paystack/transaction/initialize',
      'POST /__sim/paystack/transaction/void/:reference',
      'POST /__sim/sms/inbound',
      'POST /__sim/sms/outage',
      'POST /__sim/sms/version1/messaging',
    ]);
    const document = await t.app.inject({ url: '/api/docs/json' });
    expect(document.statusCode).toBe(200);
    expect(Object.keys(document.json().paths).length).toBeGreaterThan(20);
    expect(document.body).not.toContain('__sim');
  });

  it('answers as Daraja and Paystack do, not in the API’s error body', async () => {
    const daraja = await t.app.inject({
      method: 'POST',
      url: '/__sim/daraja/mpesa/stkpushquery/v1/query',
      payload: {},
    });
    expect(daraja.statusCode).toBe(401);
    expect(daraja.json()).toEqual({
      requestId: expect.any(String),
      errorCode: '404.001.03',
      errorMessage: 'Invalid Access Token',
    });
    const paystack = await t.app.inject({ url: '/__sim/paystack/transaction/verify/x' });
    expect(paystack.statusCode).toBe(401);
    expect(paystack.json()).toEqual({ status: false, message: 'Invalid key' });
  });

  it('is not mounted when payments are off or live', async () => {
    for (const env of [
      { PAYMENTS_MODE: 'off', SMS_MODE: 'off' },
      { PAYMENTS_MODE: 'live', PAYSTACK_SECRET_KEY: 'sk_test_x', SMS_MODE: 'off' },
      { NODE_ENV: 'production' },
    ]) {
      const config = loadConfig({ ...env, DATA_DIR: t.dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'false' });
      const app = await buildApp({ config, database: t.database, jobWorker: false });
      try {
        expect(simulatorRoutes(app.routeTable), JSON.stringify(env)).toEqual([]);
        expect(app.paymentSimulator).toBeUndefined();
        expect(app.smsSimulator).toBeUndefined();
        const response = await app.inject({
          url: '/__sim/daraja/oauth/v1/generate?grant_type=client_credentials',
        });
        expect(response.statusCode).toBe(404);
      } finally {
        await app.close();
      }
    }
  });

  it('refuses to start in production, even if a configuration got past the settings check', async () => {
    const config = loadConfig({ DATA_DIR: t.dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'false' });
    await expect(
      buildApp({
        config: { ...config, isProduction: true, nodeEnv: 'production' },
        database: t.database,
        jobWorker: false,
      }),
    ).rejects.toThrow(/the payment simulator runs only in PAYMENTS_MODE=simulator, never in production/);
    await expect(
      buildApp({
        config: {
          ...config,
          payments: { ...config.payments, mode: 'off' },
          isProduction: true,
          nodeEnv: 'production',
        },
        database: t.database,
        jobWorker: false,
      }),
    ).rejects.toThrow(/the SMS simulator runs only in SMS_MODE=simulator, never in production/);
  });

  it('mounts the SMS simulator alone when only SMS_MODE asks for it', async () => {
    const config = loadConfig({
      PAYMENTS_MODE: 'off',
      SMS_MODE: 'simulator',
      DATA_DIR: t.dataDir,
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
    });
    const app = await buildApp({ config, database: t.database, jobWorker: false });
    try {
      expect(simulatorRoutes(app.routeTable)).toEqual([
        'GET /__sim/sms/outbox',
        'POST /__sim/sms/inbound',
        'POST /__sim/sms/outage',
        'POST /__sim/sms/version1/messaging',
      ]);
      expect(app.paymentSimulator).toBeUndefined();
      const refused = await app.inject({ method: 'POST', url: '/__sim/sms/version1/messaging' });
      expect(refused.statusCode).toBe(401);
      expect(refused.body).toBe('The supplied authentication is invalid');
    } finally {
      await app.close();
    }
  });
});
