import { bookingParties } from '@sherehe/shared/booking-status';
import type { Lang } from '@sherehe/shared/i18n';
import { MESSAGES } from '@sherehe/shared/messages';
import { PAYMENT_METHODS, type PaymentMethod } from '@sherehe/shared/payments';
import type { ListPaymentsQuery } from '@sherehe/shared/schemas/payments';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { type PageInfo, pageInfo, pageWindow } from '../../lib/paging';
import type { PaymentProviders } from '../../payments/providers';
import { findBooking } from '../bookings';
import { type ReceiptFacts, receiptFacts } from './payment-receipt';
import {
  findPayment,
  findPaymentReceipt,
  listPayments,
  type PaymentFilters,
  type PaymentListRow,
  type PaymentRow,
  summarisePayments,
} from './payments.queries';

interface Actor {
  id: string;
  role: string;
}

const DEFAULT_PAGE_SIZE = 20;

/**
 * Who may see a payment: its booking's client and planner, and admins; a payment without a booking
 * (a plan) its payer and admins. Anyone else is told it does not exist.
 */
function maySee(
  actor: Actor,
  payment: { userId: string },
  booking: { clientId: string; plannerId: string } | null,
) {
  if (actor.role === 'admin') return true;
  if (!booking) return payment.userId === actor.id;
  return bookingParties(actor, booking).length > 0;
}

/**
 * GET /api/payments/methods: the ways of paying that have a provider here (docs/money.md#payments: none when
 * payments are off, each configured one in live mode, both in simulator mode), in the usual order.
 */
export function listPaymentMethods(deps: { providers: PaymentProviders }): PaymentMethod[] {
  return PAYMENT_METHODS.filter((method) => deps.providers[method] !== undefined);
}

/** GET /api/payments/:id: a payment for its booking's parties and admins; anyone else learns nothing (404). */
export async function getPayment(deps: { db: Db; actor: Actor; id: string }): Promise<PaymentRow> {
  const payment = await findPayment(deps.db, deps.id);
  if (!payment) throw new AppError('NOT_FOUND', MESSAGES.payments.notFound);
  const booking = payment.bookingId
    ? ((await findBooking(deps.db, payment.bookingId))?.booking ?? null)
    : null;
  if (!maySee(deps.actor, payment, booking)) throw new AppError('NOT_FOUND', MESSAGES.payments.notFound);
  return payment;
}

/** The payments a caller may list when they name no booking: everyone's, received, or paid. */
function scopeOf(actor: Actor): PaymentFilters {
  if (actor.role === 'admin') return {};
  if (actor.role === 'planner') return { plannerId: actor.id };
  return { payerId: actor.id };
}

/**
 * GET /api/payments: one booking's payments (its parties and admins; anyone else 404), or the
 * caller's own list (an admin every payment, a planner those on their bookings, a client what they
 * paid), filtered, newest first, with the money figures of every row the filters select
 * (`summarisePayments`: the one definition Analytics uses too).
 */
export async function listPaymentsPage(deps: { db: Db; actor: Actor; query: ListPaymentsQuery }): Promise<{
  rows: PaymentListRow[];
  page: PageInfo;
  summary: Omit<Awaited<ReturnType<typeof summarisePayments>>, 'total'>;
}> {
  const { db, actor, query } = deps;
  let scope: PaymentFilters;
  if (query.booking) {
    const found = await findBooking(db, query.booking);
    if (!found || bookingParties(actor, found.booking).length === 0)
      throw new AppError('NOT_FOUND', MESSAGES.payments.bookingNotFound);
    scope = { bookingId: found.booking.id };
  } else {
    scope = scopeOf(actor);
  }
  const filters: PaymentFilters = {
    ...scope,
    status: query.status,
    method: query.method,
    from: query.from,
    to: query.to,
  };
  const window = pageWindow(query, { defaultSize: DEFAULT_PAGE_SIZE });
  const [rows, { total, ...summary }] = await Promise.all([
    listPayments(db, { filters, limit: window.limit, offset: window.offset }),
    summarisePayments(db, filters),
  ]);
  return { rows, page: pageInfo(window, total), summary };
}

/**
 * GET /api/payments/:id/receipt: the receipt of a succeeded payment, for the booking's parties and
 * admins. A payment not (yet) paid has no receipt: 404, as for anyone else.
 */
export async function getPaymentReceipt(deps: {
  db: Db;
  actor: Actor;
  id: string;
  lang: Lang;
}): Promise<ReceiptFacts> {
  const row = await findPaymentReceipt(deps.db, deps.id);
  if (row?.payment.status !== 'succeeded' || !maySee(deps.actor, row.payment, row.booking)) {
    throw new AppError('NOT_FOUND', MESSAGES.receipts.notFound);
  }
  return receiptFacts(row, deps.lang);
}
