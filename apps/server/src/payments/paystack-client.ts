import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { type JsonAnswer, requestJson, statusError } from './http';
import { fail, isValidAmountCents, ok, type ProviderError, type ProviderResult } from './provider';

/**
 * Paystack's API, the calls card payments need, on Node's fetch: initialize a hosted checkout, verify
 * a transaction, refund, and the webhook's signature. Amounts are KES cents (Paystack's "subunit").
 * The same client talks to Paystack and to the simulator (`simulator/paystack-simulator.ts`).
 */
export interface PaystackClientOptions {
  baseUrl: string;
  secretKey: string;
  /** Each call, answer included, must end within this (default 10 s). */
  timeoutMs?: number;
}

export interface InitializeInput {
  email: string;
  /** KES cents. */
  amountCents: number;
  /** Ours, unique per transaction: Paystack refuses a reference it has seen. */
  reference: string;
  /** Where the checkout sends the payer back (Paystack adds `?trxref=…&reference=…`). */
  callbackUrl?: string;
  metadata?: Record<string, unknown>;
}

export interface InitializedCheckout {
  authorizationUrl: string;
  accessCode: string;
  reference: string;
}

/** Paystack's transaction statuses; `abandoned` is also what a checkout not yet finished reports. */
export type PaystackStatus =
  | 'success'
  | 'failed'
  | 'abandoned'
  | 'ongoing'
  | 'pending'
  | 'processing'
  | 'queued'
  | 'reversed';

export interface PaystackTransaction {
  reference: string;
  status: PaystackStatus | (string & {});
  amountCents: number;
  currency: string;
  gatewayResponse: string;
  paidAt: Date | undefined;
  channel: string | undefined;
}

export interface PaystackRefund {
  refundId: string;
  /** `pending` as a rule: Paystack processes refunds later and says so by webhook. */
  status: string;
  amountCents: number;
}

export type PaystackEvent =
  | { type: 'charge'; event: string; transaction: PaystackTransaction }
  | {
      type: 'refund';
      event: string;
      refundId: string;
      transactionReference: string;
      status: string;
      amountCents: number;
    }
  | { type: 'other'; event: string };

const envelope = z.object({
  status: z.boolean(),
  message: z.string().optional(),
  data: z.unknown().optional(),
});
const initializeData = z.object({
  authorization_url: z.url(),
  access_code: z.string(),
  reference: z.string().min(1),
});
const cents = z.number().int().nonnegative();
const transactionData = z.object({
  reference: z.string().min(1),
  status: z.string(),
  amount: cents,
  currency: z.string(),
  gateway_response: z.string().nullish(),
  paid_at: z.string().nullish(),
  channel: z.string().nullish(),
});
const refundData = z.object({ id: z.union([z.number(), z.string()]), status: z.string(), amount: cents });
const webhookSchema = z.object({ event: z.string().min(1), data: z.unknown() });
const refundEventData = z.object({
  id: z.union([z.number(), z.string()]),
  transaction_reference: z.string().min(1),
  status: z.string(),
  amount: cents,
});

export class PaystackClient {
  private readonly timeoutMs: number;

  constructor(private readonly options: PaystackClientOptions) {
    this.timeoutMs = options.timeoutMs ?? 10_000;
  }

  /** Starts a checkout: the payer is sent to `authorizationUrl`. */
  async initialize(input: InitializeInput): Promise<ProviderResult<InitializedCheckout>> {
    if (!isValidAmountCents(input.amountCents))
      return fail(invalid('the amount must be a positive whole number of cents'));
    const answer = await this.call('POST', '/transaction/initialize', {
      email: input.email,
      amount: input.amountCents,
      currency: 'KES',
      reference: input.reference,
      ...(input.callbackUrl ? { callback_url: input.callbackUrl } : {}),
      ...(input.metadata ? { metadata: input.metadata } : {}),
    });
    if (!answer.ok) return answer;
    const data = initializeData.safeParse(answer.value);
    if (!data.success) return fail(badResponse('initialize'));
    return ok({
      authorizationUrl: data.data.authorization_url,
      accessCode: data.data.access_code,
      reference: data.data.reference,
    });
  }

  /** A transaction as Paystack has it now (the answer to trust, not the webhook nor the return address). */
  async verify(reference: string): Promise<ProviderResult<PaystackTransaction>> {
    const answer = await this.call('GET', `/transaction/verify/${encodeURIComponent(reference)}`);
    if (!answer.ok) return answer;
    const data = transactionData.safeParse(answer.value);
    if (!data.success) return fail(badResponse('verify'));
    return ok(transactionOf(data.data));
  }

  /** Refunds a transaction, in whole or (with `amountCents`) in part. */
  async refund(input: {
    reference: string;
    amountCents?: number;
    note?: string;
  }): Promise<ProviderResult<PaystackRefund>> {
    if (input.amountCents !== undefined && !isValidAmountCents(input.amountCents))
      return fail(invalid('the amount must be a positive whole number of cents'));
    const answer = await this.call('POST', '/refund', {
      transaction: input.reference,
      ...(input.amountCents === undefined ? {} : { amount: input.amountCents }),
      ...(input.note ? { merchant_note: input.note } : {}),
    });
    if (!answer.ok) return answer;
    const data = refundData.safeParse(answer.value);
    if (!data.success) return fail(badResponse('refund'));
    return ok({ refundId: String(data.data.id), status: data.data.status, amountCents: data.data.amount });
  }

