import { randomBytes, timingSafeEqual } from 'node:crypto';
import { MESSAGES } from '@sherehe/shared/messages';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { PaystackSettings } from '../../config';
import { paystackSignature } from '../paystack-client';
import { checkoutPage, checkoutPolicy, messagePage } from './checkout-page';
import type { Outbound } from './outbound';
import { SIM_ROUTE } from './route-options';

/** What tests may change in the Paystack simulator (`app.paymentSimulator.paystack`). */
export interface PaystackSimulatorControls {
  /** Where webhooks go (Paystack's is set in its dashboard): the app's own webhook route by default. */
  webhookUrl: string;
  /** How long a refund takes before its `refund.processed` webhook. */
  refundDelayMs: number;
  /**
   * Whether the app's void of a checkout is honoured (true unless a test says otherwise). False
   * answers it as Paystack itself would, with no such call (404), so the checkout stays payable.
   */
  voidsCheckouts?: boolean;
}

interface Transaction {
  id: number;
  reference: string;
  amount: number;
  email: string;
  callbackUrl: string | undefined;
  metadata: unknown;
  /** `voided`: the shop gave up on it (our void, which Paystack itself lacks); verify says `abandoned`. */
  status: 'abandoned' | 'success' | 'failed' | 'reversed' | 'voided';
  gatewayResponse: string;
  createdAt: Date;
  paidAt: Date | undefined;
  refunded: number;
}

const REFERENCE = /^[A-Za-z0-9.=-]{1,100}$/;
const amount = z
  .union([z.number(), z.string().regex(/^\d+$/).transform(Number)])
  .pipe(z.number().int().min(1));
const initializeSchema = z.object({
  email: z.email(),
  amount,
  currency: z.string().optional(),
  reference: z.string().regex(REFERENCE).optional(),
  callback_url: z.url({ protocol: /^https?$/ }).optional(),
  metadata: z.unknown().optional(),
});
const refundSchema = z.object({
  transaction: z.union([z.string(), z.number()]).transform(String),
  amount: amount.optional(),
  merchant_note: z.string().optional(),
});
const checkoutForm = z.object({ outcome: z.enum(['pay', 'decline']) });

/**
 * Paystack, imitated: initialize (its authorization_url is the simulator's own checkout page),
 * verify, refund, and the checkout page whose Pay and Decline send a webhook signed with the secret
 * key, then return the payer to the transaction's callback_url. State lives in memory.
 */
