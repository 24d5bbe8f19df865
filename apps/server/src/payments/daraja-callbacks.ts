import { z } from 'zod';
import { fail, ok, type ProviderResult } from './provider';

/**
 * What Daraja posts to the callback address, read with zod: an STK push's result and a reversal's.
 * The codes and outcomes are shared with the client's STK query.
 */

/** Daraja's result codes the app tells apart (anything else is a failure of another kind). */
export const STK_RESULT = {
  succeeded: 0,
  insufficientFunds: 1,
  cancelled: 1032,
  unreachable: 1037,
  wrongPin: 2001,
} as const;

/** The error code of an STK query whose prompt is still open (an HTTP 500, as Daraja answers it). */
export const STK_PROCESSING_ERROR_CODE = '500.001.1001';

export function stkOutcomeKind(resultCode: number): StkOutcome['kind'] {
  switch (resultCode) {
    case STK_RESULT.succeeded:
      return 'succeeded';
    case STK_RESULT.cancelled:
      return 'cancelled';
    case STK_RESULT.wrongPin:
      return 'wrong_pin';
    case STK_RESULT.insufficientFunds:
      return 'insufficient_funds';
    case STK_RESULT.unreachable:
      return 'unreachable';
    default:
      return 'failed';
  }
}

/** What an STK push came to, from Daraja's result code. */
export type StkOutcome =
  | { kind: 'succeeded'; amount: number; receipt: string; transactionDate?: Date; phone?: string }
  | {
      kind: 'cancelled' | 'wrong_pin' | 'insufficient_funds' | 'unreachable' | 'failed';
      resultCode: number;
      resultDesc: string;
    };

export interface StkCallback {
  merchantRequestId: string;
  checkoutRequestId: string;
  resultCode: number;
  resultDesc: string;
  outcome: StkOutcome;
}

export interface ReversalResult {
  conversationId: string;
  originatorConversationId: string;
  succeeded: boolean;
  resultCode: string;
  resultDesc: string;
  /** The reversal's own M-Pesa transaction id. */
  transactionId: string | undefined;
}

/** A Daraja timestamp back to an instant. Nairobi keeps UTC+3 all year (no daylight saving). */
export function parseDarajaTimestamp(value: string | number): Date | undefined {
  const match = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(String(value));
  if (!match) return undefined;
  const [y, mo, d, h, mi, s] = match.slice(1).map(Number) as [number, number, number, number, number, number];
  const asUtc = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  // 20260230… would roll over into March: refused rather than read as another day.
  if (asUtc.toISOString().replace(/\D/g, '').slice(0, 14) !== String(value)) return undefined;
  return new Date(asUtc.getTime() - 3 * 3_600_000);
}

/** Daraja sends result codes as numbers in callbacks and as strings in query answers. */
export const resultCode = z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)]);

const metadataItem = z.object({ Name: z.string(), Value: z.union([z.string(), z.number()]).optional() });
const stkCallbackSchema = z.object({
  Body: z.object({
    stkCallback: z.object({
      MerchantRequestID: z.string().min(1),
      CheckoutRequestID: z.string().min(1),
      ResultCode: resultCode,
      ResultDesc: z.string(),
      CallbackMetadata: z.object({ Item: z.array(metadataItem) }).optional(),
    }),
  }),
});
const reversalResultSchema = z.object({
  Result: z.object({
    ResultType: z.coerce.number().optional(),
    ResultCode: z.union([z.number(), z.string()]).transform(String),
    ResultDesc: z.string(),
    OriginatorConversationID: z.string().min(1),
    ConversationID: z.string().min(1),
    TransactionID: z.string().optional(),
  }),
});

/** A Transaction Status query's result: where the transaction it asked about stands. */
export interface TransactionStatusResult {
  /** The Occasion the query was sent with (here: the reversal's ConversationID). */
  occasion: string;
  /** `found` with Daraja's TransactionStatus ('Completed', 'Failed', …), or the transaction was not found. */
  found: boolean;
  transactionStatus: string | undefined;
  resultCode: string;
  resultDesc: string;
}

