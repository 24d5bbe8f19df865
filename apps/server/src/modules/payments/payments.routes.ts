import { pathInLang } from '@sherehe/shared/i18n';
import { MESSAGES } from '@sherehe/shared/messages';
import { normaliseKenyanPhone } from '@sherehe/shared/phone';
import { errorBodySchema, idParamsSchema } from '@sherehe/shared/schemas/common';
import {
  listPaymentsQuerySchema,
  paymentListResponseSchema,
  paymentMethodsResponseSchema,
  paymentResponseSchema,
  paymentSchema,
  startPaymentBodySchema,
} from '@sherehe/shared/schemas/payments';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { parseId } from '../../lib/ids';
import { refuseCallback } from '../../lib/provider-callbacks';
import { clientAddress, routeLimit } from '../../lib/request-limits';
import type { PaymentProvider } from '../../payments/provider';
import { currentAuth, requireRole, requireUser } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import { RECEIPT_PAGE_POLICY, receiptPage } from './payment-receipt.page';
import { presentPayment, presentPaymentListItem, presentPaymentSums } from './payments.presenter';
import { PendingPaymentError, startPayment } from './payments.service';
import { receiveProviderEvent } from './payments-callbacks.service';
import { getPayment, getPaymentReceipt, listPaymentMethods, listPaymentsPage } from './payments-read.service';
import { checkPayment } from './payments-reconcile.service';
import { startPlanPayment } from './plan-payments.service';

const tags = ['payments'];
const errors = {
  ...errorResponses(400, 401, 403, 404),
  409: errorBodySchema.extend({ payment: paymentSchema.optional() }),
};

/** A callback's body stays the exact bytes received: signatures cover them, not re-serialised JSON. */
const CALLBACK_BODY_LIMIT = 64 * 1024;

