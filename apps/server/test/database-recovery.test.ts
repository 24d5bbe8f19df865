import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgCluster, postgresBin } from './pg-cluster';
import { freePort } from './ports';
import { api, type ServerProcess, spawnServer, useDataDir } from './process';

/** With the database gone, calls answer 503 with a clear message; when it returns, they work again. */
describe.skipIf(!postgresBin())('when PostgreSQL goes away and comes back', () => {
  let cluster: ReturnType<typeof createPgCluster>;
  let server: ServerProcess;
  const dataDir = useDataDir('sherehe-recovery-');

  beforeAll(async () => {
    // A port the system calls free now (a random one could be taken by another test's server).
    cluster = createPgCluster(await freePort());
    server = await spawnServer({ DATABASE_URL: cluster.url, DATA_DIR: dataDir(), SEED_DEMO: 'true' });
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    cluster?.destroy();
  });

  it('answers 503 while it is down and recovers by itself', async () => {
    const login = () =>
      api(server.url, '/api/auth/login', {
        method: 'POST',
        body: { email: 'grace@sherehe.demo', password: 'sherehe-demo' },
      });
    expect((await fetch(`${server.url}/api/packages`)).status).toBe(200);
    const token = (await login()).body.token as string;

    cluster.stop();
    // Give the server a moment to notice its connections go: it must not fall over.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(server.child.exitCode, server.output().slice(-2000)).toBeNull();
    for (const url of ['/api/health', '/api/packages', '/api/plans']) {
      const response = await fetch(`${server.url}${url}`);
      expect(response.status, url).toBe(503);
      expect(await response.json()).toEqual({
        success: false,
        code: 'UNAVAILABLE',
        message: 'The service is temporarily unavailable. Please try again shortly.',
      });
    }
    expect((await api(server.url, '/api/user/data', { token })).status).toBe(503);

    cluster.start();
    await expect
      .poll(async () => (await fetch(`${server.url}/api/health`)).status, { timeout: 20_000, interval: 500 })
      .toBe(200);
    expect((await fetch(`${server.url}/api/packages`)).status).toBe(200);
    expect((await api(server.url, '/api/user/data', { token })).status).toBe(200);
    expect((await login()).status).toBe(200);
  }, 120_000);
});
