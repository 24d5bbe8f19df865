import { z } from 'zod';
import type { SmsConfig } from '../config';
import { requestJson } from '../payments/http';
import { fail, ok, type ProviderError, type ProviderResult } from '../payments/provider';

/**
 * Africa's Talking's SMS API, the one call the app needs (`POST /version1/messaging`), on Node's
 * fetch: form-encoded, the API key in the `apiKey` header, answered in JSON. The same client talks to
 * Africa's Talking and to the simulator (`simulator/sms-simulator.ts`); only `baseUrl` differs.
 * Delivery reports and inbound messages come by callback (`africas-talking-callbacks.ts`).
 */
export interface AfricasTalkingClientOptions {
  baseUrl: string;
  username: string;
  apiKey: string;
  /** The sender name or shortcode (`from`); undefined: the account's default. */
  senderId?: string | undefined;
  /** The call, answer included, must end within this (default 10 s). */
  timeoutMs?: number;
}

export interface SmsToSend {
  /** `2547XXXXXXXX` or `2541XXXXXXXX` (`@sherehe/shared/phone`); sent as `+254…`. */
  to: string;
  message: string;
}

/** A message Africa's Talking took for its recipient. */
export interface SmsAccepted {
  /** Its id, which the delivery reports name (`id`). */
  messageId: string;
  /** 100 Processed, 101 Sent or 102 Queued. */
  statusCode: number;
  status: string;
  /** What it cost, as Africa's Talking writes it (`KES 0.8000`). */
  cost: string;
  number: string;
}

/** Why a send failed, and whether trying again later may succeed. */
export interface SmsSendError extends ProviderError {
  /** Worth trying again later (the provider was down, out of credit); false: it will fail the same way. */
  retryable: boolean;
  /** The recipient's status code, when Africa's Talking refused the recipient (403 InvalidPhoneNumber, …). */
  statusCode?: number;
}

/** Africa's Talking's per-recipient status codes (its SMS documentation). */
export const AT_STATUS = {
  processed: 100,
  sent: 101,
  queued: 102,
  riskHold: 401,
  invalidSenderId: 402,
  invalidPhoneNumber: 403,
  unsupportedNumberType: 404,
  insufficientBalance: 405,
  userInBlacklist: 406,
  couldNotRoute: 407,
  doNotDisturbRejection: 409,
  internalServerError: 500,
  gatewayError: 501,
  rejectedByGateway: 502,
} as const;

const ACCEPTED_CODES: ReadonlySet<number> = new Set([AT_STATUS.processed, AT_STATUS.sent, AT_STATUS.queued]);

/**
 * Codes after which the same message may go through later: the account's credit ran out (someone
 * tops it up), Africa's Talking or the gateway failed. The others (a wrong number, a blacklisted
 * or unsupported one, a sender id refused, a risk hold, a gateway's refusal) fail the same way again.
 */
const RETRYABLE_CODES: ReadonlySet<number> = new Set([
  AT_STATUS.insufficientBalance,
  AT_STATUS.internalServerError,
  AT_STATUS.gatewayError,
]);

const KENYAN_MOBILE = /^254[17]\d{8}$/;

const recipientSchema = z.object({
  statusCode: z.coerce.number().int(),
  status: z.string(),
  messageId: z.string().optional(),
  cost: z.string().optional(),
  number: z.string(),
});
const sendAnswerSchema = z.object({
  SMSMessageData: z.object({ Message: z.string(), Recipients: z.array(recipientSchema) }),
});

export class AfricasTalkingClient {
  private readonly timeoutMs: number;

  constructor(private readonly options: AfricasTalkingClientOptions) {
    this.timeoutMs = options.timeoutMs ?? 10_000;
  }

  /** Sends one message to one number; the delivery report comes later by callback. */
  async send(input: SmsToSend): Promise<ProviderResult<SmsAccepted, SmsSendError>> {
    if (!KENYAN_MOBILE.test(input.to))
      return fail(final('invalid_request', 'the number must be written 2547XXXXXXXX or 2541XXXXXXXX'));
    if (input.message.length === 0) return fail(final('invalid_request', 'an SMS needs a message'));
    const answer = await requestJson({
      method: 'POST',
      url: `${this.options.baseUrl.replace(/\/+$/, '')}/version1/messaging`,
      headers: { apiKey: this.options.apiKey },
      form: {
        username: this.options.username,
        to: `+${input.to}`,
        message: input.message,
        from: this.options.senderId,
      },
      timeoutMs: this.timeoutMs,
    });
    // No answer, or no answer in time: it may have gone; sent again, it may arrive twice.
    if (!answer.ok) return fail({ ...answer.error, retryable: true });
    const { status, body, text } = answer.value;
    if (status !== 200 && status !== 201) {
      const message = `Africa's Talking: ${text.trim().slice(0, 200) || `HTTP ${status}`}`;
      if (status === 401 || status === 403) return fail({ kind: 'auth', status, message, retryable: false });
      if (status === 429 || status >= 500)
        return fail({ kind: 'unavailable', status, message, retryable: true });
      return fail({ kind: 'rejected', status, message, retryable: false });
    }
    const parsed = sendAnswerSchema.safeParse(body);
    if (!parsed.success)
      return fail({
        kind: 'bad_response',
        status,
        message: "Africa's Talking: an answer not in its documented shape",
        retryable: true,
      });
    const { Message, Recipients } = parsed.data.SMSMessageData;
    const recipient = Recipients[0];
    // Nobody to send to: the whole request was refused (an invalid number, say), with the reason as Message.
    if (!recipient) return fail({ ...final('rejected', `Africa's Talking: ${Message}`), status });
    if (!ACCEPTED_CODES.has(recipient.statusCode))
      return fail({
        kind: 'rejected',
        status,
        code: recipient.status,
        statusCode: recipient.statusCode,
        message: `Africa's Talking: ${recipient.status} (${recipient.statusCode})`,
        retryable: RETRYABLE_CODES.has(recipient.statusCode),
      });
    if (!recipient.messageId || recipient.messageId === 'None')
      return fail({
        kind: 'bad_response',
        status,
        message: "Africa's Talking: a message taken without its id",
        retryable: false,
      });
    return ok({
      messageId: recipient.messageId,
      statusCode: recipient.statusCode,
      status: recipient.status,
      cost: recipient.cost ?? '',
      number: recipient.number,
    });
  }
}

function final(kind: ProviderError['kind'], message: string): SmsSendError {
  return { kind, message, retryable: false };
}

/** The client this deployment sends with: Africa's Talking or its simulator; undefined when SMS is off. */
export function createSmsClient(sms: SmsConfig): AfricasTalkingClient | undefined {
  return sms.africasTalking ? new AfricasTalkingClient(sms.africasTalking) : undefined;
}
