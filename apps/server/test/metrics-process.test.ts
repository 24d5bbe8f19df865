import { describe, expect } from 'vitest';
import { itOnEachDatabase, spawnServer, until, useDataDir } from './process';

const dataDir = useDataDir('sherehe-metrics-process-');

describe('the server process with METRICS_PORT', () => {
  itOnEachDatabase(
    'answers /metrics on its own address only, and closes it when it stops',
    dataDir,
    async (engine) => {
      const server = await spawnServer({ ...engine, SEED_DEMO: 'false', METRICS_PORT: '0' });
      let metricsUrl: string | undefined;
      try {
        const logged = () => server.output().match(/metrics: (http:\/\/127\.0\.0\.1:\d+\/metrics)/)?.[1];
        await until(() => logged() !== undefined, 10_000, 50);
        metricsUrl = logged();
        expect(metricsUrl, server.output()).toBeDefined();

        expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
        const scrape = await fetch(metricsUrl!);
        expect(scrape.status).toBe(200);
        const text = await scrape.text();
        expect(text).toMatch(
          /^sherehe_http_request_duration_seconds_count\{method="GET",route="\/api\/health",status="200"\} 1$/m,
        );
        expect(text).toMatch(/^sherehe_database_up 1$/m);
        expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
        // The public port does not answer it.
        const publicPort = await fetch(`${server.url}/metrics`);
        expect(publicPort.status).toBe(404);
        expect(await publicPort.text()).not.toContain('sherehe_');
      } finally {
        expect(await server.stop('SIGTERM'), server.output()).toBe(0);
      }
      await expect(fetch(metricsUrl!)).rejects.toThrow();
    },
    120_000,
  );
});
