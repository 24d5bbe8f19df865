import { formatDate, formatDay, formatTime } from '@sherehe/shared/dates';
import type { Lang } from '@sherehe/shared/i18n';
import { messagesIn } from '@sherehe/shared/messages-sw';
import { formatCents } from '@sherehe/shared/money';
import { receiptStandsIn } from '@sherehe/shared/payments';
import type { PaymentReceiptRow } from './payments.queries';

/**
 * What a receipt says, in words, worked out once for the printable page and the mail so the two
 * cannot disagree: amounts in Ksh, dates and times in Africa/Nairobi.
 */
export interface ReceiptFacts {
  paymentId: string;
  /** The M-Pesa receipt or the card payment's reference; null while M-Pesa's number is to follow. */
  number: string | null;
  paidAt: string;
  amount: string;
  method: string;
  /** 'Deposit', 'Balance', 'Part of the balance'. */
  purpose: string;
  packageTitle: string | null;
  /** A plan's payment: the plan's name. */
  plan: string | null;
  eventDate: string | null;
  client: string | null;
  planner: string | null;
  /** A part of the balance: what was left to pay once it was paid, in Ksh; else null. */
  leftAfter: string | null;
}

/** The facts of a succeeded payment's receipt, in a language (the reader's). */
export function receiptFacts(row: PaymentReceiptRow, lang: Lang): ReceiptFacts {
  const { payment } = row;
  const messages = messagesIn(lang);
  const paidAt = (payment.completedAt ?? payment.updatedAt).toISOString();
  return {
    paymentId: payment.id,
    // A request id is no receipt: the receipt says the number is to follow rather than show one.
    number: receiptStandsIn(payment) ? null : (payment.receipt ?? payment.providerRef ?? payment.id),
    paidAt: messages.receipts.paidAt(formatDate(paidAt, lang), formatTime(paidAt, lang)),
    amount: formatCents(payment.amountCents, lang),
    method: messages.payments.methods[payment.method],
    purpose: messages.payments.purposes[payment.purpose],
    packageTitle: row.packageTitle,
    plan: row.planName ? messages.plans.planName(row.planName) : null,
    eventDate: row.booking ? formatDay(row.booking.eventDate, lang) : null,
    client: row.payer?.username ?? null,
    planner: row.planner?.username ?? null,
    leftAfter: row.leftAfterCents === null ? null : formatCents(row.leftAfterCents, lang),
  };
}

/** The receipt's lines in the order both the page and the mail show them (a fact not known is left out). */
export function receiptLines(facts: ReceiptFacts, lang: Lang): Array<{ label: string; value: string }> {
  const { labels, numberToFollow } = messagesIn(lang).receipts;
  const lines: Array<{ label: string; value: string | null }> = [
    { label: labels.number, value: facts.number ?? numberToFollow },
    { label: labels.paidAt, value: facts.paidAt },
    { label: labels.amount, value: facts.amount },
    { label: labels.method, value: facts.method },
    { label: labels.purpose, value: facts.purpose },
    { label: labels.leftAfter, value: facts.leftAfter },
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
