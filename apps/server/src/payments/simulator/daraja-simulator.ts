import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { DarajaSettings } from '../../config';
import { parseDarajaTimestamp, STK_PROCESSING_ERROR_CODE, STK_RESULT } from '../daraja-callbacks';
import { darajaTimestamp, stkPassword } from '../daraja-client';
import { type Outbound, randomCode, randomDigits } from './outbound';
import { SIM_ROUTE } from './route-options';

/** What tests may change or read in the Daraja simulator (`app.paymentSimulator.daraja`). */
export interface DarajaSimulatorControls {
  /** Lifetime of the tokens it gives out, in seconds (Daraja's: 3599). */
  tokenTtlSeconds: number;
  /** How long after the push its result is known (and its callback posted). */
  callbackDelayMs: number;
  /** How long a push to an unreachable phone (…1037) is "being processed" before it times out. */
  unreachableAfterMs: number;
  /**
   * Reversal results are decided but never posted to ResultURL, as when Daraja's callback is lost:
   * only a transaction status query tells.
   */
  dropReversalResults: boolean;
  /** Tokens given out so far. */
  tokensIssued: number;
  /** Ends every token at once, as Daraja may do before `expires_in`. */
  revokeTokens(): void;
  /**
   * The M-Pesa receipt number of a successful push, as the payer's SMS from M-Pesa shows it (a test
   * may bring it in a callback of its own); undefined for a push unknown or not successful.
   */
  receiptOf(checkoutRequestId: string): string | undefined;
}

/** What a phone number's last four digits make of a push (docs/money.md#the-payment-simulator). */
const OUTCOME_BY_SUFFIX: Record<string, { code: number; desc: string }> = {
  '1032': { code: STK_RESULT.cancelled, desc: 'Request cancelled by user' },
  '2001': { code: STK_RESULT.wrongPin, desc: 'The initiator information is invalid.' },
  '0001': { code: STK_RESULT.insufficientFunds, desc: 'The balance is insufficient for the transaction.' },
  '1037': { code: STK_RESULT.unreachable, desc: 'DS timeout user cannot be reached' },
};
const SUCCESS = { code: STK_RESULT.succeeded, desc: 'The service request is processed successfully.' };

interface Push {
  merchantRequestId: string;
  checkoutRequestId: string;
  amount: number;
  phone: string;
  code: number;
  desc: string;
  receipt: string | undefined;
  pushedAt: number;
}

const digits = z.union([z.string(), z.number()]).transform(String);
const credentials = { BusinessShortCode: digits, Password: z.string(), Timestamp: digits };
const pushSchema = z.object({
  ...credentials,
  TransactionType: z.enum(['CustomerPayBillOnline', 'CustomerBuyGoodsOnline']),
  Amount: z.coerce.number().int().min(1).max(250_000),
  PartyA: digits.pipe(z.string().regex(/^254[17]\d{8}$/)),
  PartyB: digits,
  PhoneNumber: digits.pipe(z.string().regex(/^254[17]\d{8}$/)),
  CallBackURL: z.url({ protocol: /^https?$/ }),
  AccountReference: z.string().min(1).max(12),
  TransactionDesc: z.string().min(1).max(13),
});
const querySchema = z.object({ ...credentials, CheckoutRequestID: z.string().min(1) });
const reversalSchema = z.object({
  Initiator: z.string(),
  SecurityCredential: z.string(),
  CommandID: z.literal('TransactionReversal'),
  TransactionID: z.string().min(1),
  Amount: z.coerce.number().int().min(1),
  ReceiverParty: digits,
  RecieverIdentifierType: digits,
  ResultURL: z.url({ protocol: /^https?$/ }),
  QueueTimeOutURL: z.url({ protocol: /^https?$/ }),
  Remarks: z.string().min(1).max(100),
  Occasion: z.string().optional(),
});
const statusQuerySchema = z.object({
  Initiator: z.string(),
  SecurityCredential: z.string(),
  CommandID: z.literal('TransactionStatusQuery'),
  TransactionID: z.string().optional(),
  OriginalConversationID: z.string().optional(),
  PartyA: digits,
  IdentifierType: digits,
  ResultURL: z.url({ protocol: /^https?$/ }),
  QueueTimeOutURL: z.url({ protocol: /^https?$/ }),
  Remarks: z.string().min(1).max(100),
  Occasion: z.string().max(100).optional(),
});

