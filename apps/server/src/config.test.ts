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
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
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

  it('wants ADMIN_EMAIL and ADMIN_PASSWORD together', () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'boss@example.test' })).toThrow(/ADMIN_EMAIL and ADMIN_PASSWORD/);
    expect(() => loadConfig({ ADMIN_EMAIL: 'boss@example.test', ADMIN_PASSWORD: 'short' })).toThrow(
      /ADMIN_PASSWORD/,
    );
  });
});