const keyValue = z.object({ Key: z.string(), Value: z.union([z.string(), z.number()]).optional() });
const oneOrMany = <T extends z.ZodType>(item: T) =>
  z.union([item, z.array(item)]).transform((value) => (Array.isArray(value) ? value : [value]));
/** Told from a reversal's result by the Occasion in its ReferenceData, which this app always sends. */
const statusResultSchema = z.object({
  Result: z.object({
    ResultCode: z.union([z.number(), z.string()]).transform(String),
    ResultDesc: z.string(),
    ConversationID: z.string().min(1),
    ResultParameters: z.object({ ResultParameter: oneOrMany(keyValue) }).optional(),
    ReferenceData: z.object({ ReferenceItem: oneOrMany(keyValue) }),
  }),
});

export type DarajaCallback =
  | { type: 'stk'; callback: StkCallback }
  | { type: 'reversal'; result: ReversalResult }
  | { type: 'status'; result: TransactionStatusResult };

/**
 * A callback's body (already JSON-parsed), read with zod: an STK push's result or a reversal's.
 * Anything else, or a success without its amount and receipt, is refused with the reason.
 */
export function parseDarajaCallback(body: unknown): ProviderResult<DarajaCallback, { detail: string }> {
  const stk = stkCallbackSchema.safeParse(body);
  if (stk.success) {
    const callback = stk.data.Body.stkCallback;
    const outcome = stkOutcome(
      callback.ResultCode,
      callback.ResultDesc,
      callback.CallbackMetadata?.Item ?? [],
    );
    if (!outcome.ok) return outcome;
    return ok({
      type: 'stk',
      callback: {
        merchantRequestId: callback.MerchantRequestID,
        checkoutRequestId: callback.CheckoutRequestID,
        resultCode: callback.ResultCode,
        resultDesc: callback.ResultDesc,
        outcome: outcome.value,
      },
    });
  }
  const status = statusResultSchema.safeParse(body);
  const occasion = status.data?.Result.ReferenceData.ReferenceItem.find((item) => item.Key === 'Occasion');
  if (status.success && occasion?.Value) {
    const result = status.data.Result;
    const transactionStatus = result.ResultParameters?.ResultParameter.find(
      (item) => item.Key === 'TransactionStatus',
    )?.Value;
    return ok({
      type: 'status',
      result: {
        occasion: String(occasion.Value),
        found: result.ResultCode === '0',
        transactionStatus: transactionStatus === undefined ? undefined : String(transactionStatus),
        resultCode: result.ResultCode,
        resultDesc: result.ResultDesc,
      },
    });
  }
  const reversal = reversalResultSchema.safeParse(body);
  if (reversal.success) {
    const result = reversal.data.Result;
    return ok({
      type: 'reversal',
      result: {
        conversationId: result.ConversationID,
        originatorConversationId: result.OriginatorConversationID,
        succeeded: result.ResultCode === '0',
        resultCode: result.ResultCode,
        resultDesc: result.ResultDesc,
        transactionId: result.TransactionID,
      },
    });
  }
  return fail({ detail: 'neither an STK callback nor a reversal or status result' });
}

function stkOutcome(
  code: number,
  desc: string,
  items: z.infer<typeof metadataItem>[],
): ProviderResult<StkOutcome, { detail: string }> {
  const kind = stkOutcomeKind(code);
  if (kind !== 'succeeded') return ok({ kind, resultCode: code, resultDesc: desc });
  const value = (name: string) => items.find((item) => item.Name === name)?.Value;
  const amount = Number(value('Amount'));
  const receipt = value('MpesaReceiptNumber');
  if (!Number.isSafeInteger(amount) || amount < 1)
    return fail({ detail: 'a successful STK callback without a whole positive Amount' });
  if (typeof receipt !== 'string' || !/^[A-Z0-9]{6,20}$/.test(receipt))
    return fail({ detail: 'a successful STK callback without an MpesaReceiptNumber' });
  const date = value('TransactionDate');
  const phone = value('PhoneNumber');
  return ok({
    kind,
    amount,
    receipt,
    ...(date === undefined ? {} : { transactionDate: parseDarajaTimestamp(date) }),
    ...(phone === undefined ? {} : { phone: String(phone) }),
  });
}
