import { refundsMessages } from '@sherehe/shared/messages/refunds';
import { fromCents } from '@sherehe/shared/money';
import type { LedgerEntry, Payout, Refund } from '@sherehe/shared/schemas/ledger';
import type { LedgerRow, PayoutRow, RefundRow } from './ledger.queries';

export function presentRefund(row: RefundRow): Refund {
  return {
    _id: row.id,
    payment: row.paymentId,
    // Refunds are listed by booking, so it is always set here (only a plan payment's refund has none).
    booking: row.bookingId ?? '',
    amount: fromCents(row.amountCents),
    rule: row.rule,
    ruleText: refundsMessages.rules[row.rule],
    status: row.status,
    failureReason: row.failureReason,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

export function presentLedgerEntry(row: { entry: LedgerRow; packageTitle: string | null }): LedgerEntry {
  const { entry } = row;
  return {
    _id: entry.id,
    kind: entry.kind,
    amount: fromCents(entry.amountCents),
    booking: entry.bookingId,
    packageTitle: row.packageTitle,
    payment: entry.paymentId,
    refund: entry.refundId,
    payout: entry.payoutId,
    createdAt: entry.createdAt.toISOString(),
  };
}

export function presentPayout(row: { payout: PayoutRow; planner: { id: string; username: string } }): Payout {
  return {
    _id: row.payout.id,
    planner: { _id: row.planner.id, username: row.planner.username },
    amount: fromCents(row.payout.amountCents),
    reference: row.payout.reference,
    createdAt: row.payout.createdAt.toISOString(),
  };
}
