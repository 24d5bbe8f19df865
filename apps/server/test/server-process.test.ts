import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_PACKAGES, DEMO_PASSWORD } from '../src/db/seed';
import { api, spawnServer, useDataDir } from './process';

const dataDir = useDataDir('sherehe-process-');

describe('the server process', () => {
  it('starts on an empty data folder with migrations and demo data, stops on SIGTERM, and keeps its data', async () => {
    const env = {
      DATA_DIR: dataDir(),
      SEED_DEMO: 'true',
      ADMIN_EMAIL: 'owner@example.test',
      ADMIN_PASSWORD: 'owner-password',
    };
    const first = await spawnServer(env);
    const packages = await api(first.url, '/api/packages');
    expect(packages.body.data).toHaveLength(DEMO_PACKAGES.length);
    const demoLogin = await api(first.url, '/api/auth/login', {
      method: 'POST',
      body: { email: 'grace@sherehe.demo', password: DEMO_PASSWORD },
    });
    expect(demoLogin.status).toBe(200);
    const registered = await api(first.url, '/api/auth/register', {
      method: 'POST',
      body: { username: 'Kept User', email: 'kept@example.test', password: 'kept-password', role: 'planner' },
    });
    expect(registered.status).toBe(201);

    expect(await first.stop('SIGTERM')).toBe(0);
    expect(first.output()).toContain('SIGTERM received');

    const second = await spawnServer(env);
    try {
      const login = await api(second.url, '/api/auth/login', {
        method: 'POST',
        body: { email: 'kept@example.test', password: 'kept-password' },
      });
      expect(login.status).toBe(200);
      // The session made before the restart is still valid.
      const session = await api(second.url, '/api/user/data', { token: registered.body.token });
      expect(session.body.userData.email).toBe('kept@example.test');
      const owner = await api(second.url, '/api/auth/login', {
        method: 'POST',
        body: { email: 'owner@example.test', password: 'owner-password' },
      });
      expect(owner.body.user.role).toBe('admin');
      // Demo data is not seeded twice.
      expect((await api(second.url, '/api/packages')).body.data).toHaveLength(DEMO_PACKAGES.length);
    } finally {
      await second.stop();
    }
  }, 120_000);

  it('finishes the requests in flight on SIGTERM, then refuses new connections', async () => {
    const server = await spawnServer({ DATA_DIR: path.join(dataDir(), 'graceful'), SEED_DEMO: 'false' });
    // Registrations hash a password, so each takes a moment: when the first has been answered,
    // the rest of the burst is still being worked on, and SIGTERM arrives in the middle of it.
    const burst = Array.from({ length: 12 }, (_, i) =>
      fetch(`${server.url}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          username: `Burst ${i}`,
          email: `burst${i}@example.test`,
          password: 'burst-password',
          role: 'client',
        }),
      }).then(async (response) => ({ status: response.status, body: await response.text() })),
    );
    await Promise.race(burst);
    const stopped = server.stop('SIGTERM');
    const results = await Promise.allSettled(burst);
    const code = await stopped;
    expect(code, server.output()).toBe(0);
    // No request was cut off: each got a whole answer, either its result or (arriving after
    // SIGTERM) a 503 telling the load balancer to go elsewhere.
    for (const result of results) {
      expect(result.status).toBe('fulfilled');
      if (result.status === 'fulfilled') {
        expect([201, 429, 503]).toContain(result.value.status);
        expect(() => JSON.parse(result.value.body)).not.toThrow();
      }
    }
    const answered = results.filter((r) => r.status === 'fulfilled' && r.value.status === 201);
    expect(answered.length).toBeGreaterThan(0);
    await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
  }, 120_000);

  it('refuses to start with an invalid configuration and says why', async () => {
    await expect(spawnServer({ DATA_DIR: dataDir(), PUBLIC_URL: 'not a url' })).rejects.toThrow(
      /exited with 78[\s\S]*Invalid configuration:[\s\S]*PUBLIC_URL/,
    );
  });
});
