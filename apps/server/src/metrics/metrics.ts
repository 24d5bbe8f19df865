import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PAYMENT_METHODS, PAYMENT_STATUSES } from '@sherehe/shared/payments';
import { SMS_STATUSES } from '@sherehe/shared/sms';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { MetricsConfig } from '../config';
import { readTableCounts, type TableCount } from './metrics.queries';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's metrics, when METRICS_PORT is set (docs/metrics.md); undefined otherwise. */
    metrics: AppMetrics | undefined;
  }
}

export interface AppMetrics {
  /** This app's own registry: tests build several apps in one process. */
  registry: Registry;
  /**
   * Starts answering `GET /metrics` on METRICS_HOST:METRICS_PORT; the app's close closes it too.
   * Resolves with the address it listens on.
   */
  listen(): Promise<AddressInfo>;
}

/** The label of a request no route matched (a 404): its address is never a label. */
export const UNMATCHED_ROUTE = '(unmatched)';

/** The job states the job gauges count (metrics.queries.ts says which rows each is). */
const JOB_STATES = ['due', 'running', 'failed'] as const;

/**
 * Adds the metrics to `app` when `config` is set (nothing is collected otherwise): request
 * durations by route pattern, the jobs, payments and SMS counted in the tables at scrape time (so
 * every process reports the same, right figures), this process's sockets and database pool, and
 * Node's own (event-loop delay among them).
 */
export function addMetrics(app: FastifyInstance, config: MetricsConfig | undefined): void {
  if (!config) {
    app.decorate('metrics', undefined);
    return;
  }
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Histogram({
    name: 'sherehe_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    requests.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? UNMATCHED_ROUTE,
        status: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });

  // The tables are read once per scrape, however many gauges ask (their collects start together).
  let reading: Promise<TableCount[] | undefined> | undefined;
  const tableCounts = () => {
    reading ??= readTableCounts(app.database)
      .catch((error: unknown) => {
        app.log.warn({ err: error }, 'metrics: the jobs, payments and SMS could not be counted');
        return undefined;
      })
      .finally(() => {
        reading = undefined;
      });
    return reading;
  };
  new Gauge({
    name: 'sherehe_database_up',
    help: '1 when the last scrape could count the tables, 0 when the database did not answer',
    registers: [registry],
    async collect() {
      this.set((await tableCounts()) ? 1 : 0);
    },
  });

  for (const state of JOB_STATES) {
    new Gauge({
      name: `sherehe_jobs_${state}`,
      help: {
        due: 'Jobs whose time has come and that no process holds, by kind',
        running: 'Jobs a process holds (its lease not run out), by kind',
        failed: 'Jobs given up on after their last attempt, by kind (kept until an admin retries them)',
      }[state],
      labelNames: ['kind'] as const,
      registers: [registry],
      async collect() {
        const counts = await tableCounts();
        this.reset();
        if (!counts) return;
        for (const kind of app.jobs.kinds()) this.set({ kind }, 0);
        for (const row of counts)
          if (row.source === 'job' && row.state === state) this.set({ kind: row.key }, row.count);
      },
    });
  }

  new Gauge({
    name: 'sherehe_payments',
    help: 'Payments in the database, by method and status (their outcome)',
    labelNames: ['method', 'status'] as const,
    registers: [registry],
    async collect() {
      const counts = await tableCounts();
      this.reset();
      if (!counts) return;
      for (const method of PAYMENT_METHODS)
        for (const status of PAYMENT_STATUSES) this.set({ method, status }, 0);
      for (const row of counts)
        if (row.source === 'payment') this.set({ method: row.key, status: row.state }, row.count);
    },
  });

  new Gauge({
    name: 'sherehe_sms_messages',
    help: 'Text messages in the database, by status (queued, sent, delivered, failed)',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      const counts = await tableCounts();
      this.reset();
      if (!counts) return;
      for (const status of SMS_STATUSES) this.set({ status }, 0);
      for (const row of counts) if (row.source === 'sms') this.set({ status: row.state }, row.count);
    },
  });

  new Gauge({
    name: 'sherehe_sockets_connected',
    help: 'Socket.IO connections open on this process (signed-in web pages)',
    registers: [registry],
    collect() {
      this.set(app.io.of('/').sockets.size);
    },
  });

  const sessionLookups = app.sessionStore.cache.counts;
  new Counter({
    name: 'sherehe_session_cache_lookups_total',
    help: "Signed-in requests' session look-ups, by result: hit (kept in this process) or miss (read from the database)",
    labelNames: ['result'] as const,
    registers: [registry],
    collect() {
      this.reset();
      this.inc({ result: 'hit' }, sessionLookups.hits);
      this.inc({ result: 'miss' }, sessionLookups.misses);
    },
  });

  // PostgreSQL's pool; PGlite runs one query at a time behind its own lock, which it does not
  // show: its pool figures stay 0 (docs/metrics.md).
  const pool = app.database.pool;
  new Gauge({
    name: 'sherehe_db_pool_connections',
    help: 'Database connections this process holds, by state (idle, busy); 0 on PGlite',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = pool?.stats() ?? { total: 0, idle: 0, waiting: 0 };
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'busy' }, stats.total - stats.idle);
    },
  });
  new Gauge({
    name: 'sherehe_db_pool_waiting',
    help: 'Queries of this process waiting for a free database connection now; 0 on PGlite',
    registers: [registry],
    collect() {
      this.set(pool?.stats().waiting ?? 0);
    },
  });
  const checkouts = new Histogram({
    name: 'sherehe_db_pool_checkout_seconds',
    help: 'Time a query or transaction waited for a database connection (opening one included); none on PGlite',
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const stopWatching = pool?.onCheckout((seconds) => checkouts.observe(seconds));

  let server: http.Server | undefined;
  app.addHook('onClose', async () => {
    stopWatching?.();
    if (!server) return;
    const closing = new Promise<void>((resolve) => server!.close(() => resolve()));
    // A scraper keeps its connection open between scrapes.
    server.closeAllConnections();
    await closing;
  });

  app.decorate('metrics', {
    registry,
    async listen() {
      if (server) return server.address() as AddressInfo;
      const metricsServer = http.createServer((request, response) => {
        void answer(registry, request, response).catch((error: unknown) => {
          app.log.error({ err: error }, 'metrics: a scrape failed');
          if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain' });
          response.end('metrics could not be read\n');
        });
      });
      server = metricsServer;
      await new Promise<void>((resolve, reject) => {
        metricsServer.once('error', reject);
        metricsServer.listen(config.port, config.host, () => {
          metricsServer.off('error', reject);
          resolve();
        });
      });
      return metricsServer.address() as AddressInfo;
    },
  });
}

/** `GET /metrics` in Prometheus's text format; anything else is not found. */
async function answer(registry: Registry, request: http.IncomingMessage, response: http.ServerResponse) {
  const pathname = new URL(request.url ?? '/', 'http://metrics').pathname;
  if (pathname !== '/metrics') {
    response.writeHead(404, { 'content-type': 'text/plain' }).end('not found: metrics are at /metrics\n');
    return;
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain' }).end();
    return;
  }
  const text = await registry.metrics();
  response.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' });
  response.end(request.method === 'HEAD' ? undefined : text);
}
