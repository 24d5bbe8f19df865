import path from 'node:path';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import { MESSAGES } from '@sherehe/shared/messages';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifySchema,
  type FastifyServerOptions,
} from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import { registerDomainEventHandlers } from './events/handlers';
import { registerJobKinds } from './jobs/job-kinds';
import { JobQueue } from './jobs/job-queue';
import { AppError, NUL_MESSAGE } from './lib/app-error';
import { withoutQueryValues } from './lib/log-errors';
import { prettyLogStream, usePrettyLogs } from './lib/log-format';
import { redactUrl } from './lib/redact-url';
import { createMailer, type Mailer } from './mail/mailer';
import { addMetrics } from './metrics/metrics';
import { accountDeletionRoutes } from './modules/accounts/account-deletion.routes';
import { accountExportRoutes } from './modules/accounts/account-export.routes';
import { accountsRoutes } from './modules/accounts/accounts.routes';
import { analyticsRoutes } from './modules/analytics/analytics.routes';
import { attachmentsRoutes } from './modules/attachments/attachments.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { availabilityRoutes } from './modules/availability/availability.routes';
import { bookingsRoutes } from './modules/bookings/bookings.routes';
import { calendarRoutes } from './modules/calendar/calendar.routes';
import { categoriesRoutes } from './modules/categories/categories.routes';
import { chatRoutes } from './modules/chat/chat.routes';
import { contactRoutes } from './modules/contact/contact.routes';
import { healthRoutes } from './modules/health/health.routes';
import { jobsRoutes } from './modules/jobs/jobs.routes';
import { ledgerRoutes } from './modules/ledger/ledger.routes';
import { notificationSettingsRoutes } from './modules/notification-settings/notification-settings.routes';
import { shortLinksRoutes } from './modules/notifications/short-links.routes';
import { packagesRoutes } from './modules/packages/packages.routes';
import { buildPaymentDeps } from './modules/payments/payment-deps';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { plansRoutes } from './modules/plans/plans.routes';
import { reviewsRoutes } from './modules/reviews/reviews.routes';
import { sharingRoutes } from './modules/sharing/sharing.routes';
import { smsRoutes } from './modules/sms/sms.routes';
import { adminUsersRoutes } from './modules/users/admin-users.routes';
import { phoneVerificationRoutes } from './modules/users/phone-verification.routes';
import { usersRoutes } from './modules/users/users.routes';
import { paymentSimulatorPlugin } from './payments/simulator/simulator.plugin';
import { addSessionStore, authPlugin } from './plugins/auth';
import { errorsPlugin, sendError } from './plugins/errors';
import { langPlugin } from './plugins/lang';
import { readCachePlugin, servePublicReads } from './plugins/read-cache';
import { securityPlugin } from './plugins/security';
import { swaggerPlugin } from './plugins/swagger';
import { isSpaPath, webPlugin } from './plugins/web';
import { attachSocketServer } from './realtime/socket-server';
import { smsSimulatorPlugin } from './sms/simulator/sms-simulator.plugin';
import { type AttachmentStore, DiskAttachmentStore } from './storage/attachments';
import { s3Stores } from './storage/s3-storage';
import { DiskStorage, type Storage } from './storage/storage';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    storage: Storage;
    /** Chat files, in a private folder (docs/chat-and-files.md#files-in-chat). */
    attachmentStore: AttachmentStore;
    mailer: Mailer;
    jobs: JobQueue;
    routeTable: RouteInfo[];
  }
}

/** A registered route and its schemas (the fuzz tests generate requests from them). */
export interface RouteInfo {
  method: string;
  url: string;
  schema: FastifySchema | undefined;
}

export interface BuildAppOptions {
  config: Config;
  database: Database;
  storage?: Storage;
  mailer?: Mailer;
  logger?: FastifyServerOptions['logger'];
  /** Whether this app runs the job worker (default true); tests that time requests turn it off. */
  jobWorker?: boolean;
}

/**
 * Request logs name the address without its secrets (reset tokens, feed tokens, callback paths),
 * and a failed query's error without its values (people's words: `withoutQueryValues`).
 */
