import { formatDate, formatDay, formatTime } from '@sherehe/shared/dates';
import { MESSAGES } from '@sherehe/shared/messages';
import { formatKsh } from '@sherehe/shared/money';
import type { PaymentReceiptRow } from './payments.queries';

const texts = MESSAGES.receipts;

/**
 * What a receipt says, in words, worked out once for the printable page and the mail so the two
 * cannot disagree: amounts in Ksh, dates and times in Africa/Nairobi.
 */
export interface ReceiptFacts {
  paymentId: string;
  /** The M-Pesa receipt or the card payment's reference. */
  number: string;
  paidAt: string;
  amount: string;
  method: string;
  /** 'Deposit', 'Balance'. */
  purpose: string;
  packageTitle: string | null;
  /** A plan's payment: the plan's name. */
  plan: string | null;
  eventDate: string | null;
  client: string | null;
  planner: string | null;
}

/** The facts of a succeeded payment's receipt. */
export function receiptFacts(row: PaymentReceiptRow): ReceiptFacts {
  const { payment } = row;
  const paidAt = (payment.completedAt ?? payment.updatedAt).toISOString();
  return {
    paymentId: payment.id,
    number: payment.receipt ?? payment.providerRef ?? payment.id,
    paidAt: texts.paidAt(formatDate(paidAt), formatTime(paidAt)),
    amount: formatKsh(payment.amount),
    method: MESSAGES.payments.methods[payment.method],
    purpose: MESSAGES.payments.purposes[payment.purpose],
    packageTitle: row.packageTitle,
    plan: row.planName ?? null,
    eventDate: row.booking ? formatDay(row.booking.eventDate) : null,
    client: row.payer?.username ?? null,
    planner: row.planner?.username ?? null,
  };
}

/** The receipt's lines in the order both the page and the mail show them (a fact not known is left out). */
export function receiptLines(facts: ReceiptFacts): Array<{ label: string; value: string }> {
  const { labels } = texts;
  const lines: Array<{ label: string; value: string | null }> = [
    { label: labels.number, value: facts.number },
    { label: labels.paidAt, value: facts.paidAt },
    { label: labels.amount, value: facts.amount },
    { label: labels.method, value: facts.method },
    { label: labels.purpose, value: facts.purpose },
    { label: labels.packageTitle, value: facts.packageTitle },
    { label: labels.plan, value: facts.plan },
    { label: labels.eventDate, value: facts.eventDate },
    { label: labels.client, value: facts.client },
    { label: labels.planner, value: facts.planner },
    { label: labels.paymentId, value: facts.paymentId },
  ];
  return lines.filter((line): line is { label: string; value: string } => line.value !== null);
}

/** The printable receipt's address (a link in the mail, and where the web app sends people). */
export function receiptUrl(publicUrl: string, paymentId: string): string {
  return `${publicUrl}/api/payments/${paymentId}/receipt`;
}
