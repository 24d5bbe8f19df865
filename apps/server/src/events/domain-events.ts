import type { BookingParty, BookingStatus } from '@sherehe/shared/booking-status';
import type { Lang } from '@sherehe/shared/i18n';
import type { Queryable } from '../db/client';
import type { BookingRow, PaymentRow, refunds } from '../db/schema';
import type { JobQueue } from '../jobs/job-queue';
import type { BookingRowWithRelations } from '../modules/bookings';

/**
 * What one module tells the others happened, inside the transaction that made it happen
 * (docs/modules.md). The module that owns the change raises the event; the modules that care
 * handle it in the same transaction, so the change and its effects commit or fail together, and
 * the module raising it needs to know nothing of them (its imports do not point at them).
 */
export interface DomainEvents {
  /**
   * Everything that let someone act as this user ends: their password was reset or their role
   * changed. (Sessions end; the calendar feed address stops working.)
   */
  'user.accessRevoked': { userId: string };
  /**
   * An account is being deleted (raised early in the deleting transaction, once the deletion is
   * allowed). Each module erases what it keeps of the person; money records stay, anonymised by the
   * accounts module.
   */
  'user.deleted': { userId: string; jobs: JobQueue };
  /**
   * A booking became cancelled (its row, as it was before), by these parties (an admin acting
   * counts as both). `jobs` is the queue the handlers write later work into, in the transaction.
   * (The money paid on it goes back by the refund rules.)
   */
  'booking.cancelled': { booking: BookingRow; by: readonly BookingParty[]; jobs: JobQueue };
  /**
   * A payment succeeded and is counted (its row, now succeeded, with its fee), at `at`. (A booking
   * payment's rows go into the ledger, and back out as a refund if the booking was cancelled
   * meanwhile; a plan payment starts or extends the plan's 30 days; the client of a booking payment
   * is told by SMS.) `publicUrl`: the address links in notices start with.
   */
  'payment.succeeded': { payment: PaymentRow; jobs: JobQueue; at: Date; publicUrl: string };
  /** A pending payment failed, was cancelled by the payer or expired: its row, now settled so. */
  'payment.failed': { payment: PaymentRow; jobs: JobQueue };
  /**
   * A payment given up on (expired) succeeded after all, but what it paid for is no longer owed: it
   * is never counted. (It goes back in full through its provider.)
   */
  'payment.lateNotOwed': { payment: PaymentRow; jobs: JobQueue };
  /**
   * A refund went through: its row, now succeeded (its ledger rows and the client's mail are already
   * written by the ledger, which owns refunds).
   */
  'refund.succeeded': { refund: typeof refunds.$inferSelect; jobs: JobQueue };
  /**
   * A client asked for a booking (the new row), with what the request said and who its parties
   * are, as the request already read them (so a handler needs no read of its own). `publicUrl`: the
   * address links in notices start with. (The planner is told, and reminded if it waits unanswered.)
   */
  'booking.requested': {
    booking: Pick<BookingRow, 'id' | 'eventDate' | 'createdAt' | 'kind' | 'guests' | 'budgetCents'>;
    packageTitle: string;
    message: string;
    planner: { id: string; email: string; locale: Lang; username: string };
    client: { username: string };
    /** The booking as it is now with its parties, when the raiser read it (a handler need not read it again). */
    row?: BookingRowWithRelations;
    jobs: JobQueue;
    publicUrl: string;
  };
  /**
   * A booking moved from one status to another by someone's request (its row, now in the new
   * status; `actorId` made the change), raised with every change besides the specific event
   * (`booking.accepted`, `booking.cancelled`, `booking.completed`). (The other party is told.)
   */
  'booking.statusChanged': {
    booking: BookingRow;
    from: BookingStatus;
    actorId: string;
    jobs: JobQueue;
    publicUrl: string;
  };
  /** The planner (or an admin) accepted a booking: its row, now accepted. (Its reminders are set.) */
  'booking.accepted': { booking: BookingRow & { eventDate: string }; jobs: JobQueue };
  /**
   * A pending request was declined because another booking took its day's last place (its mail is
   * already queued by the bookings module). (Its client is told by SMS.)
   */
  'booking.declinedDayFull': { booking: { id: string }; jobs: JobQueue; publicUrl: string };
  /**
   * The planner offered a quote on a pending request, made at `quoteCreatedAt` (which tells one
   * offer from the next), for `priceCents`. (The client is told by SMS.)
   */
  'quote.offered': {
    bookingId: string;
    quoteCreatedAt: Date;
    priceCents: number;
    jobs: JobQueue;
    publicUrl: string;
  };
  /**
   * The client accepted the quote made at `quoteCreatedAt`, for `priceCents` (raised beside
   * `booking.accepted`). (The planner is told by SMS.)
   */
  'quote.accepted': {
    bookingId: string;
    quoteCreatedAt: Date;
    priceCents: number;
    jobs: JobQueue;
    publicUrl: string;
  };
  /** A booking was marked completed, by these parties: its row, now completed. */
  'booking.completed': { booking: BookingRow; by: readonly BookingParty[]; jobs: JobQueue };
}

export type DomainEventType = keyof DomainEvents;
type Handler<K extends DomainEventType> = (tx: Queryable, event: DomainEvents[K]) => Promise<void>;

const handlers = new Map<DomainEventType, Map<string, Handler<never>>>();

/**
 * Handles `type` with `handler`, named so that registering again (a second app in one process, as
 * the tests build) replaces rather than doubles it. Registered once, in `events/handlers.ts`.
 */
export function onDomainEvent<K extends DomainEventType>(type: K, name: string, handler: Handler<K>): void {
  let named = handlers.get(type);
  if (!named) {
    named = new Map();
    handlers.set(type, named);
  }
  named.set(name, handler as Handler<never>);
}

/** Runs every handler of the event, one after another, in the caller's transaction `tx`. */
export async function raiseDomainEvent<K extends DomainEventType>(
  tx: Queryable,
  type: K,
  event: DomainEvents[K],
): Promise<void> {
  for (const handler of handlers.get(type)?.values() ?? []) await (handler as Handler<K>)(tx, event);
}

/** The names of the handlers of `type`, in the order they run (for tests and docs). */
export function domainEventHandlers(type: DomainEventType): string[] {
  return [...(handlers.get(type)?.keys() ?? [])];
}