export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.paymentDeps;

  /**
   * An M-Pesa start prompts a phone: counted against that number (the one sent, else the payer's
   * profile phone), whichever account asks, so a few new accounts cannot flood a stranger's phone.
   */
  const limitPhonePrompts = async (request: FastifyRequest, reply: FastifyReply) => {
    const body = request.body as { method?: string; phone?: string };
    if (body.method !== 'mpesa' || !deps.providers.mpesa || !request.auth) return;
    const phone = body.phone ?? normaliseKenyanPhone(request.auth.user.phoneNumber);
    if (!phone) return;
    const { max, windowMs } = app.config.limits.mpesaPromptsPerPhone;
    const result = await app.limiter.take(`mpesa-prompts:${phone}`, max, windowMs);
    if (result.allowed) return;
    const seconds = Math.max(1, Math.ceil(result.resetInMs / 1000));
    reply.header('retry-after', String(seconds));
    throw new AppError('RATE_LIMITED', MESSAGES.payments.phonePromptsLimited(Math.ceil(seconds / 60)));
  };

  app.post('/api/payments', {
    config: {
      keepsPublicReads: true,
      // Per account, counted after requireUser: every M-Pesa start prompts someone's phone.
      rateLimit: {
        ...routeLimit(app.config.limits.paymentsPerAccount),
        hook: 'preHandler',
        keyGenerator: (request) => request.auth?.user.id ?? clientAddress(request),
      },
    },
    schema: {
      tags,
      summary:
        "Start paying a booking's deposit, balance or a part of it (its client), or 30 days of a paid plan (oneself)",
      description:
        "`{ bookingId, purpose, method, phone? }` pays a booking; `{ planId, method, phone? }` pays 30 days of a paid plan at the dollar price × PLAN_KES_PER_USD, starting when it succeeds. Once the deposit is paid, `purpose: 'instalment'` with `amount` (Ksh) pays a part of the balance: at least Ksh 1,000 (or what is left, exactly, when less) and at most what is left; whole shillings by M-Pesa. M-Pesa sends a PIN prompt to the phone (the profile phone when none is given); a card payment answers with a checkoutUrl. A payment already pending for the same booking and purpose (or the same plan; a balance and a part of it count as one) is a 409 with it.",
      body: startPaymentBodySchema,
      response: { 201: paymentResponseSchema, ...errors, ...errorResponses(429) },
    },
    preHandler: [requireUser, limitPhonePrompts],
    handler: async (request, reply) => {
      const auth = currentAuth(request);
      const body = request.body;
      try {
        const payment =
          'planId' in body
            ? await startPlanPayment({
                ...deps,
                kesPerUsd: app.config.payments.planKesPerUsd,
                actor: auth.user,
                input: body,
              })
            : await startPayment({ ...deps, actor: auth.user, input: body });
        deps.notify(payment);
        return reply.code(201).send({ success: true as const, payment: presentPayment(payment) });
      } catch (error) {
        if (!(error instanceof PendingPaymentError)) throw error;
        return reply.code(409).send({
          success: false as const,
          code: 'CONFLICT' as const,
          message: error.message,
          payment: presentPayment(error.payment),
        });
      }
    },
  });

  app.get('/api/payments', {
    schema: {
      tags,
      summary: "Payments: one booking's (its parties and admins), else the caller's own",
      description:
        "With `booking`: that booking's payments. Without: an admin sees every payment, a planner the payments on their bookings, a client what they paid. Filters by status, method and Nairobi days (`from`, `to`, both included); newest first; `summary` sums the succeeded payments among every row the filters select, not only the page.",
      querystring: listPaymentsQuerySchema,
      response: { 200: paymentListResponseSchema, ...errors },
    },
    preHandler: requireUser,
    handler: async (request) => {
      const auth = currentAuth(request);
      const { rows, page, summary } = await listPaymentsPage({
        db: app.db,
        actor: auth.user,
        query: request.query,
      });
      return {
        success: true as const,
        payments: rows.map(presentPaymentListItem),
        ...page,
        summary: presentPaymentSums(summary),
      };
    },
  });

  app.get('/api/payments/methods', {
    // The same answer for everyone until a restart with other settings: kept by the read cache
    // (docs/decisions/010) and, like the plans, by browsers for a minute.
    config: { publicRead: true },
    schema: {
      tags,
      summary: 'The ways of paying offered now: M-Pesa, card, both, or none when payments are off',
      description:
        '`methods` lists what `POST /api/payments` accepts as `method` here: both in simulator mode, the ones whose settings are given in live mode, none with PAYMENTS_MODE=off (nobody is asked to pay). `mpesaMaxAmount`: the most M-Pesa takes in one payment (MPESA_MAX_AMOUNT, Ksh); a larger amount is paid by card. The same for everyone, no session needed.',
      response: { 200: paymentMethodsResponseSchema },
    },
    handler: async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return {
        success: true as const,
        methods: listPaymentMethods({ providers: deps.providers }),
        mpesaMaxAmount: deps.mpesaMaxAmount,
      };
    },
  });

  app.get('/api/payments/:id', {
    schema: {
      tags,
      summary: "One payment (its booking's parties and admins)",
      params: idParamsSchema,
      response: { 200: paymentResponseSchema, ...errors },
    },
    preHandler: requireUser,
    handler: async (request) => {
      const auth = currentAuth(request);
      const id = parseId(request.params.id, MESSAGES.payments.notFound);
      const payment = await getPayment({ db: app.db, actor: auth.user, id });
      return { success: true as const, payment: presentPayment(payment) };
    },
  });

  app.get('/api/payments/:id/receipt', {
    schema: {
      tags,
      summary: 'The printable receipt of a succeeded payment, as an HTML page (its parties and admins)',
      description:
        'Opened in a browser with the session cookie (or with a bearer token). A payment that has not succeeded has no receipt (404). The same receipt is mailed to the client when the payment succeeds.',
      params: idParamsSchema,
      response: {
        200: { description: 'The receipt page', content: { 'text/html': { schema: z.string() } } },
        ...errors,
      },
    },
    preHandler: requireUser,
    handler: async (request, reply) => {
      const auth = currentAuth(request);
      const id = parseId(request.params.id, MESSAGES.receipts.notFound);
      const facts = await getPaymentReceipt({ db: app.db, actor: auth.user, id, lang: request.lang });
      return reply
        .header('content-security-policy', RECEIPT_PAGE_POLICY)
        .header('cache-control', 'private, no-store')
        .type('text/html; charset=utf-8')
        .send(
          receiptPage(
            facts,
            `${app.config.publicUrl}${pathInLang('/dashboard/bookings', request.lang)}`,
            request.lang,
          ),
        );
    },
  });

  app.post('/api/payments/:id/check', {
    config: { keepsPublicReads: true },
    schema: {
      tags,
      summary: 'Ask the provider now about a pending payment (admins)',
      description:
        'What the reconcile job does, at once: the payment is settled when the provider has a final answer (or expired when too old), else it stays pending. 409 when it is no longer pending.',
      params: idParamsSchema,
      response: { 200: paymentResponseSchema, ...errors },
    },
    preHandler: requireRole('admin'),
    handler: async (request) => {
      const id = parseId(request.params.id, MESSAGES.payments.notFound);
      const payment = await checkPayment({ ...deps, id });
      return { success: true as const, payment: presentPayment(payment) };
    },
  });

  // The providers' calls, in a scope of their own where every body is kept as the string received.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'string', bodyLimit: CALLBACK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );

    /**
     * Refused callbacks change nothing; a forged one is told so, as is one not understood. The
     * refusal is the route's answer (returned, not sent here), so each call is answered once.
     */
    const refuse = (request: FastifyRequest, reply: FastifyReply, reason: 'forged' | 'malformed') =>
      refuseCallback(app, request, reply, {
        reason,
        counter: 'payment-callbacks-forged',
        forged: MESSAGES.payments.callbackForged,
        malformed: MESSAGES.payments.callbackNotUnderstood,
      });

    const receive = async (
      provider: PaymentProvider | undefined,
      request: FastifyRequest,
      reply: FastifyReply,
      path: { secret?: string; paymentId?: string } = {},
    ) => {
      if (!provider) return refuse(request, reply, 'forged');
      const parsed = provider.parseCallback({
        rawBody: typeof request.body === 'string' ? request.body : '',
        headers: request.headers,
        ...(path.secret !== undefined ? { pathSecret: path.secret } : {}),
      });
      if (!parsed.ok) {
        const refusal = await refuse(request, reply, parsed.error.reason);
        app.log.warn({ method: provider.method, refusal: parsed.error }, 'payment callback refused');
        return refusal;
      }
      const named = path.paymentId !== undefined ? { paymentId: path.paymentId } : {};
      const outcome = await receiveProviderEvent(deps, provider, parsed.value, named);
      app.log.info({ method: provider.method, outcome }, 'payment callback received');
      return undefined;
    };

    const mpesaCallback = async (
      request: FastifyRequest,
      reply: FastifyReply,
      path: { secret: string; paymentId?: string },
    ) => {
      const refused = await receive(deps.providers.mpesa, request, reply, path);
      if (refused) return refused;
      // What Daraja expects back: anything else makes it retry.
      return { ResultCode: 0 as const, ResultDesc: 'Accepted' };
    };
    const mpesaAnswers = {
      200: z.object({ ResultCode: z.literal(0), ResultDesc: z.string() }),
      ...errors,
      ...errorResponses(429),
    };

    // Reversal results, and the STK results of payments started before the payment's id was in the path.
    scope.post('/api/payments/mpesa/callback/:secret', {
      config: { keepsPublicReads: true },
      bodyLimit: CALLBACK_BODY_LIMIT,
      schema: {
        tags,
        summary: "Daraja's reversal results, and STK push results of older payments (at a secret path)",
        params: z.object({ secret: z.string().max(200) }),
        response: mpesaAnswers,
      },
      handler: (request, reply) => mpesaCallback(request, reply, request.params as { secret: string }),
    });

    scope.post('/api/payments/mpesa/callback/:secret/:paymentId', {
      config: { keepsPublicReads: true },
      bodyLimit: CALLBACK_BODY_LIMIT,
      schema: {
        tags,
        summary: "Daraja's STK push result for one payment (at a secret path, with the payment's id)",
        description:
          'The CallBackURL of every STK push: the payment is found by its id even when the push’s CheckoutRequestID never reached the server (a crash, a lost answer); the result is confirmed by an STK query before anything is counted.',
        params: z.object({ secret: z.string().max(200), paymentId: z.string().max(200) }),
        response: mpesaAnswers,
      },
      handler: (request, reply) =>
        mpesaCallback(request, reply, request.params as { secret: string; paymentId: string }),
    });

    scope.post('/api/payments/paystack/webhook', {
      config: { keepsPublicReads: true },
      bodyLimit: CALLBACK_BODY_LIMIT,
      schema: {
        tags,
        summary: "Paystack's webhooks (signed with x-paystack-signature)",
        response: { 200: z.object({ success: z.literal(true) }), ...errors, ...errorResponses(429) },
      },
      handler: async (request, reply) => {
        const refused = await receive(deps.providers.card, request, reply);
        if (refused) return refused;
        return { success: true as const };
      },
    });
  });
};
