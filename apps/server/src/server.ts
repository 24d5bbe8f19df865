import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { createBackup } from './backup/backup';
import { scheduleNightlyBackup } from './backup/backup-job';
import { serveBackups } from './backup/backup-socket';
import { type Config, isLoopbackUrl } from './config';
import { type Database, openDatabase } from './db/client';
import { bootstrapAdmin, DEMO_ACCOUNTS_WARNING, liveDemoAccounts, seedDemo } from './db/seed';
import { ensurePlans } from './modules/plans';
import { deleteExpiredSessions } from './modules/sessions';
import { defaultWebDist } from './paths';

export interface RunningServer {
  app: FastifyInstance;
  database: Database;
  /** Stops accepting, lets requests in flight finish, then closes the database. */
  close(): Promise<void>;
}

/** How long a stopping server goes on answering (with `Connection: close`) before it closes. */
const SHUTDOWN_DRAIN_MS = 1_000;

/** Opens and migrates the database, writes reference and demo data, and listens. */
export async function startServer(config: Config): Promise<RunningServer> {
  const database = await openDatabase(config);
  try {
    await database.migrate();
    await ensurePlans(database.db);
    const app = await buildApp({
      config: { ...config, webDist: config.webDist ?? defaultWebDist },
      database,
    });
    if (config.seedDemo) await seedDemo({ db: database.db, storage: app.storage, log: app.log });
    else if (!config.isProduction && !isLoopbackUrl(config.publicUrl))
      app.log.info('demo data not seeded: PUBLIC_URL is not this machine (SEED_DEMO=true seeds it anyway)');
    if (config.adminEmail && config.adminPassword) {
      await bootstrapAdmin({
        db: database.db,
        email: config.adminEmail,
        password: config.adminPassword,
        log: app.log,
      });
    }
    await deleteExpiredSessions(database.db);
    if (config.backup.nightly) await scheduleNightlyBackup(app.jobs, database.db, config.backup);
    // Checked before listening: once the server listens, nothing more is awaited before the caller
    // can handle a stop signal.
    const demoAccountsLive = (await liveDemoAccounts(database.db)).length > 0;
    // `npm run backup` asks this process for the copy of its PGlite, which nothing else may open.
    // Like the metrics' address, before the app listens.
    const backups =
      database.kind === 'pglite'
        ? await serveBackups(
            config.dataDir,
            async () => (await createBackup(config, database.pglite)).file,
          ).catch((error: unknown) => {
            app.log.warn(
              { err: error },
              'backup: DATA_DIR/backup.sock cannot listen; npm run backup will not reach this server',
            );
            return undefined;
          })
        : undefined;
    // The metrics' own address (METRICS_PORT) first, so nothing is awaited after the app listens.
    const metricsAddress = await app.metrics?.listen().catch(async (error: unknown) => {
      await backups?.close();
      await app.close();
      throw error;
    });
    await app.listen({ port: config.port, host: config.host }).catch(async (error: unknown) => {
      await backups?.close();
      if (metricsAddress) await app.close();
      throw error;
    });
    if (metricsAddress) {
      const { address, family, port } = metricsAddress;
      app.log.info(
        `metrics: http://${family === 'IPv6' ? `[${address}]` : address}:${port}/metrics (for Prometheus; the public port does not answer it)`,
      );
    }
    app.log.info(
      `Sherehe is running on ${config.publicUrl} (database: ${database.kind === 'pglite' ? `embedded PGlite in ${path.join(config.dataDir, 'db')}` : 'PostgreSQL'})`,
    );
    const { payments } = config;
    if (payments.mode === 'off')
      app.log.info(
        "payments: off: no payment is asked for, and plans change without one (PAYMENTS_MODE=live with the providers' settings to take payments)",
      );
    if (payments.mode === 'live') {
      const methods = [payments.mpesa && 'M-Pesa', payments.card && 'card'].filter(Boolean).join(' and ');
      app.log.info(`payments: live, by ${methods}`);
      if (payments.mpesa && !payments.mpesa.initiatorName)
        app.log.warn(
          'payments: M-Pesa payments cannot be refunded from the app without DARAJA_INITIATOR_NAME and DARAJA_SECURITY_CREDENTIAL',
        );
    }
    // Last, so it is the line a person starting the server sees.
    if (demoAccountsLive) {
      const line = '!'.repeat(100);
      app.log.warn(`\n${line}\n${DEMO_ACCOUNTS_WARNING}\n${line}`);
    }
    let closing: Promise<void> | undefined;
    return {
      app,
      database,
      close() {
        closing ??= (async () => {
          // Drain first: for a moment the server still listens and answers, each answer closing its
          // connection. A connection already accepted whose request has not been read yet counts
          // as idle, and closing the server resets idle connections: without this pause such a
          // request (sent just before the signal) would be cut off instead of answered.
          app.draining = true;
          await backups?.close();
          await new Promise((resolve) => setTimeout(resolve, SHUTDOWN_DRAIN_MS));
          // The app reaps keep-alive sockets as they fall idle while it closes (app.ts).
          await app.close();
          await database.close();
        })();
        return closing;
      },
    };
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
}