export function paystackSimulator(
  settings: PaystackSettings,
  controls: PaystackSimulatorControls,
  outbound: Outbound,
) {
  const transactions = new Map<string, Transaction>();
  let nextId = 4_000_000 + Math.floor(Math.random() * 1_000_000);

  const refuse = (reply: FastifyReply, status: number, message: string) =>
    reply.code(status).send({ status: false, message });

  function authorized(request: FastifyRequest): boolean {
    const given = Buffer.from(request.headers.authorization ?? '');
    const expected = Buffer.from(`Bearer ${settings.secretKey}`);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  function transactionData(t: Transaction) {
    return {
      id: t.id,
      domain: 'test',
      status: t.status === 'voided' ? 'abandoned' : t.status,
      reference: t.reference,
      amount: t.amount,
      message: null,
      gateway_response: t.gatewayResponse,
      paid_at: t.paidAt?.toISOString() ?? null,
      created_at: t.createdAt.toISOString(),
      channel: 'card',
      currency: 'KES',
      metadata: t.metadata ?? null,
      customer: { email: t.email },
    };
  }

  async function sendWebhook(event: string, data: unknown) {
    const body = JSON.stringify({ event, data });
    await outbound.post(`the ${event} webhook`, controls.webhookUrl, body, {
      'x-paystack-signature': paystackSignature(settings.secretKey, body),
    });
  }

  function sendPage(reply: FastifyReply, status: number, html: string, returnOrigin?: string) {
    // Its own referrer policy, not the app's no-referrer: under that a browser's form post says
    // `Origin: null`, which the app's cross-site check refuses, so Pay and Decline would never arrive.
    return reply
      .code(status)
      .header('content-security-policy', checkoutPolicy(returnOrigin))
      .header('referrer-policy', 'same-origin')
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(html);
  }

  return async function paystackRoutes(app: FastifyInstance) {
    // The checkout page's form; nowhere else in the app takes form posts.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    app.post('/transaction/initialize', SIM_ROUTE, async (request, reply) => {
      if (!authorized(request)) return refuse(reply, 401, 'Invalid key');
      const parsed = initializeSchema.safeParse(request.body);
      if (!parsed.success) {
        const field = String(parsed.error.issues[0]?.path[0] ?? 'request');
        return refuse(reply, 400, field === 'email' ? 'Invalid Email Address Passed' : `Invalid ${field}`);
      }
      const body = parsed.data;
      if ((body.currency ?? 'KES') !== 'KES') return refuse(reply, 400, 'Currency not supported by merchant');
      const reference = body.reference ?? randomBytes(8).toString('hex');
      if (transactions.has(reference)) return refuse(reply, 400, 'Duplicate Transaction Reference');
      transactions.set(reference, {
        id: nextId++,
        reference,
        amount: body.amount,
        email: body.email,
        callbackUrl: body.callback_url,
        metadata: body.metadata,
        status: 'abandoned',
        gatewayResponse: 'The transaction was not completed',
        createdAt: new Date(),
        paidAt: undefined,
        refunded: 0,
      });
      // The checkout is served where the client reached the simulator.
      const here = `${request.protocol}://${request.host}`;
      return {
        status: true,
        message: 'Authorization URL created',
        data: {
          authorization_url: `${here}${checkoutPath(request.url, reference)}`,
          access_code: randomBytes(8).toString('hex'),
          reference,
        },
      };
    });

    app.get('/transaction/verify/:reference', SIM_ROUTE, async (request, reply) => {
      if (!authorized(request)) return refuse(reply, 401, 'Invalid key');
      const t = transactions.get((request.params as { reference: string }).reference);
      if (!t) return refuse(reply, 400, 'Transaction reference not found');
      return { status: true, message: 'Verification successful', data: transactionData(t) };
    });

    // Not a Paystack call (an initialised transaction cannot be cancelled there): the simulator's own,
    // so that a checkout the app gave up on cannot be paid here. A finished one is refused.
    app.post('/transaction/void/:reference', SIM_ROUTE, async (request, reply) => {
      if (!authorized(request)) return refuse(reply, 401, 'Invalid key');
      if (controls.voidsCheckouts === false) return refuse(reply, 404, 'Not found');
      const t = transactions.get((request.params as { reference: string }).reference);
      if (!t) return refuse(reply, 400, 'Transaction reference not found');
      if (t.status !== 'abandoned' && t.status !== 'voided')
        return refuse(reply, 400, 'Transaction is already completed');
      t.status = 'voided';
      t.gatewayResponse = 'Voided by the merchant';
      return { status: true, message: 'Transaction voided', data: transactionData(t) };
    });

    app.post('/refund', SIM_ROUTE, async (request, reply) => {
      if (!authorized(request)) return refuse(reply, 401, 'Invalid key');
      const parsed = refundSchema.safeParse(request.body);
      if (!parsed.success) return refuse(reply, 400, 'Transaction reference is required');
      const key = parsed.data.transaction;
      const t = transactions.get(key) ?? [...transactions.values()].find((each) => String(each.id) === key);
      if (!t) return refuse(reply, 400, 'Transaction reference not found');
      if (t.status === 'reversed') return refuse(reply, 400, 'Transaction has been fully reversed');
      if (t.status !== 'success')
        return refuse(reply, 400, 'Cannot refund a transaction that was not successful');
      const refundAmount = parsed.data.amount ?? t.amount - t.refunded;
      if (refundAmount > t.amount - t.refunded)
        return refuse(reply, 400, 'Refund amount cannot be more than the amount left on the transaction');
      // Held at once, so a second refund cannot take the same money again.
      t.refunded += refundAmount;
      const refund = { id: nextId++, amount: refundAmount };
      outbound.later(controls.refundDelayMs, async () => {
        if (t.refunded === t.amount) t.status = 'reversed';
        await sendWebhook('refund.processed', {
          id: refund.id,
          status: 'processed',
          transaction_reference: t.reference,
          amount: refund.amount,
          currency: 'KES',
          merchant_note: parsed.data.merchant_note ?? null,
        });
      });
      return {
        status: true,
        message: 'Refund has been queued for processing',
        data: {
          transaction: transactionData(t),
          id: refund.id,
          status: 'pending',
          amount: refund.amount,
          currency: 'KES',
          deducted_amount: 0,
          fully_deducted: false,
        },
      };
    });

    app.get('/checkout/:reference', SIM_ROUTE, async (request, reply) => {
      const t = transactions.get((request.params as { reference: string }).reference);
      if (!t) return sendPage(reply, 404, messagePage('Payment not found', 'This checkout does not exist.'));
      if (t.status !== 'abandoned') return finishedPage(reply, t);
      return sendPage(
        reply,
        200,
        checkoutPage(
          { reference: t.reference, amountCents: t.amount, email: t.email },
          checkoutPath(request.url, t.reference),
        ),
        originOf(t.callbackUrl),
      );
    });

    app.post('/checkout/:reference', SIM_ROUTE, async (request, reply) => {
      const t = transactions.get((request.params as { reference: string }).reference);
      if (!t) return sendPage(reply, 404, messagePage('Payment not found', 'This checkout does not exist.'));
      const form = checkoutForm.safeParse(request.body);
      if (!form.success)
        return sendPage(
          reply,
          400,
          messagePage('Choose Pay or Decline', 'Go back and press Pay or Decline.'),
        );
      if (t.status !== 'abandoned') return finishedPage(reply, t);
      const paid = form.data.outcome === 'pay';
      t.status = paid ? 'success' : 'failed';
      t.gatewayResponse = paid ? 'Approved' : 'Declined';
      t.paidAt = paid ? new Date() : undefined;
      // The webhook is sent before the payer returns, so the shop knows by the time they arrive. A
      // declined card gets one too; Paystack does not promise that, so the shop still verifies.
      await sendWebhook(paid ? 'charge.success' : 'charge.failed', transactionData(t));
      if (!t.callbackUrl) return finishedPage(reply, t);
      return reply.redirect(returnAddress(t), 303);
    });
  };

  function finishedPage(reply: FastifyReply, t: Transaction) {
    if (t.status === 'voided')
      return sendPage(
        reply,
        409,
        messagePage(MESSAGES.payments.checkoutVoidedTitle, MESSAGES.payments.checkoutVoidedText),
        originOf(t.callbackUrl),
      );
    const title = t.status === 'failed' ? 'Payment declined' : 'Payment made';
    const back = t.callbackUrl ? returnAddress(t) : undefined;
    return sendPage(
      reply,
      409,
      messagePage(title, 'This checkout is finished.', back),
      originOf(t.callbackUrl),
    );
  }
}

/** The checkout page's address, beside the route that was called (`…/__sim/paystack/checkout/REF`). */
function checkoutPath(url: string, reference: string): string {
  const base = url.split('?')[0]!.replace(/\/(transaction\/initialize|checkout\/[^/]*)\/?$/, '');
  return `${base}/checkout/${encodeURIComponent(reference)}`;
}

/** The transaction's callback_url with the reference, as Paystack returns the payer. */
function returnAddress(t: Transaction): string {
  const url = new URL(t.callbackUrl!);
  url.searchParams.set('trxref', t.reference);
  url.searchParams.set('reference', t.reference);
  return url.toString();
}

function originOf(url: string | undefined): string | undefined {
  return url ? new URL(url).origin : undefined;
}