/** A reversal as the simulator decided it (by its ConversationID). */
interface Reversal {
  receipt: string;
  amount: number;
  code: string;
  desc: string;
  transactionId: string;
}

/**
 * Daraja, imitated: OAuth, STK push (its callback posted to CallBackURL after the delay), STK query
 * and reversal, with Daraja's answers and error bodies, checking the credentials, password and
 * timestamp the way Daraja does. State lives in memory: it stands for someone else's service.
 */
export function darajaSimulator(
  settings: DarajaSettings,
  controls: DarajaSimulatorControls,
  outbound: Outbound,
) {
  const tokens = new Map<string, number>();
  const pushes = new Map<string, Push>();
  const receipts = new Map<string, { amount: number; reversed: boolean }>();
  const reversals = new Map<string, Reversal>();
  controls.revokeTokens = () => tokens.clear();
  controls.receiptOf = (checkoutRequestId) => pushes.get(checkoutRequestId)?.receipt;

  const darajaError = (reply: FastifyReply, status: number, errorCode: string, errorMessage: string) =>
    reply
      .code(status)
      .send({ requestId: `${randomDigits(5)}-${randomDigits(8)}-1`, errorCode, errorMessage });
  const badRequest = (reply: FastifyReply, field: string) =>
    darajaError(reply, 400, '400.002.02', `Bad Request - Invalid ${field}`);

  function authorized(request: FastifyRequest): boolean {
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const expiresAt = token === undefined ? undefined : tokens.get(token);
    return expiresAt !== undefined && Date.now() < expiresAt;
  }

  /**
   * What every initiator call (a reversal, a status query) checks first, as Daraja does: the token,
   * the body's shape, the initiator's name and credential, and which shortcode it names
   * (`partyField`). Its body, or undefined once the refusal is sent. Accepted calls are answered
   * with a new conversation's ids, their result posted to ResultURL later.
   */
  function initiatorCall<T extends { Initiator: string; SecurityCredential: string }>(
    request: FastifyRequest,
    reply: FastifyReply,
    schema: z.ZodType<T>,
    partyField: keyof T & string,
  ): { body: T; conversationId: string; originatorConversationId: string } | undefined {
    if (!authorized(request)) {
      darajaError(reply, 401, '404.001.03', 'Invalid Access Token');
      return undefined;
    }
    const parsed = schema.safeParse(request.body);
    if (!parsed.success) {
      badRequest(reply, String(parsed.error.issues[0]?.path[0] ?? 'request'));
      return undefined;
    }
    const body = parsed.data;
    const wrong =
      body.Initiator !== settings.initiatorName || body.SecurityCredential !== settings.securityCredential
        ? 'Initiator'
        : body[partyField] !== settings.shortcode
          ? partyField
          : undefined;
    if (wrong) {
      badRequest(reply, wrong);
      return undefined;
    }
    return {
      body,
      conversationId: `AG_${darajaTimestamp(new Date()).slice(0, 8)}_${randomBytes(10).toString('hex')}`,
      originatorConversationId: `${randomDigits(5)}-${randomDigits(8)}-1`,
    };
  }

  /** Which field is wrong in the shortcode, password and timestamp, if any. */
  function wrongCredential(body: { BusinessShortCode: string; Password: string; Timestamp: string }) {
    if (body.BusinessShortCode !== settings.shortcode) return 'BusinessShortCode';
    const sent = parseDarajaTimestamp(body.Timestamp);
    // A timestamp on another clock than Nairobi's (UTC, say) is hours away from now.
    if (!sent || Math.abs(sent.getTime() - Date.now()) > 10 * 60_000) return 'Timestamp';
    if (body.Password !== stkPassword(settings.shortcode, settings.passkey, body.Timestamp))
      return 'Password';
    return undefined;
  }

  async function postCallback(push: Push, callbackUrl: string) {
    const metadata =
      push.code === STK_RESULT.succeeded
        ? {
            CallbackMetadata: {
              Item: [
                { Name: 'Amount', Value: push.amount },
                { Name: 'MpesaReceiptNumber', Value: push.receipt },
                { Name: 'Balance' },
                { Name: 'TransactionDate', Value: Number(darajaTimestamp(new Date())) },
                { Name: 'PhoneNumber', Value: Number(push.phone) },
              ],
            },
          }
        : {};
    const body = {
      Body: {
        stkCallback: {
          MerchantRequestID: push.merchantRequestId,
          CheckoutRequestID: push.checkoutRequestId,
          ResultCode: push.code,
          ResultDesc: push.desc,
          ...metadata,
        },
      },
    };
    await outbound.post(
      `the M-Pesa callback for ${push.checkoutRequestId}`,
      callbackUrl,
      JSON.stringify(body),
    );
  }

  return async function darajaRoutes(app: FastifyInstance) {
    app.get('/oauth/v1/generate', SIM_ROUTE, async (request, reply) => {
      const expected = Buffer.from(
        `Basic ${Buffer.from(`${settings.consumerKey}:${settings.consumerSecret}`).toString('base64')}`,
      );
      const given = Buffer.from(request.headers.authorization ?? '');
      const grant = (request.query as { grant_type?: string }).grant_type;
      if (grant !== 'client_credentials') return badRequest(reply, 'grant type');
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        return darajaError(reply, 400, '400.008.01', 'Invalid Authentication passed');
      const token = randomBytes(21).toString('base64url');
      tokens.set(token, Date.now() + controls.tokenTtlSeconds * 1000);
      controls.tokensIssued += 1;
      return { access_token: token, expires_in: String(controls.tokenTtlSeconds) };
    });

    app.post('/mpesa/stkpush/v1/processrequest', SIM_ROUTE, async (request, reply) => {
      if (!authorized(request)) return darajaError(reply, 401, '404.001.03', 'Invalid Access Token');
      const parsed = pushSchema.safeParse(request.body);
      if (!parsed.success) return badRequest(reply, String(parsed.error.issues[0]?.path[0] ?? 'request'));
      const body = parsed.data;
      const wrong = wrongCredential(body) ?? (body.PartyB === settings.shortcode ? undefined : 'PartyB');
      if (wrong) return badRequest(reply, wrong);
      const outcome = OUTCOME_BY_SUFFIX[body.PhoneNumber.slice(-4)] ?? SUCCESS;
      const push: Push = {
        merchantRequestId: `${randomDigits(5)}-${randomDigits(8)}-1`,
        checkoutRequestId: `ws_CO_${darajaTimestamp(new Date())}${randomDigits(12)}`,
        amount: body.Amount,
        phone: body.PhoneNumber,
        code: outcome.code,
        desc: outcome.desc,
        receipt: outcome.code === STK_RESULT.succeeded ? `SIM${randomCode(7)}` : undefined,
        pushedAt: Date.now(),
      };
      pushes.set(push.checkoutRequestId, push);
      if (push.receipt) receipts.set(push.receipt, { amount: push.amount, reversed: false });
      // An unreachable phone never answers: no callback, only a query finds out.
      if (outcome.code !== STK_RESULT.unreachable)
        outbound.later(controls.callbackDelayMs, () => postCallback(push, body.CallBackURL));
      const accepted = 'Success. Request accepted for processing';
      return {
        MerchantRequestID: push.merchantRequestId,
        CheckoutRequestID: push.checkoutRequestId,
        ResponseCode: '0',
        ResponseDescription: accepted,
        CustomerMessage: accepted,
      };
    });

    app.post('/mpesa/stkpushquery/v1/query', SIM_ROUTE, async (request, reply) => {
      if (!authorized(request)) return darajaError(reply, 401, '404.001.03', 'Invalid Access Token');
      const parsed = querySchema.safeParse(request.body);
      if (!parsed.success) return badRequest(reply, String(parsed.error.issues[0]?.path[0] ?? 'request'));
      const wrong = wrongCredential(parsed.data);
      if (wrong) return badRequest(reply, wrong);
      const push = pushes.get(parsed.data.CheckoutRequestID);
      if (!push) return badRequest(reply, 'CheckoutRequestID');
      // Until its result is known (read from the controls now, so a test may move it), the prompt is open.
      const wait =
        push.code === STK_RESULT.unreachable ? controls.unreachableAfterMs : controls.callbackDelayMs;
      if (Date.now() < push.pushedAt + wait)
        return darajaError(reply, 500, STK_PROCESSING_ERROR_CODE, 'The transaction is being processed');
      return {
        ResponseCode: '0',
        ResponseDescription: 'The service request has been accepted successsfully',
        MerchantRequestID: push.merchantRequestId,
        CheckoutRequestID: push.checkoutRequestId,
        ResultCode: String(push.code),
        ResultDesc: push.desc,
      };
    });

    app.post('/mpesa/reversal/v1/request', SIM_ROUTE, async (request, reply) => {
      const call = initiatorCall(request, reply, reversalSchema, 'ReceiverParty');
      if (!call) return reply;
      const { body, conversationId, originatorConversationId } = call;
      // As at Daraja, the request is accepted now and its outcome posted to ResultURL later.
      outbound.later(controls.callbackDelayMs, async () => {
        const paid = receipts.get(body.TransactionID);
        const [code, desc] = !paid
          ? ['R000002', 'The OriginalTransID is invalid.']
          : paid.reversed
            ? ['R000001', 'The transaction has already been reversed.']
            : paid.amount !== body.Amount
              ? ['R000002', 'The amount must be that of the whole transaction.']
              : ['0', 'The service request is processed successfully.'];
        if (paid && code === '0') paid.reversed = true;
        const transactionId = `SIM${randomCode(7)}`;
        reversals.set(conversationId, {
          receipt: body.TransactionID,
          amount: body.Amount,
          code,
          desc,
          transactionId,
        });
        if (controls.dropReversalResults) return;
        const result = {
          Result: {
            ResultType: 0,
            ResultCode: code === '0' ? 0 : code,
            ResultDesc: desc,
            OriginatorConversationID: originatorConversationId,
            ConversationID: conversationId,
            TransactionID: transactionId,
            ReferenceData: {
              ReferenceItem: { Key: 'QueueTimeoutURL', Value: 'https://internalsandbox.safaricom.co.ke' },
            },
          },
        };
        await outbound.post(
          `the reversal result for ${body.TransactionID}`,
          body.ResultURL,
          JSON.stringify(result),
        );
      });
      return {
        OriginatorConversationID: originatorConversationId,
        ConversationID: conversationId,
        ResponseCode: '0',
        ResponseDescription: 'Accept the service request successfully.',
      };
    });
    // Transaction Status: accepted now, its result posted to ResultURL later, as at Daraja. A reversal
    // is named by its ConversationID (OriginalConversationID) or its own transaction id; the result
    // echoes the request's Occasion in ReferenceData, which is how the caller ties it to its request.
    app.post('/mpesa/transactionstatus/v1/query', SIM_ROUTE, async (request, reply) => {
      const call = initiatorCall(request, reply, statusQuerySchema, 'PartyA');
      if (!call) return reply;
      const { body, conversationId, originatorConversationId } = call;
      outbound.later(controls.callbackDelayMs, async () => {
        const reversal =
          (body.OriginalConversationID ? reversals.get(body.OriginalConversationID) : undefined) ??
          [...reversals.values()].find((each) => each.transactionId === body.TransactionID);
        const found = reversal !== undefined;
        const parameters = reversal
          ? [
              { Key: 'ReceiptNo', Value: reversal.code === '0' ? reversal.transactionId : '' },
              { Key: 'OriginatorConversationID', Value: body.OriginalConversationID ?? '' },
              { Key: 'Amount', Value: reversal.amount },
              { Key: 'ReasonType', Value: reversal.code === '0' ? 'Reversal' : reversal.desc },
              { Key: 'TransactionStatus', Value: reversal.code === '0' ? 'Completed' : 'Failed' },
            ]
          : [];
        const result = {
          Result: {
            ResultType: 0,
            ResultCode: found ? 0 : 'R000002',
            ResultDesc: found
              ? 'The service request is processed successfully.'
              : 'The transaction is not found.',
            OriginatorConversationID: originatorConversationId,
            ConversationID: conversationId,
            TransactionID: reversal?.transactionId ?? '',
            ...(found ? { ResultParameters: { ResultParameter: parameters } } : {}),
            ReferenceData: { ReferenceItem: { Key: 'Occasion', Value: body.Occasion ?? '' } },
          },
        };
        await outbound.post(
          `the transaction status result for ${body.OriginalConversationID ?? body.TransactionID}`,
          body.ResultURL,
          JSON.stringify(result),
        );
      });
      return {
        OriginatorConversationID: originatorConversationId,
        ConversationID: conversationId,
        ResponseCode: '0',
        ResponseDescription: 'Accept the service request successfully.',
      };
    });
  };
}
