import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/db/seed';
import { api, type ServerProcess, spawnServer, until } from './process';

/** Started as `npm start` starts it: who gets demo accounts with the README's password. */
describe('demo data at start-up', () => {
  const started: Array<{ server: ServerProcess; dataDir: string }> = [];
  afterEach(async () => {
    for (const { server, dataDir } of started.splice(0)) {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  async function start(env: Record<string, string>) {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sherehe-demo-'));
    const server = await spawnServer({ DATA_DIR: dataDir, ...env });
    started.push({ server, dataDir });
    return server;
  }

  async function demoAdminLogin(url: string) {
    const response = await api(url, '/api/auth/login', {
      method: 'POST',
      body: { email: 'admin@sherehe.demo', password: DEMO_PASSWORD },
    });
    return response.status;
  }

  it('seeds nothing for a public PUBLIC_URL, and says how to seed anyway', async () => {
    const server = await start({ PUBLIC_URL: 'https://sherehe.example.com' });
    expect(await demoAdminLogin(server.url)).toBe(401);
    expect(server.output()).toContain('demo data not seeded: PUBLIC_URL is not this machine');
    expect(server.output()).not.toContain('DEMO ACCOUNTS ARE LIVE');
  }, 60_000);

  it('seeds on this machine and warns loudly that the demo accounts are live', async () => {
    // spawnServer listens on 127.0.0.1 with no PUBLIC_URL: the default, http://localhost:PORT.
    const server = await start({});
    expect(await demoAdminLogin(server.url)).toBe(200);
    await until(() => server.output().includes('DEMO ACCOUNTS ARE LIVE'), 10_000, 100);
    expect(server.output()).toContain('WARNING: DEMO ACCOUNTS ARE LIVE');
  }, 60_000);
});