function withRedactedUrls(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger || typeof logger !== 'object') return logger;
  return {
    ...logger,
    hooks: {
      logMethod(args: unknown[], method: (...args: unknown[]) => void) {
        const [first] = args;
        if (first instanceof Error) args[0] = withoutQueryValues(first);
        else if (first && typeof first === 'object' && 'err' in first)
          args[0] = { ...first, err: withoutQueryValues((first as { err: unknown }).err) };
        return method.apply(this, args);
      },
    },
    serializers: {
      ...(logger as { serializers?: Record<string, unknown> }).serializers,
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  } as FastifyServerOptions['logger'];
}

/** The log of a server: JSON lines, or readable ones when a person watches it (lib/log-format.ts). */
function defaultLogger(config: Config): FastifyServerOptions['logger'] {
  const pretty = usePrettyLogs(config.logFormat, {
    isProduction: config.isProduction,
    isTerminal: Boolean(process.stdout.isTTY),
  });
  return { level: config.logLevel, ...(pretty && { stream: prettyLogStream(process.stdout) }) };
}

/** 5 MB images plus the other form fields. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/** Builds the whole app, ready to `listen` or to `inject` into (tests). */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  registerDomainEventHandlers();
  const app = Fastify({
    logger: withRedactedUrls(options.logger ?? defaultLogger(config)),
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: false,
    bodyLimit: 1024 * 1024,
    // Fastify takes a hop count too; its types only list the other forms.
    trustProxy: config.trustProxy as boolean | string | string[],
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // An address the router cannot even read (a part over 200 characters, a broken %-escape) names
    // nothing: the same 404 in the envelope as any unknown address, its path cut short.
    frameworkErrors: (_error, request, reply) => {
      const path = request.raw.url?.split('?')[0] ?? '/';
      void (reply as FastifyReply)
        .code(404)
        .type('application/json; charset=utf-8')
        .send({
          success: false,
          message: MESSAGES.security.noRoute(
            request.method,
            path.length > 80 ? `${path.slice(0, 80)}…` : path,
          ),
          code: 'NOT_FOUND',
        });
    },
  }).withTypeProvider<ZodTypeProvider>();

  // Every route the app registers, read by the authorization matrix test (so a new route without a
  // row in it fails that test).
  const routeTable: RouteInfo[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      routeTable.push({ method, url: route.url, schema: route.schema });
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // An empty JSON body (a bodiless POST that still says application/json) means "no body".
  const parseJson = app.getDefaultJsonParser('error', 'ignore');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    // PostgreSQL text cannot hold NUL: refuse it here rather than fail at the database.
    if (/\\u0000/i.test(text)) return done(new AppError('VALIDATION', NUL_MESSAGE));
    parseJson(request, text, done);
  });

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  // Uploads in the S3-compatible bucket when S3_* is set, so every process sees every file
  // (docs/decisions/018-object-storage.md); in DATA_DIR otherwise.
  const stores: { storage: Storage; attachmentStore: AttachmentStore } = config.objectStorage
    ? s3Stores(config.objectStorage, config.publicUrl)
    : {
        storage: new DiskStorage(path.join(config.dataDir, 'uploads'), config.publicUrl),
        attachmentStore: new DiskAttachmentStore(path.join(config.dataDir, 'attachments')),
      };
  app.decorate('storage', options.storage ?? stores.storage);
  app.decorate('attachmentStore', stores.attachmentStore);
  app.decorate(
    'mailer',
    options.mailer ??
      createMailer({
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        outboxDir: path.join(config.dataDir, 'outbox'),
        log: app.log,
      }),
  );
  app.decorate('jobs', new JobQueue({ db: database.db, log: app.log, ...config.jobs }));
  // Signed-in sessions kept for a few seconds, dropped on every process when they end (decision 027).
  await addSessionStore(app);
  // The payment providers and their clients, once per process: payments and refunds share them (one
  // Daraja client, so one OAuth token).
  app.decorate('paymentDeps', buildPaymentDeps(app));
  // Every kind of job, with its handler, in one place.
  registerJobKinds(app);
  // While the process drains before it stops (server.ts), every answer ends its connection, so no
  // client sends another request on a socket that is about to close.
  app.decorate('draining', false);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (app.draining) reply.header('connection', 'close');
  });
  // Once the app closes, every answer still going out ends its connection, and keep-alive sockets
  // that fall idle are reaped as they do: Fastify reaps only those idle when close begins, and a
  // socket whose request finishes later would hold the server open for the keep-alive timeout.
  let reaper: NodeJS.Timeout | undefined;
  app.addHook('preClose', async () => {
    app.draining = true;
    reaper = setInterval(() => app.server.closeIdleConnections(), 100);
  });
  app.addHook('onClose', async () => clearInterval(reaper));
  app.addHook('onRequest', async (request) => {
    if (/%00/.test(request.url)) throw new AppError('VALIDATION', NUL_MESSAGE);
  });
  // Before every route, so each request is timed (when METRICS_PORT is set; docs/metrics.md).
  addMetrics(app, config.metrics);

  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  await app.register(readCachePlugin);
  await app.register(cookie);
  await app.register(langPlugin);
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20, fieldSize: 100_000 },
  });
  await app.register(swaggerPlugin);
  await app.register(webPlugin, { webDist: config.webDist });
  // robots.txt, the sitemaps, the share pictures and the icons: outside /api, for crawlers.
  await app.register(sharingRoutes);
  // The short links of the SMS notices, to a booking in the dashboard.
  await app.register(shortLinksRoutes);
  // Daraja and Paystack imitated on this server, in simulator mode only (never in production).
  if (config.payments.mode === 'simulator') {
    await app.register(paymentSimulatorPlugin);
    app.log.warn(
      `payments: SIMULATOR at ${config.publicUrl}/__sim: anyone who can reach this server can "pay" any payment through it for free; set PAYMENTS_MODE=live (or off) for real money`,
    );
  }
  // Africa's Talking imitated on this server, in SMS_MODE=simulator only (never in production).
  if (config.sms.mode === 'simulator') await app.register(smsSimulatorPlugin);

  await attachSocketServer(app);
  app.readCache.share(app.io);
  // Jobs in hand finish (or are left to their lease) and mail being sent goes out before the end.
  // Added after the socket server's hooks, so it runs before them (onClose hooks run last added
  // first): a job's broadcast to the other processes still finds the socket.io adapter open.
  app.addHook('onClose', async () => {
    await app.jobs.stop();
    await app.mailer.close();
  });

  await app.register(async (api) => {
    servePublicReads(api);
    // Answers about someone (their data, bookings, chats) must not be kept by a browser or proxy;
    // the public reads say what they allow themselves.
    api.addHook('onSend', async (request, reply) => {
      if (!request.routeOptions.config?.publicRead && !reply.hasHeader('cache-control'))
        reply.header('cache-control', 'private, no-store');
    });
    await api.register(authPlugin);
    await api.register(healthRoutes);
    await api.register(authRoutes);
    await api.register(usersRoutes);
    await api.register(phoneVerificationRoutes);
    await api.register(adminUsersRoutes);
    await api.register(accountDeletionRoutes);
    await api.register(accountExportRoutes);
    await api.register(plansRoutes);
    await api.register(packagesRoutes);
    await api.register(categoriesRoutes);
    await api.register(bookingsRoutes);
    await api.register(reviewsRoutes);
    await api.register(analyticsRoutes);
    await api.register(chatRoutes);
    await api.register(attachmentsRoutes);
    await api.register(accountsRoutes);
    await api.register(contactRoutes);
    await api.register(jobsRoutes);
    await api.register(auditRoutes);
    await api.register(paymentsRoutes);
    await api.register(smsRoutes);
    await api.register(notificationSettingsRoutes);
    await api.register(ledgerRoutes);
    await api.register(availabilityRoutes);
    await api.register(calendarRoutes);
  });

  app.setNotFoundHandler((request, reply) => {
    if (
      app.spaFallback &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      isSpaPath(request.url)
    ) {
      return app.sendPage(request, reply);
    }
    return sendError(reply, 404, {
      success: false,
      message: MESSAGES.security.noRoute(request.method, request.url.split('?')[0] ?? '/'),
      code: 'NOT_FOUND',
    });
  });

  await app.ready();
  if (options.jobWorker !== false) app.jobs.start();
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** True once the process has been asked to stop (server.ts). */
    draining: boolean;
  }
}
