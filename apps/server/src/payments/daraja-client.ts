import { APP_TIME_ZONE } from '@sherehe/shared/dates';
import { z } from 'zod';
import { resultCode, STK_PROCESSING_ERROR_CODE, type StkOutcome, stkOutcomeKind } from './daraja-callbacks';
import { type JsonAnswer, requestJson, statusError } from './http';
import { fail, ok, type ProviderError, type ProviderResult } from './provider';

/**
 * Safaricom's Daraja API, the few calls M-Pesa payments need, on Node's fetch: the OAuth token, STK
 * push (the PIN prompt), STK query, reversal, and the callbacks' shapes. Amounts are whole
 * shillings. The same client talks to Safaricom and to the simulator (`simulator/daraja-simulator.ts`);
 * only `baseUrl` differs.
 */
export interface DarajaClientOptions {
  baseUrl: string;
  consumerKey: string;
  consumerSecret: string;
  shortcode: string;
  passkey: string;
  /** The API operator for reversals, and its encrypted password; refunds need both. */
  initiatorName?: string | undefined;
  securityCredential?: string | undefined;
  /** Each call, answer included, must end within this (default 15 s: an STK push can be slow). */
  timeoutMs?: number;
  /** The clock (tests move it to expire the token). */
  now?: () => Date;
}

export interface StkPushInput {
  /** Whole shillings. */
  amount: number;
  /** `2547XXXXXXXX` or `2541XXXXXXXX`. */
  phone: string;
  /** Where Daraja posts the result. */
  callbackUrl: string;
  /** Shown on the PIN prompt (Daraja allows 12 characters). */
  accountReference: string;
  /** Daraja allows 13 characters. */
  description: string;
}

export interface StkPushAccepted {
  merchantRequestId: string;
  checkoutRequestId: string;
  customerMessage: string;
}

/** An STK query's answer: the prompt is still open, or its result (without amount or receipt). */
export type StkQueryAnswer =
  | { state: 'processing' }
  | { state: 'finished'; resultCode: number; resultDesc: string; kind: StkOutcome['kind'] };

export interface ReversalInput {
  /** The payment's M-Pesa receipt number. */
  receipt: string;
  /** Whole shillings: the whole payment (M-Pesa reverses a transaction, not a part of it). */
  amount: number;
  /** Where Daraja posts the reversal's result, and where it says the request timed out in its queue. */
  resultUrl: string;
  timeoutUrl: string;
  remarks: string;
}

export interface TransactionStatusInput {
  /** The reversal's ConversationID, as its request's answer gave it (its transaction id is known only from its result). */
  originalConversationId: string;
  /** Where Daraja posts the status, and where it says the request timed out in its queue. */
  resultUrl: string;
  timeoutUrl: string;
  /** Echoed in the result's ReferenceData: what ties the result to what was asked. */
  occasion: string;
  remarks: string;
}

export interface ReversalAccepted {
  conversationId: string;
  originatorConversationId: string;
}

