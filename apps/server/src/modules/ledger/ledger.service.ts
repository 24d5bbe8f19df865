import { todayInNairobi } from '@sherehe/shared/dates';
import { refundsMessages } from '@sherehe/shared/messages/refunds';
import { formatCents, fromCents, toCents } from '@sherehe/shared/money';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/pg-errors';
import { type AuditContext, recordAudit } from '../audit';
import {
  type BalanceRow,
  findUsernames,
  insertLedgerEntries,
  insertPayout,
  listLedgerEntries,
  listPayouts,
  lockPlanner,
  plannerBalances,
} from './ledger.queries';

const HISTORY_LIMIT = 100;

/** A planner's balances in Ksh: the total of their rows, what is payable today, and the rest (pending). */
export function presentBalance(row: BalanceRow | undefined) {
  const totalCents = row?.total ?? 0;
  const payableCents = row?.payable ?? 0;
  return {
    balance: fromCents(totalCents),
    payable: fromCents(payableCents),
    pending: fromCents(totalCents - payableCents),
  };
}

/** GET /api/earnings: the planner's balances, their ledger and their payouts. */
export async function plannerEarnings(db: Db, plannerId: string, today = todayInNairobi()) {
  const [balances, entries, payouts] = await Promise.all([
    plannerBalances(db, { today, plannerId }),
    listLedgerEntries(db, plannerId, HISTORY_LIMIT),
    listPayouts(db, { plannerId, limit: HISTORY_LIMIT }),
  ]);
  return { ...presentBalance(balances[0]), entries, payouts };
}

/** GET /api/payouts: what each planner with a ledger is owed, and the payout history. */
export async function payoutsOverview(db: Db, today = todayInNairobi()) {
  const [balances, payouts] = await Promise.all([
    plannerBalances(db, { today }),
    listPayouts(db, { limit: HISTORY_LIMIT }),
  ]);
  const names = new Map(
    (
      await findUsernames(
        db,
        balances.map((b) => b.plannerId),
      )
    ).map((u) => [u.id, u.username]),
  );
  const planners = balances
    .map((row) => ({
      planner: { _id: row.plannerId, username: names.get(row.plannerId) ?? '' },
      ...presentBalance(row),
    }))
    .sort((a, b) => b.payable - a.payable || a.planner.username.localeCompare(b.planner.username));
  return { planners, payouts };
}

/**
 * POST /api/payouts: records a payout an admin made by M-Pesa, under the planner's row lock so two
 * payouts cannot both spend one balance; more than the payable balance is a 409.
 */
export async function recordPayout(
  db: Db,
  input: { adminId: string; plannerId: string; amount: number; reference: string },
  audit: AuditContext,
  today = todayInNairobi(),
) {
  const amountCents = toCents(input.amount);
  try {
    return await db.transaction(async (tx) => {
      const planner = await lockPlanner(tx, input.plannerId);
      if (!planner) throw new AppError('NOT_FOUND', refundsMessages.plannerNotFound);
      const [row] = await plannerBalances(tx, { today, plannerId: planner.id });
      const payableCents = row?.payable ?? 0;
      if (amountCents > payableCents)
        throw new AppError('CONFLICT', refundsMessages.payoutTooLarge(formatCents(payableCents)));
      const payout = await insertPayout(tx, {
        plannerId: planner.id,
        amountCents,
        reference: input.reference,
        recordedBy: input.adminId,
      });
      await insertLedgerEntries(tx, [
        { kind: 'payout', plannerId: planner.id, payoutId: payout.id, amountCents: -amountCents },
      ]);
      await recordAudit(tx, audit, {
        action: 'payout.recorded',
        subjectType: 'payout',
        subjectId: payout.id,
        summary: { plannerId: planner.id, amountCents, reference: input.reference, payableCents },
      });
      return { payout, planner };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', refundsMessages.payoutReferenceUsed);
    throw error;
  }
}
