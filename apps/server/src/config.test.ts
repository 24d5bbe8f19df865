import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has working defaults for a laptop', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      nodeEnv: 'development',
      publicUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      corsOrigins: [],
      seedDemo: true,
      isProduction: false,
    });
    expect(config.dataDir).toMatch(/\/data$/);
  });

  it('does not seed demo data in production unless asked', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });

  it('seeds demo data (published passwords) by default only when PUBLIC_URL is this machine', () => {
    for (const local of [
      'http://localhost:3000',
      'http://127.0.0.1:8080',
      'http://[::1]:3000',
      'http://app.localhost',
    ])
      expect(loadConfig({ PUBLIC_URL: local }).seedDemo, local).toBe(true);
    for (const remote of ['https://sherehe.co.ke', 'http://192.168.1.20:3000', 'http://41.90.64.10:3000'])
      expect(loadConfig({ PUBLIC_URL: remote }).seedDemo, remote).toBe(false);
    expect(loadConfig({ PUBLIC_URL: 'https://sherehe.co.ke', SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'http://localhost:3000', SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it('normalises origins and the public URL', () => {
    const config = loadConfig({
      PUBLIC_URL: 'https://sherehe.co.ke/',
      CORS_ORIGINS: 'https://app.example.com/, http://localhost:5173',
    });
    expect(config.publicUrl).toBe('https://sherehe.co.ke');
    expect(config.corsOrigins).toEqual(['https://app.example.com', 'http://localhost:5173']);
  });

  it('names every invalid setting in one clear error', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        CORS_ORIGINS: 'not a url',
        SEED_DEMO: 'maybe',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toMatch(/^Invalid configuration:/);
    expect(message).toContain('PORT');
    expect(message).toContain('DATABASE_URL: must start with postgres:// or postgresql://');
    expect(message).toContain('CORS_ORIGINS: "not a url" is not an origin');
    expect(message).toContain('SEED_DEMO: must be true or false');
  });

  it('believes X-Forwarded-For only when TRUST_PROXY says so', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    // A hop count would be ignored by Fastify (every client the proxy's address): refused, saying why.
    expect(() => loadConfig({ TRUST_PROXY: '2' })).toThrow(/TRUST_PROXY.*not a hop count/);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.2' }).trustProxy).toEqual(['10.0.0.1', '10.0.0.2']);
  });

  it('reads rate limits as events per window, and image limits', () => {
    const limits = loadConfig({
      RATE_LOGIN_PER_ACCOUNT: '12/30s',
      RATE_REGISTER_PER_ADDRESS: ' 80 / 2h ',
      IMAGE_MAX_MEGAPIXELS: '12.5',
    }).limits;
    expect(limits.loginPerAccount).toEqual({ max: 12, windowMs: 30_000 });
    expect(limits.registerPerAddress).toEqual({ max: 80, windowMs: 7_200_000 });
    expect(limits.imageMaxPixels).toBe(12_500_000);
    expect(loadConfig({}).limits.loginPerAddressAccount).toEqual({ max: 10, windowMs: 900_000 });
    expect(() => loadConfig({ RATE_UPLOADS_PER_USER: 'ten an hour' })).toThrow(
      /RATE_UPLOADS_PER_USER: must be events per window, like 10\/15m/,
    );
    expect(() => loadConfig({ RATE_CONTACT_PER_ACCOUNT: '0/1h' })).toThrow(/RATE_CONTACT_PER_ACCOUNT/);
  });

  it('reads the log format, auto by default', () => {
    expect(loadConfig({}).logFormat).toBe('auto');
    expect(loadConfig({ LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(() => loadConfig({ LOG_FORMAT: 'fancy' })).toThrow(/LOG_FORMAT: must be auto, pretty or json/);
  });

  it('keeps signed-in sessions 5 seconds unless told, none in tests, and 0 to 60 only', () => {
    expect(loadConfig({}).sessionCacheMs).toBe(5_000);
    expect(loadConfig({ NODE_ENV: 'test' }).sessionCacheMs).toBe(0);
    expect(loadConfig({ SESSION_CACHE_SECONDS: '0' }).sessionCacheMs).toBe(0);
    expect(loadConfig({ NODE_ENV: 'test', SESSION_CACHE_SECONDS: '2.5' }).sessionCacheMs).toBe(2_500);
    for (const wrong of ['-1', '61', 'soon'])
      expect(() => loadConfig({ SESSION_CACHE_SECONDS: wrong }), wrong).toThrow(
        /SESSION_CACHE_SECONDS: must be/,
      );
  });

  it('wants ADMIN_EMAIL and ADMIN_PASSWORD together', () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'boss@example.test' })).toThrow(/ADMIN_EMAIL and ADMIN_PASSWORD/);
    expect(() => loadConfig({ ADMIN_EMAIL: 'boss@example.test', ADMIN_PASSWORD: 'short' })).toThrow(
      /ADMIN_PASSWORD/,
    );
  });
});

