import { z } from 'zod';
import { fail, ok, type ProviderResult } from '../payments/provider';

/**
 * What Africa's Talking posts to the app, form-encoded, read with zod: a delivery report (to the
 * "delivery reports" address set in its dashboard) and an incoming message (to the "incoming
 * messages" address). Both addresses end in a secret segment (AT_CALLBACK_SECRET), since Africa's
 * Talking signs neither.
 */

/** A message's final or interim state, as Africa's Talking names it. */
export const DELIVERY_STATUSES = ['Success', 'Failed', 'Rejected', 'Buffered', 'Sent', 'Submitted'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export interface DeliveryReport {
  /** The message's id, as the send answered it. */
  id: string;
  status: DeliveryStatus;
  phoneNumber: string;
  networkCode: string | undefined;
  /** Why it failed or was rejected (`UserInBlacklist`, `AbsentSubscriber`, …). */
  failureReason: string | undefined;
  retryCount: number | undefined;
}

export interface InboundMessage {
  /** The sender's number, `+2547…`. */
  from: string;
  /** Our shortcode or number. */
  to: string;
  text: string;
  /** When Africa's Talking received it. */
  date: Date | undefined;
  id: string;
  /** Set on premium (subscription) messages; a reply must carry it. */
  linkId: string | undefined;
}

const text = (max: number) => z.string().max(max);
const optionalText = (max: number) =>
  z
    .string()
    .max(max)
    .optional()
    .transform((value) => value || undefined);

const deliveryReportSchema = z.object({
  id: text(200).min(1),
  status: z.enum(DELIVERY_STATUSES),
  phoneNumber: text(40).min(1),
  networkCode: optionalText(20),
  failureReason: optionalText(200),
  retryCount: z.coerce.number().int().min(0).optional(),
});

const inboundSchema = z.object({
  from: text(40).min(1),
  to: text(40),
  text: text(2000),
  date: optionalText(60),
  id: text(200).min(1),
  linkId: optionalText(200),
});

/** The form's fields, each once (a repeated field is read as its first value). */
function fieldsOf(rawBody: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(rawBody)) if (!(name in fields)) fields[name] = value;
  return fields;
}

/** A delivery report's form-encoded body, read; anything else is refused with the reason. */
export function parseDeliveryReport(rawBody: string): ProviderResult<DeliveryReport, { detail: string }> {
  const parsed = deliveryReportSchema.safeParse(fieldsOf(rawBody));
  if (!parsed.success) return fail({ detail: 'not a delivery report' });
  const report = parsed.data;
  return ok({
    id: report.id,
    status: report.status,
    phoneNumber: report.phoneNumber,
    networkCode: report.networkCode,
    failureReason: report.failureReason,
    retryCount: report.retryCount,
  });
}

/** An incoming message's form-encoded body, read; anything else is refused with the reason. */
export function parseInboundMessage(rawBody: string): ProviderResult<InboundMessage, { detail: string }> {
  const parsed = inboundSchema.safeParse(fieldsOf(rawBody));
  if (!parsed.success) return fail({ detail: 'not an incoming message' });
  const message = parsed.data;
  const date = message.date === undefined ? undefined : new Date(message.date);
  return ok({
    from: message.from,
    to: message.to,
    text: message.text,
    date: date && !Number.isNaN(date.getTime()) ? date : undefined,
    id: message.id,
    linkId: message.linkId,
  });
}

/** Whether an incoming message asks for no more SMS: STOP or STOPALL, whatever the case and spaces. */
export function isStopRequest(text: string): boolean {
  return /^\s*stop(all)?\s*$/i.test(text);
}
