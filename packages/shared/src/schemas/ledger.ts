import { z } from 'zod';
import { validationMessages } from '../messages/validation';
import { hasWholeCents } from '../money';
import { REFUND_RULES, REFUND_STATUSES } from '../refunds';
import { successWith } from './common';

const partySchema = z.object({ _id: z.string(), username: z.string() });

/** A refund of one payment on a cancelled booking (docs/money.md#refunds-the-ledger-and-payouts). */
export const refundSchema = z
  .object({
    _id: z.string(),
    payment: z.string(),
    booking: z.string(),
    /** Ksh. */
    amount: z.number(),
    rule: z.enum(REFUND_RULES),
    /** The rule in words, as both parties read it. */
    ruleText: z.string(),
    status: z.enum(REFUND_STATUSES),
    failureReason: z.string().nullable(),
    createdAt: z.string(),
    completedAt: z.string().nullable(),
  })
  .meta({ id: 'Refund' });
export type Refund = z.infer<typeof refundSchema>;

export const bookingRefundsResponseSchema = successWith({ refunds: z.array(refundSchema) });

/** What cancelling the booking now would give back to its client, by the policy. */
export const refundPreviewSchema = z
  .object({
    rule: z.enum(REFUND_RULES),
    ruleText: z.string(),
    /** Ksh paid and not refunded yet. */
    amountPaid: z.number(),
    /** Ksh that would be refunded. */
    amount: z.number(),
    /** Ksh the planner would keep. */
    kept: z.number(),
  })
  .meta({ id: 'RefundPreview' });
export type RefundPreview = z.infer<typeof refundPreviewSchema>;

export const refundPreviewResponseSchema = successWith({ preview: refundPreviewSchema });

export const LEDGER_KINDS = ['payment', 'refund', 'fee', 'fee_refund', 'payout'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export const ledgerEntrySchema = z
  .object({
    _id: z.string(),
    kind: z.enum(LEDGER_KINDS),
    /** Signed Ksh: what the row adds to (or takes from) the planner's balance. */
    amount: z.number(),
    booking: z.string().nullable(),
    packageTitle: z.string().nullable(),
    payment: z.string().nullable(),
    refund: z.string().nullable(),
    payout: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'LedgerEntry' });
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

export const payoutSchema = z
  .object({
    _id: z.string(),
    planner: partySchema,
    amount: z.number(),
    /** The M-Pesa transaction code the admin paid with. */
    reference: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'Payout' });
export type Payout = z.infer<typeof payoutSchema>;

/** A planner's balances in Ksh: `balance` = `pending` + `payable`, the sum of their ledger rows. */
const balancesShape = { balance: z.number(), pending: z.number(), payable: z.number() };

export const earningsResponseSchema = successWith({
  ...balancesShape,
  entries: z.array(ledgerEntrySchema),
  payouts: z.array(payoutSchema),
});
export type EarningsResponse = z.infer<typeof earningsResponseSchema>;

export const payoutsResponseSchema = successWith({
  planners: z.array(z.object({ planner: partySchema, ...balancesShape })),
  payouts: z.array(payoutSchema),
});
export type PayoutsResponse = z.infer<typeof payoutsResponseSchema>;

export const recordPayoutBodySchema = z.object({
  plannerId: z.uuid('plannerId must be a planner id.'),
  amount: z
    .number({ error: 'amount must be a number of shillings.' })
    .positive('amount must be more than 0.')
    // A tiny positive number (5e-324) is more than 0 but no whole cent: refused here, not by the table.
    .min(0.01, 'amount must be at least Ksh 0.01.')
    .max(100_000_000, 'amount is too large.')
    .refine(hasWholeCents, {
      message: 'amount must have at most two decimals.',
    }),
  /** The M-Pesa transaction code, like QFT4XYZ123. */
  reference: z
    .string({ error: validationMessages.payoutReference })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{10}$/, validationMessages.payoutReference),
});
export type RecordPayoutBody = z.infer<typeof recordPayoutBodySchema>;

export const payoutResponseSchema = successWith({ payout: payoutSchema });
