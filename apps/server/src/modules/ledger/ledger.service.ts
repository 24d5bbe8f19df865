import { todayInNairobi } from '@sherehe/shared/dates';
import { refundsMessages } from '@sherehe/shared/messages/refunds';
import { formatKsh } from '@sherehe/shared/money';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/pg-errors';
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

/** Exact decimal strings of Ksh to integer cents (never through a float product). */
export function decimalToCents(value: string): number {
  const negative = value.startsWith('-');
  const [whole = '0', fraction = ''] = value.replace('-', '').split('.');
  const result = Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
  return negative ? -result : result;
}

/** A planner's balances in Ksh: the total of their rows, what is payable today, and the rest (pending). */
export function presentBalance(row: BalanceRow | undefined) {
  const totalCents = row ? decimalToCents(row.total) : 0;
  const payableCents = row ? decimalToCents(row.payable) : 0;
  return {
    balance: totalCents / 100,
    payable: payableCents / 100,
    pending: (totalCents - payableCents) / 100,
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
  today = todayInNairobi(),
) {
  const amountCents = Math.round(input.amount * 100);
  try {
    return await db.transaction(async (tx) => {
      const planner = await lockPlanner(tx, input.plannerId);
      if (!planner) throw new AppError('NOT_FOUND', refundsMessages.plannerNotFound);
      const [row] = await plannerBalances(tx, { today, plannerId: planner.id });
      const { payable } = presentBalance(row);
      if (amountCents > Math.round(payable * 100))
        throw new AppError('CONFLICT', refundsMessages.payoutTooLarge(formatKsh(payable)));
      const payout = await insertPayout(tx, {
        plannerId: planner.id,
        amount: amountCents / 100,
        reference: input.reference,
        recordedBy: input.adminId,
      });
      await insertLedgerEntries(tx, [
        { kind: 'payout', plannerId: planner.id, payoutId: payout.id, amount: -amountCents / 100 },
      ]);
      return { payout, planner };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', refundsMessages.payoutReferenceUsed);
    throw error;
  }
}