describe('loadConfig: payments', () => {
  const liveDaraja = {
    DARAJA_CONSUMER_KEY: 'key',
    DARAJA_CONSUMER_SECRET: 'secret',
    DARAJA_SHORTCODE: '600123',
    DARAJA_PASSKEY: 'passkey',
    DARAJA_CALLBACK_SECRET: 'a'.repeat(32),
  };

  it('runs the simulator outside production, on this app, making up what is missing', () => {
    const { payments } = loadConfig({ PUBLIC_URL: 'http://localhost:4000' });
    expect(payments.mode).toBe('simulator');
    expect(payments.mpesa).toMatchObject({
      baseUrl: 'http://localhost:4000/__sim/daraja',
      shortcode: '174379',
    });
    expect(payments.card).toMatchObject({ baseUrl: 'http://localhost:4000/__sim/paystack' });
    expect(payments.card!.secretKey).toMatch(/^sk_test_/);
    expect(payments.mpesa!.callbackSecret).toMatch(/^[A-Za-z0-9_-]{32}$/);
    // Made up at every start, so no two runs share a callback address.
    expect(loadConfig({}).payments.mpesa!.callbackSecret).not.toBe(payments.mpesa!.callbackSecret);
    expect(loadConfig({ NODE_ENV: 'test' }).payments.mode).toBe('simulator');
    expect(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:3000' }).payments.mode).toBe('simulator');
  });

  it('is off at a public address unless the simulator is asked for, as demo data is not seeded there', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://sherehe.example.com' }).payments).toMatchObject({
      mode: 'off',
      mpesa: undefined,
      card: undefined,
    });
    const asked = loadConfig({
      PUBLIC_URL: 'https://sherehe.example.com',
      PAYMENTS_MODE: 'simulator',
    }).payments;
    expect(asked.mode).toBe('simulator');
    expect(asked.mpesa).toMatchObject({ baseUrl: 'https://sherehe.example.com/__sim/daraja' });
  });

  it('keeps the settings it is given in simulator mode', () => {
    const { payments } = loadConfig({
      PAYMENTS_MODE: 'simulator',
      DARAJA_CALLBACK_SECRET: 'b'.repeat(40),
      PAYSTACK_SECRET_KEY: 'sk_test_mine',
      DARAJA_BASE_URL: 'http://127.0.0.1:9/__sim/daraja',
    });
    expect(payments.mpesa).toMatchObject({
      callbackSecret: 'b'.repeat(40),
      baseUrl: 'http://127.0.0.1:9/__sim/daraja',
    });
    expect(payments.card!.secretKey).toBe('sk_test_mine');
  });

  it('is off by default in production, and refuses the simulator there', () => {
    const { payments } = loadConfig({ NODE_ENV: 'production' });
    expect(payments).toMatchObject({ mode: 'off', mpesa: undefined, card: undefined });
    expect(() => loadConfig({ NODE_ENV: 'production', PAYMENTS_MODE: 'simulator' })).toThrow(
      /PAYMENTS_MODE: simulator is refused in production/,
    );
    expect(loadConfig({ PAYMENTS_MODE: 'off' }).payments.mpesa).toBeUndefined();
  });

  it('wants the credentials in live mode, naming what is missing', () => {
    expect(() => loadConfig({ PAYMENTS_MODE: 'live' })).toThrow(
      /PAYMENTS_MODE=live needs the M-Pesa settings \(DARAJA_CONSUMER_KEY, .*\), PAYSTACK_SECRET_KEY, or both/,
    );
    expect(() =>
      loadConfig({ PAYMENTS_MODE: 'live', DARAJA_CONSUMER_KEY: 'key', DARAJA_SHORTCODE: '600123' }),
    ).toThrow(/for M-Pesa also needs DARAJA_CONSUMER_SECRET, DARAJA_PASSKEY, DARAJA_CALLBACK_SECRET/);
    expect(() =>
      loadConfig({ PAYMENTS_MODE: 'live', ...liveDaraja, DARAJA_INITIATOR_NAME: 'apiop' }),
    ).toThrow(/DARAJA_INITIATOR_NAME and DARAJA_SECURITY_CREDENTIAL must be set together/);
  });

  it('uses the real providers in live mode, each only when its settings are all there', () => {
    const both = loadConfig({
      NODE_ENV: 'production',
      PAYMENTS_MODE: 'live',
      ...liveDaraja,
      PAYSTACK_SECRET_KEY: 'sk_live_x',
    }).payments;
    expect(both.mpesa).toEqual({
      baseUrl: 'https://api.safaricom.co.ke',
      consumerKey: 'key',
      consumerSecret: 'secret',
      shortcode: '600123',
      passkey: 'passkey',
      callbackSecret: 'a'.repeat(32),
      initiatorName: undefined,
      securityCredential: undefined,
    });
    expect(both.card).toEqual({ baseUrl: 'https://api.paystack.co', secretKey: 'sk_live_x' });
    const cardOnly = loadConfig({ PAYMENTS_MODE: 'live', PAYSTACK_SECRET_KEY: 'sk_test_x' }).payments;
    expect(cardOnly.mpesa).toBeUndefined();
    expect(cardOnly.card?.secretKey).toBe('sk_test_x');
    const sandbox = loadConfig({
      PAYMENTS_MODE: 'live',
      ...liveDaraja,
      DARAJA_BASE_URL: 'https://sandbox.safaricom.co.ke',
    }).payments;
    expect(sandbox.mpesa?.baseUrl).toBe('https://sandbox.safaricom.co.ke');
    expect(sandbox.card).toBeUndefined();
  });

  it('checks each payment setting', () => {
    let error: unknown;
    try {
      loadConfig({
        PAYMENTS_MODE: 'sometimes',
        DARAJA_SHORTCODE: 'paybill',
        DARAJA_CALLBACK_SECRET: 'short',
        DARAJA_BASE_URL: 'not a url',
        PLATFORM_FEE_PERCENT: '150',
        PLAN_KES_PER_USD: '129.5',
        SIM_CALLBACK_DELAY_MS: '-1',
        MPESA_MAX_AMOUNT: '2500.5',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain('PAYMENTS_MODE: must be live, simulator or off');
    expect(message).toContain('DARAJA_SHORTCODE: must be the paybill or till number');
    expect(message).toContain('DARAJA_CALLBACK_SECRET: must be 24 to 128 letters');
    expect(message).toContain('DARAJA_BASE_URL: must be a URL');
    expect(message).toContain('PLATFORM_FEE_PERCENT: must be 0 to 100');
    expect(message).toContain('PLAN_KES_PER_USD: must be a whole number of shillings');
    expect(message).toContain('SIM_CALLBACK_DELAY_MS');
    expect(message).toContain('MPESA_MAX_AMOUNT: must be a whole number of shillings');
    expect(() => loadConfig({ PLATFORM_FEE_PERCENT: '7.125' })).toThrow(
      /PLATFORM_FEE_PERCENT: must have at most two decimals/,
    );
  });

  it('reads the fee, the plan exchange rate and the simulator delay, with their defaults', () => {
    expect(loadConfig({}).payments).toMatchObject({
      platformFeeBasisPoints: 1000,
      planKesPerUsd: 130,
      mpesaMaxAmount: 250_000,
      simCallbackDelayMs: 3000,
    });
    expect(loadConfig({ MPESA_MAX_AMOUNT: '150000' }).payments.mpesaMaxAmount).toBe(150_000);
    expect(
      loadConfig({ PLATFORM_FEE_PERCENT: '7.5', PLAN_KES_PER_USD: '129', SIM_CALLBACK_DELAY_MS: '0' })
        .payments,
    ).toMatchObject({ platformFeeBasisPoints: 750, planKesPerUsd: 129, simCallbackDelayMs: 0 });
    expect(loadConfig({ PLATFORM_FEE_PERCENT: '0' }).payments.platformFeeBasisPoints).toBe(0);
  });

  it('takes a fee of at most two decimals exactly, with no tolerance either way', () => {
    const basisPoints = (percent: string) =>
      loadConfig({ PLATFORM_FEE_PERCENT: percent }).payments.platformFeeBasisPoints;
    expect(basisPoints('10.5')).toBe(1050);
    expect(basisPoints('0.07')).toBe(7); // 0.07 * 100 is 7.000000000000001 in floats
    expect(basisPoints('1.1')).toBe(110);
    expect(basisPoints('99.99')).toBe(9999);
    expect(basisPoints('100')).toBe(10_000);
    for (const percent of ['10.005', '0.001', '0.30000000000000004'])
      expect(() => loadConfig({ PLATFORM_FEE_PERCENT: percent })).toThrow(
        /PLATFORM_FEE_PERCENT: must have at most two decimals/,
      );
  });
});

describe('loadConfig: SMS', () => {
  const liveAt = { AT_USERNAME: 'sherehe', AT_API_KEY: 'atsk_key', AT_CALLBACK_SECRET: 'c'.repeat(32) };

  it('runs the simulator where the payment simulator runs, on this app, making up what is missing', () => {
    const { sms } = loadConfig({ PUBLIC_URL: 'http://localhost:4000' });
    expect(sms.mode).toBe('simulator');
    expect(sms.africasTalking).toMatchObject({
      baseUrl: 'http://localhost:4000/__sim/sms',
      username: 'sandbox',
      senderId: undefined,
    });
    expect(sms.africasTalking!.apiKey).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(sms.africasTalking!.callbackSecret).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(loadConfig({}).sms.africasTalking!.callbackSecret).not.toBe(sms.africasTalking!.callbackSecret);
    expect(loadConfig({ NODE_ENV: 'test' }).sms.mode).toBe('simulator');
    expect(loadConfig({ SIM_CALLBACK_DELAY_MS: '10' }).sms.simDeliveryDelayMs).toBe(10);
  });

  it('is off at a public address and in production unless asked, and refuses the simulator in production', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://sherehe.example.com' }).sms).toMatchObject({
      mode: 'off',
      africasTalking: undefined,
    });
    expect(loadConfig({ NODE_ENV: 'production' }).sms.mode).toBe('off');
    expect(
      loadConfig({ PUBLIC_URL: 'https://sherehe.example.com', SMS_MODE: 'simulator' }).sms.africasTalking,
    ).toMatchObject({ baseUrl: 'https://sherehe.example.com/__sim/sms' });
    expect(() => loadConfig({ NODE_ENV: 'production', SMS_MODE: 'simulator' })).toThrow(
      /SMS_MODE: simulator is refused in production/,
    );
    expect(loadConfig({ SMS_MODE: 'off' }).sms.africasTalking).toBeUndefined();
    // Every SMS carries a link to PUBLIC_URL: a longer one than the texts are proved with is refused.
    const long = 'https://events.sherehe-marketplace.example.co.ke';
    expect(() => loadConfig({ PUBLIC_URL: long, SMS_MODE: 'live', ...liveAt })).toThrow(
      /PUBLIC_URL: at most 43 characters while SMS is on/,
    );
    expect(loadConfig({ PUBLIC_URL: long, SMS_MODE: 'off' }).sms.mode).toBe('off');
  });

  it('keeps the settings it is given in simulator mode', () => {
    const { sms } = loadConfig({
      SMS_MODE: 'simulator',
      AT_USERNAME: 'me',
      AT_API_KEY: 'mine',
      AT_SENDER_ID: 'SHEREHE',
      AT_BASE_URL: 'http://127.0.0.1:9/__sim/sms',
    });
    expect(sms.africasTalking).toMatchObject({
      username: 'me',
      apiKey: 'mine',
      senderId: 'SHEREHE',
      baseUrl: 'http://127.0.0.1:9/__sim/sms',
    });
  });

  it('wants the credentials and callback secret in live mode, naming what is missing', () => {
    expect(() => loadConfig({ SMS_MODE: 'live' })).toThrow(
      /SMS_MODE=live also needs AT_USERNAME, AT_API_KEY, AT_CALLBACK_SECRET/,
    );
    expect(() => loadConfig({ SMS_MODE: 'live', AT_USERNAME: 'u', AT_API_KEY: 'k' })).toThrow(
      /SMS_MODE=live also needs AT_CALLBACK_SECRET$/,
    );
    expect(loadConfig({ NODE_ENV: 'production', SMS_MODE: 'live', ...liveAt }).sms).toEqual({
      mode: 'live',
      simDeliveryDelayMs: 3000,
      quietHours: { startMinute: 21 * 60, endMinute: 7 * 60 },
      africasTalking: {
        baseUrl: 'https://api.africastalking.com',
        username: 'sherehe',
        apiKey: 'atsk_key',
        senderId: undefined,
        callbackSecret: 'c'.repeat(32),
      },
    });
  });

  it('checks each SMS setting', () => {
    let error: unknown;
    try {
      loadConfig({
        SMS_MODE: 'loud',
        AT_BASE_URL: 'not a url',
        AT_SENDER_ID: 'A much too long name',
        AT_CALLBACK_SECRET: 'short',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain('SMS_MODE: must be live, simulator or off');
    expect(message).toContain('AT_BASE_URL: must be a URL');
    expect(message).toContain('AT_SENDER_ID: must be the sender name');
    expect(message).toContain('AT_CALLBACK_SECRET: must be 24 to 128 letters');
  });

  it('keeps SMS quiet from 21:00 to 07:00 unless told other hours, or off', () => {
    expect(loadConfig({}).sms.quietHours).toEqual({ startMinute: 21 * 60, endMinute: 7 * 60 });
    expect(loadConfig({ SMS_QUIET_HOURS: '22:30-06:15' }).sms.quietHours).toEqual({
      startMinute: 22 * 60 + 30,
      endMinute: 6 * 60 + 15,
    });
    expect(loadConfig({ SMS_QUIET_HOURS: '13:00-14:00' }).sms.quietHours).toEqual({
      startMinute: 13 * 60,
      endMinute: 14 * 60,
    });
    expect(loadConfig({ SMS_QUIET_HOURS: 'off' }).sms.quietHours).toBeUndefined();
    expect(loadConfig({ SMS_QUIET_HOURS: 'OFF', SMS_MODE: 'off' }).sms.quietHours).toBeUndefined();
    for (const wrong of ['21:00', '9:00-07:00', '21:00-24:00', '07:00-07:00', 'never', '21-7'])
      expect(() => loadConfig({ SMS_QUIET_HOURS: wrong })).toThrow(
        /SMS_QUIET_HOURS: must be HH:MM-HH:MM on Nairobi clocks/,
      );
  });
});

describe('loadConfig: backups', () => {
  it('keeps seven archives in DATA_DIR/backups, taken nightly at 00:30 UTC except in tests', () => {
    const config = loadConfig({ DATA_DIR: '/srv/sherehe' });
    expect(config.backup).toEqual({ dir: '/srv/sherehe/backups', keep: 7, nightly: true, minuteOfDay: 30 });
    expect(loadConfig({ NODE_ENV: 'test' }).backup.nightly).toBe(false);
  });

  it('reads BACKUP_DIR, BACKUP_KEEP, BACKUP_NIGHTLY and BACKUP_TIME', () => {
    const config = loadConfig({
      BACKUP_DIR: '/mnt/backups',
      BACKUP_KEEP: '30',
      BACKUP_NIGHTLY: 'false',
      BACKUP_TIME: '23:05',
    });
    expect(config.backup).toEqual({
      dir: '/mnt/backups',
      keep: 30,
      nightly: false,
      minuteOfDay: 23 * 60 + 5,
    });
  });

  it('checks each backup setting', () => {
    let error: unknown;
    try {
      loadConfig({ BACKUP_KEEP: '0', BACKUP_NIGHTLY: 'often', BACKUP_TIME: '24:00' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain('BACKUP_KEEP: must be 1 to 1000');
    expect(message).toContain('BACKUP_NIGHTLY: must be true or false');
    expect(message).toContain('BACKUP_TIME: must be a time of day, UTC');
  });
});

describe('loadConfig: metrics', () => {
  it('is off unless METRICS_PORT is set, and then listens on this machine only unless told', () => {
    expect(loadConfig({}).metrics).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: '' }).metrics).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: '9464' }).metrics).toEqual({ host: '127.0.0.1', port: 9464 });
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5' }).metrics).toEqual({
      host: '10.0.0.5',
      port: 9464,
    });
    expect(loadConfig({ METRICS_PORT: '0', METRICS_HOST: '::1' }).metrics).toEqual({ host: '::1', port: 0 });
  });

  it('checks the port and the address, and refuses the public port or a host without a port', () => {
    for (const port of ['http', '-1', '65536', '94.64']) {
      expect(() => loadConfig({ METRICS_PORT: port })).toThrow(/METRICS_PORT: must be a port number/);
    }
    expect(() => loadConfig({ METRICS_PORT: '9464', METRICS_HOST: 'http://10.0.0.5' })).toThrow(
      /METRICS_HOST: must be an address to listen on/,
    );
    expect(() => loadConfig({ PORT: '8080', METRICS_PORT: '8080' })).toThrow(
      /METRICS_PORT: must differ from PORT/,
    );
    expect(() => loadConfig({ METRICS_HOST: '0.0.0.0' })).toThrow(
      /METRICS_HOST is set but METRICS_PORT is not/,
    );
  });
});