  /**
   * The simulator's void of a checkout not yet paid (`POST /transaction/void/:reference`). Paystack
   * itself has no such call (an initialised transaction cannot be cancelled; the closest is the
   * integration-wide payment session timeout set in its dashboard), so this is called only where
   * the client talks to the simulator. A transaction already finished is refused (`rejected`).
   */
  async voidCheckout(reference: string): Promise<ProviderResult<void>> {
    const answer = await this.call('POST', `/transaction/void/${encodeURIComponent(reference)}`, {});
    if (!answer.ok) return answer;
    return ok(undefined);
  }

  /** The webhook, if its `x-paystack-signature` is ours; see `parsePaystackWebhook`. */
  parseWebhook(rawBody: string, signature: string | string[] | undefined) {
    return parsePaystackWebhook(this.options.secretKey, rawBody, signature);
  }

  /** Calls Paystack and opens its `{ status, message, data }` envelope: `data` when `status` is true. */
  private async call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<ProviderResult<unknown>> {
    const answer = await requestJson({
      method,
      url: `${this.options.baseUrl.replace(/\/+$/, '')}${path}`,
      headers: { authorization: `Bearer ${this.options.secretKey}` },
      body,
      timeoutMs: this.timeoutMs,
    });
    if (!answer.ok) return answer;
    const opened = envelope.safeParse(answer.value.body);
    if (answer.value.status !== 200 || !opened.success || !opened.data.status)
      return fail(paystackError(answer.value, opened.data?.message));
    return ok(opened.data.data);
  }
}

function transactionOf(data: z.infer<typeof transactionData>): PaystackTransaction {
  const paidAt = data.paid_at ? new Date(data.paid_at) : undefined;
  return {
    reference: data.reference,
    status: data.status,
    amountCents: data.amount,
    currency: data.currency,
    gatewayResponse: data.gateway_response ?? '',
    paidAt: paidAt && !Number.isNaN(paidAt.getTime()) ? paidAt : undefined,
    channel: data.channel ?? undefined,
  };
}

function paystackError(answer: JsonAnswer, message: string | undefined): ProviderError {
  if (answer.status === 200) return badResponse('call');
  return statusError(answer.status, `Paystack: ${message ?? `HTTP ${answer.status}`}`);
}

function badResponse(call: string): ProviderError {
  return { kind: 'bad_response', message: `Paystack ${call}: an answer not in Paystack's documented shape` };
}

function invalid(message: string): ProviderError {
  return { kind: 'invalid_request', message };
}

// ---- Webhooks ----

/** Paystack's webhook signature: HMAC-SHA512 of the raw body with the secret key, in hex. */
export function paystackSignature(secretKey: string, rawBody: string | Buffer): string {
  return createHmac('sha512', secretKey).update(rawBody).digest('hex');
}

/** Whether a webhook's `x-paystack-signature` is right, compared in constant time. */
export function isValidPaystackSignature(
  secretKey: string,
  rawBody: string | Buffer,
  header: string | string[] | undefined,
): boolean {
  if (typeof header !== 'string' || !/^[0-9a-f]{128}$/i.test(header)) return false;
  const expected = Buffer.from(paystackSignature(secretKey, rawBody), 'hex');
  return timingSafeEqual(expected, Buffer.from(header, 'hex'));
}

/**
 * A webhook: refused as `forged` unless the signature over the exact bytes received is right, then
 * read. Charge events carry a transaction, refund events a refund; other event types are kept as
 * `other` for the caller to ignore.
 */
export function parsePaystackWebhook(
  secretKey: string,
  rawBody: string,
  header: string | string[] | undefined,
): ProviderResult<PaystackEvent, { reason: 'forged' | 'malformed'; detail: string }> {
  if (!isValidPaystackSignature(secretKey, rawBody, header))
    return fail({ reason: 'forged', detail: 'missing or wrong x-paystack-signature' });
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    return fail({ reason: 'malformed', detail: 'the body is not JSON' });
  }
  const event = webhookSchema.safeParse(body);
  if (!event.success) return fail({ reason: 'malformed', detail: 'no event name' });
  const name = event.data.event;
  if (name.startsWith('charge.') && !name.startsWith('charge.dispute')) {
    const data = transactionData.safeParse(event.data.data);
    if (!data.success) return fail({ reason: 'malformed', detail: `${name} without a transaction` });
    return ok({ type: 'charge', event: name, transaction: transactionOf(data.data) });
  }
  if (name.startsWith('refund.')) {
    const data = refundEventData.safeParse(event.data.data);
    if (!data.success) return fail({ reason: 'malformed', detail: `${name} without a refund` });
    return ok({
      type: 'refund',
      event: name,
      refundId: String(data.data.id),
      transactionReference: data.data.transaction_reference,
      status: data.data.status,
      amountCents: data.data.amount,
    });
  }
  return ok({ type: 'other', event: name });
}
