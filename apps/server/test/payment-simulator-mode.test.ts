import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createTestDatabase } from './db';

/** Builds the app with `env`, asks for the ways of paying and the simulator, and keeps the start-up log. */
async function startWith(env: Record<string, string>) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sherehe-sim-mode-'));
  const database = await createTestDatabase();
  const app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'false', DATA_DIR: dataDir, ...env }),
    database,
    logger: { level: 'info', stream },
    jobWorker: false,
  });
  try {
    const methods = await app.inject({ method: 'GET', url: '/api/payments/methods' });
    const simulator = await app.inject({ method: 'GET', url: '/__sim/daraja/oauth/v1/generate' });
    return { methods: methods.json().methods, simulatorStatus: simulator.statusCode, log: lines.join('') };
  } finally {
    await app.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

describe('the payment simulator', () => {
  it('is not offered at a public address unless asked for: no payment, and /__sim is not there', async () => {
    const run = await startWith({ PUBLIC_URL: 'https://sherehe.example.com' });
    expect(run.methods).toEqual([]);
    expect(run.simulatorStatus).toBe(404);
    expect(run.log).not.toContain('SIMULATOR');
  });

  it('runs at a public address when PAYMENTS_MODE=simulator asks for it, and warns that anyone can pay through it', async () => {
    const run = await startWith({ PUBLIC_URL: 'https://sherehe.example.com', PAYMENTS_MODE: 'simulator' });
    expect(run.methods).toEqual(['mpesa', 'card']);
    expect(run.simulatorStatus).not.toBe(404);
    const warning = run.log
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line))
      .find((entry) => entry.msg.includes('SIMULATOR'));
    expect(warning).toMatchObject({ level: 40 });
    expect(warning.msg).toContain('anyone who can reach this server can "pay"');
  });

  it('runs by itself on this machine, as demo data does, and says so', async () => {
    const run = await startWith({ PUBLIC_URL: 'http://localhost:4000' });
    expect(run.methods).toEqual(['mpesa', 'card']);
    expect(run.simulatorStatus).not.toBe(404);
    expect(run.log).toContain('anyone who can reach this server can \\"pay\\"');
  });
});