const NAIROBI_CLOCK = new Intl.DateTimeFormat('en-GB', {
  timeZone: APP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** Daraja's timestamp, `YYYYMMDDHHmmss` on Nairobi's clock (it refuses one far from its own time). */
export function darajaTimestamp(date: Date): string {
  const part = Object.fromEntries(NAIROBI_CLOCK.formatToParts(date).map((p) => [p.type, p.value]));
  return `${part.year}${part.month}${part.day}${part.hour}${part.minute}${part.second}`;
}

/** The STK password: base64 of shortcode, passkey and timestamp, run together. */
export function stkPassword(shortcode: string, passkey: string, timestamp: string): string {
  return Buffer.from(`${shortcode}${passkey}${timestamp}`).toString('base64');
}

const KENYAN_MOBILE = /^254[17]\d{8}$/;

const tokenSchema = z.object({
  access_token: z.string().min(1),
  // Daraja sends the lifetime in seconds as a string ("3599").
  expires_in: z.coerce.number().int().positive(),
});
const errorSchema = z.object({ errorCode: z.string().optional(), errorMessage: z.string().optional() });
const pushAnswerSchema = z.object({
  MerchantRequestID: z.string().min(1),
  CheckoutRequestID: z.string().min(1),
  ResponseCode: z.coerce.string(),
  ResponseDescription: z.string().optional(),
  CustomerMessage: z.string().optional(),
});
const queryAnswerSchema = z.object({
  ResponseCode: z.coerce.string(),
  ResultCode: resultCode,
  ResultDesc: z.string(),
});
const reversalAnswerSchema = z.object({
  ConversationID: z.string().min(1),
  OriginatorConversationID: z.string().min(1),
  ResponseCode: z.coerce.string(),
  ResponseDescription: z.string().optional(),
});

export class DarajaClient {
  private readonly timeoutMs: number;
  private readonly now: () => Date;
  private token: { value: string; refreshAt: number } | undefined;
  private tokenRequest: Promise<ProviderResult<string>> | undefined;

  constructor(private readonly options: DarajaClientOptions) {
    this.timeoutMs = options.timeoutMs ?? 15_000;
    this.now = options.now ?? (() => new Date());
  }

  /**
   * A bearer token, kept until shortly before Daraja says it expires (a minute, or a tenth of its life
   * when that is shorter), and fetched once for all callers waiting at the same moment.
   */
  async accessToken(): Promise<ProviderResult<string>> {
    if (this.token && this.now().getTime() < this.token.refreshAt) return ok(this.token.value);
    this.tokenRequest ??= this.fetchToken().finally(() => {
      this.tokenRequest = undefined;
    });
    return this.tokenRequest;
  }

  private async fetchToken(): Promise<ProviderResult<string>> {
    const askedAt = this.now().getTime();
    const { consumerKey, consumerSecret } = this.options;
    const answer = await requestJson({
      method: 'GET',
      url: `${this.base()}/oauth/v1/generate?grant_type=client_credentials`,
      headers: {
        authorization: `Basic ${Buffer.from(`${consumerKey}:${consumerSecret}`).toString('base64')}`,
      },
      timeoutMs: this.timeoutMs,
    });
    if (!answer.ok) return answer;
    const { status, body } = answer.value;
    // Daraja answers wrong credentials with a 400.
    if (status === 400 || status === 401)
      return fail({ ...darajaError(answer.value, 'OAuth'), kind: 'auth' });
    if (status !== 200) return fail(darajaError(answer.value, 'OAuth'));
    const parsed = tokenSchema.safeParse(body);
    if (!parsed.success) return fail(badResponse('OAuth'));
    const lifetimeMs = parsed.data.expires_in * 1000;
    this.token = {
      value: parsed.data.access_token,
      refreshAt: askedAt + lifetimeMs - Math.min(60_000, lifetimeMs / 10),
    };
    return ok(parsed.data.access_token);
  }

  /** Sends the PIN prompt to the phone. */
  async stkPush(input: StkPushInput): Promise<ProviderResult<StkPushAccepted>> {
    if (!Number.isSafeInteger(input.amount) || input.amount < 1)
      return fail(invalid('an STK push takes a positive whole number of shillings'));
    if (!KENYAN_MOBILE.test(input.phone))
      return fail(invalid('the phone must be written 2547XXXXXXXX or 2541XXXXXXXX'));
    const { shortcode } = this.options;
    const answer = await this.authorizedPost('/mpesa/stkpush/v1/processrequest', () => ({
      ...this.credentials(),
      TransactionType: 'CustomerPayBillOnline',
      Amount: input.amount,
      PartyA: input.phone,
      PartyB: shortcode,
      PhoneNumber: input.phone,
      CallBackURL: input.callbackUrl,
      AccountReference: input.accountReference.slice(0, 12),
      TransactionDesc: input.description.slice(0, 13),
    }));
    if (!answer.ok) return answer;
    if (answer.value.status !== 200) return fail(darajaError(answer.value, 'STK push'));
    const parsed = pushAnswerSchema.safeParse(answer.value.body);
    if (!parsed.success) return fail(badResponse('STK push'));
    if (parsed.data.ResponseCode !== '0')
      return fail({
        kind: 'rejected',
        status: 200,
        code: parsed.data.ResponseCode,
        message: parsed.data.ResponseDescription ?? 'STK push refused',
      });
    return ok({
      merchantRequestId: parsed.data.MerchantRequestID,
      checkoutRequestId: parsed.data.CheckoutRequestID,
      customerMessage: parsed.data.CustomerMessage ?? '',
    });
  }

  /** Asks Daraja where an STK push stands. */
  async stkQuery(checkoutRequestId: string): Promise<ProviderResult<StkQueryAnswer>> {
    const answer = await this.authorizedPost('/mpesa/stkpushquery/v1/query', () => ({
      ...this.credentials(),
      CheckoutRequestID: checkoutRequestId,
    }));
    if (!answer.ok) return answer;
    const { status, body } = answer.value;
    if (status !== 200) {
      if (errorSchema.safeParse(body).data?.errorCode === STK_PROCESSING_ERROR_CODE)
        return ok({ state: 'processing' });
      return fail(darajaError(answer.value, 'STK query'));
    }
    const parsed = queryAnswerSchema.safeParse(body);
    if (!parsed.success) return fail(badResponse('STK query'));
    return ok({
      state: 'finished',
      resultCode: parsed.data.ResultCode,
      resultDesc: parsed.data.ResultDesc,
      kind: stkOutcomeKind(parsed.data.ResultCode),
    });
  }

  /** Asks for a transaction to be reversed; the outcome comes later to `resultUrl` (`parseDarajaCallback`). */
  async reverse(input: ReversalInput): Promise<ProviderResult<ReversalAccepted>> {
    const { initiatorName, securityCredential, shortcode } = this.options;
    if (!initiatorName || !securityCredential)
      return fail({
        kind: 'not_configured',
        message: 'M-Pesa reversals need DARAJA_INITIATOR_NAME and DARAJA_SECURITY_CREDENTIAL',
      });
    if (!Number.isSafeInteger(input.amount) || input.amount < 1)
      return fail(invalid('a reversal takes a positive whole number of shillings'));
    const answer = await this.authorizedPost('/mpesa/reversal/v1/request', () => ({
      Initiator: initiatorName,
      SecurityCredential: securityCredential,
      CommandID: 'TransactionReversal',
      TransactionID: input.receipt,
      Amount: input.amount,
      ReceiverParty: shortcode,
      // Daraja's own spelling; 11 means the receiver is an organisation's shortcode.
      RecieverIdentifierType: '11',
      ResultURL: input.resultUrl,
      QueueTimeOutURL: input.timeoutUrl,
      Remarks: input.remarks.slice(0, 100) || 'Refund',
      Occasion: '',
    }));
    if (!answer.ok) return answer;
    if (answer.value.status !== 200) return fail(darajaError(answer.value, 'reversal'));
    const parsed = reversalAnswerSchema.safeParse(answer.value.body);
    if (!parsed.success) return fail(badResponse('reversal'));
    if (parsed.data.ResponseCode !== '0')
      return fail({
        kind: 'rejected',
        status: 200,
        code: parsed.data.ResponseCode,
        message: parsed.data.ResponseDescription ?? 'reversal refused',
      });
    return ok({
      conversationId: parsed.data.ConversationID,
      originatorConversationId: parsed.data.OriginatorConversationID,
    });
  }

  /**
   * Asks where a transaction stands (Daraja's Transaction Status query), here a reversal named by its
   * ConversationID; the answer comes later to `resultUrl` (`parseDarajaCallback`), like a reversal's.
   */
  async transactionStatus(input: TransactionStatusInput): Promise<ProviderResult<ReversalAccepted>> {
    const { initiatorName, securityCredential, shortcode } = this.options;
    if (!initiatorName || !securityCredential)
      return fail({
        kind: 'not_configured',
        message: 'M-Pesa status queries need DARAJA_INITIATOR_NAME and DARAJA_SECURITY_CREDENTIAL',
      });
    const answer = await this.authorizedPost('/mpesa/transactionstatus/v1/query', () => ({
      Initiator: initiatorName,
      SecurityCredential: securityCredential,
      CommandID: 'TransactionStatusQuery',
      OriginalConversationID: input.originalConversationId,
      PartyA: shortcode,
      // 4: the party is an organisation's shortcode.
      IdentifierType: '4',
      ResultURL: input.resultUrl,
      QueueTimeOutURL: input.timeoutUrl,
      Remarks: input.remarks.slice(0, 100) || 'Status',
      Occasion: input.occasion.slice(0, 100),
    }));
    if (!answer.ok) return answer;
    if (answer.value.status !== 200) return fail(darajaError(answer.value, 'transaction status'));
    const parsed = reversalAnswerSchema.safeParse(answer.value.body);
    if (!parsed.success) return fail(badResponse('transaction status'));
    if (parsed.data.ResponseCode !== '0')
      return fail({
        kind: 'rejected',
        status: 200,
        code: parsed.data.ResponseCode,
        message: parsed.data.ResponseDescription ?? 'transaction status refused',
      });
    return ok({
      conversationId: parsed.data.ConversationID,
      originatorConversationId: parsed.data.OriginatorConversationID,
    });
  }

  private base(): string {
    return this.options.baseUrl.replace(/\/+$/, '');
  }

  /** Shortcode, password and timestamp, made afresh for each request (Daraja checks the time). */
  private credentials() {
    const timestamp = darajaTimestamp(this.now());
    const { shortcode, passkey } = this.options;
    return {
      BusinessShortCode: shortcode,
      Password: stkPassword(shortcode, passkey, timestamp),
      Timestamp: timestamp,
    };
  }

  /**
   * A POST with the bearer token. A 401 means Daraja no longer honours the token (it can end one
   * early): the request was refused at the door, so it is sent once more with a new token.
   */
  private async authorizedPost(path: string, body: () => unknown): Promise<ProviderResult<JsonAnswer>> {
    for (let attempt = 1; ; attempt++) {
      const token = await this.accessToken();
      if (!token.ok) return token;
      const answer = await requestJson({
        method: 'POST',
        url: `${this.base()}${path}`,
        headers: { authorization: `Bearer ${token.value}` },
        body: body(),
        timeoutMs: this.timeoutMs,
      });
      if (answer.ok && answer.value.status === 401 && attempt === 1) {
        if (this.token?.value === token.value) this.token = undefined;
        continue;
      }
      return answer;
    }
  }
}

function darajaError(answer: JsonAnswer, call: string): ProviderError {
  const body = errorSchema.safeParse(answer.body).data;
  return statusError(
    answer.status,
    `Daraja ${call}: ${body?.errorMessage ?? `HTTP ${answer.status}`}`,
    body?.errorCode,
  );
}

function badResponse(call: string): ProviderError {
  return { kind: 'bad_response', message: `Daraja ${call}: an answer not in Daraja's documented shape` };
}

function invalid(message: string): ProviderError {
  return { kind: 'invalid_request', message };
}
