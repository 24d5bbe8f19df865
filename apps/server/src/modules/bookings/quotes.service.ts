import { bookingParties } from '@sherehe/shared/booking-status';
import { formatDate, todayInNairobi } from '@sherehe/shared/dates';
import { MESSAGES } from '@sherehe/shared/messages';
import { formatCents, toCents } from '@sherehe/shared/money';
import { depositCents } from '@sherehe/shared/payments';
import type { CreateQuoteBody } from '@sherehe/shared/schemas/bookings';
import type { Db, Queryable } from '../../db/client';
import type { BookingRow, UserRow } from '../../db/schema';
import { raiseDomainEvent } from '../../events/domain-events';
import type { JobHandler, JobQueue } from '../../jobs/job-queue';
import { AppError } from '../../lib/app-error';
import { queueMail } from '../../mail/mail-jobs';
import { quoteDeclinedMail, quoteExpiredMail, quoteOfferedMail } from '../../mail/quote-templates';
import { checkPlannerDay, lockPlannerDay } from '../availability';
import { wantsNotice } from '../notification-settings';
import { lockCurrentRole } from '../users';
import {
  acceptQuoteRow,
  type BookingRowWithRelations,
  expireQuote,
  findBooking,
  lockBooking,
  readBooking,
  setQuote,
  setQuoteStatus,
} from './bookings.queries';
import { claimBookingAllowance, recordAcceptance, validateEventDay } from './bookings.service';

/**
 * Quotes (docs/bookings-and-calendar.md, Quotes): a planner's custom offer on a pending request,
 * which its client accepts (the booking is then accepted at the offer's price and deposit share, by
 * the same locks and checks as a planner's acceptance) or declines; an offer left unanswered lapses
 * by the job queue. Each answer's writes, its notices and the expiry's job go in one transaction.
 */

type Actor = Pick<UserRow, 'id' | 'role'>;

export const QUOTE_EXPIRY_JOB = 'quote-expiry';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Tells both parties' open pages (the bookings page, the chat) that the booking's offer changed. */
export type QuoteNotify = (row: BookingRowWithRelations) => void;

interface QuoteDeps {
  db: Db;
  jobs: JobQueue;
  publicUrl: string;
}

/** The row with its relations as committed; it exists (the caller changed it a moment ago). */
async function reread(db: Db, id: string) {
  const row = await findBooking(db, id);
  if (!row) throw new AppError('NOT_FOUND', MESSAGES.bookings.notFound);
  return row;
}

/**
 * Who the actor is to the booking, read without a lock (its parties never change); someone with no
 * part in it learns nothing of it, a party without this right is told so.
 */
function partOf(seen: BookingRow | undefined, actor: Actor, side: 'planner' | 'client'): BookingRow {
  const parties = seen ? bookingParties(actor, seen) : [];
  if (seen && parties.length === 0 && seen.plannerId === actor.id) {
    throw new AppError('FORBIDDEN', MESSAGES.bookings.plannersOnlyList);
  }
  if (!seen || parties.length === 0) throw new AppError('NOT_FOUND', MESSAGES.bookings.notFound);
  if (!parties.includes(side)) {
    throw new AppError(
      'FORBIDDEN',
      side === 'planner' ? MESSAGES.quotes.onlyPlanner : MESSAGES.quotes.onlyClient,
    );
  }
  return seen;
}

const titleOf = (row: BookingRowWithRelations) => row.package?.title ?? row.booking.packageTitle;

/** The offer that waits for the client's answer, or the reason there is none to answer. */
function offerWaiting(booking: BookingRow, now: Date) {
  const { quoteStatus, quotePriceCents, quoteDepositPercent, quoteExpiresAt } = booking;
  if (
    quoteStatus !== 'offered' ||
    quotePriceCents === null ||
    quoteDepositPercent === null ||
    !quoteExpiresAt
  ) {
    throw new AppError('CONFLICT', MESSAGES.quotes.noOffer);
  }
  // Lapsed, even if the expiry job has not run yet.
  if (quoteExpiresAt.getTime() <= now.getTime()) throw new AppError('CONFLICT', MESSAGES.quotes.expired);
  if (booking.status !== 'pending') {
    throw new AppError('CONFLICT', MESSAGES.bookings.illegalTransition(booking.status, 'accepted'));
  }
  return { priceCents: quotePriceCents, depositPercent: quoteDepositPercent };
}

/** POST /api/bookings/:id/quote: the booking's planner offers a price on a pending request. */
export async function offerQuote(options: QuoteDeps & { actor: Actor; id: string; input: CreateQuoteBody }) {
  const { db, jobs, publicUrl, actor, id, input } = options;
  const eventDate = input.eventDate !== undefined ? validateEventDay(input.eventDate) : null;
  await jobs.transaction(db, async (tx) => {
    // The role as it is now: a planner demoted since no longer runs their old packages' bookings.
    const role = await lockCurrentRole(tx, actor.id);
    if (!role) throw new AppError('UNAUTHENTICATED', MESSAGES.auth.notLoggedIn);
    partOf(await readBooking(tx, id), { id: actor.id, role }, 'planner');
    const booking = await lockBooking(tx, id);
    if (!booking) throw new AppError('NOT_FOUND', MESSAGES.bookings.notFound);
    if (booking.status !== 'pending') throw new AppError('CONFLICT', MESSAGES.quotes.notPending);
    // An enquiry without a day is booked for the day its offer names: an offer naming none could
    // never be accepted.
    if (eventDate === null && booking.eventDate === null) {
      throw new AppError('VALIDATION', MESSAGES.quotes.dayNeeded, {
        errors: [{ path: 'eventDate', message: MESSAGES.quotes.dayNeeded }],
      });
    }
    // Nor could one for the request's own day once that day has gone by: it must name another.
    if (eventDate === null && booking.eventDate !== null && booking.eventDate < todayInNairobi()) {
      throw new AppError('VALIDATION', MESSAGES.bookings.pastDate, {
        errors: [{ path: 'eventDate', message: MESSAGES.bookings.pastDate }],
      });
    }
    const now = new Date();
    const expiresAt = new Date(now.getTime() + input.expiresInDays * DAY_MS);
    const priceCents = toCents(input.price);
    // Replaces any offer before it; that offer's expiry finds it no longer the same and does nothing.
    await setQuote(tx, id, {
      priceCents,
      depositPercent: input.depositPercent,
      message: input.message,
      eventDate,
      expiresAt,
      createdAt: now,
    });
    await scheduleQuoteExpiry(jobs, tx, { bookingId: id, createdAt: now, expiresAt });
    const row = await findBooking(tx, id);
    if (!row) throw new AppError('NOT_FOUND', MESSAGES.bookings.notFound);
    const { client } = row;
    // Unless they switched booking mails off (docs/notifications.md#settings).
    if (!(await wantsNotice(tx, client.id, 'email', 'bookings'))) return;
    await queueMail(
      jobs,
      tx,
      quoteOfferedMail({
        to: client.email,
        lang: client.locale,
        name: client.username,
        planner: row.planner.username,
        title: titleOf(row),
        price: formatCents(priceCents, client.locale),
        deposit: formatCents(depositCents(priceCents, input.depositPercent), client.locale),
        expires: formatDate(expiresAt.toISOString(), client.locale),
        message: input.message,
        url: `${publicUrl}/dashboard/bookings`,
      }),
    );
    // The client's SMS (notifications).
    await raiseDomainEvent(tx, 'quote.offered', {
      bookingId: id,
      quoteCreatedAt: now,
      priceCents,
      jobs,
      publicUrl,
    });
  });
  jobs.wake();
  return reread(db, id);
}

/**
 * POST /api/bookings/:id/quote/accept: the client takes the offer. The booking is accepted at its
 * price and deposit share, on its day, exactly as a planner's acceptance is: the day's lock before
 * the booking's, a place on the day, the day's other requests declined when it takes the last one.
 * An enquiry becomes a booking request then, and counts against the client's monthly allowance.
 */
export async function acceptQuote(options: QuoteDeps & { actor: Actor; id: string }) {
  const { db, jobs, publicUrl, actor, id } = options;
  await jobs.transaction(db, async (tx) => {
    const seen = partOf(await readBooking(tx, id), actor, 'client');
    const day: string | null = seen.quoteEventDate ?? seen.eventDate;
    if (!day) throw new AppError('CONFLICT', MESSAGES.quotes.noDay);
    // An offer may stand longer than its day is ahead: nothing is booked for a day gone by.
    if (day < todayInNairobi()) throw new AppError('CONFLICT', MESSAGES.quotes.dayPassed);
    // The client's row first, as a new request takes it: their allowance, counted under its lock.
    if (seen.kind === 'enquiry' && seen.quoteStatus === 'offered') await claimBookingAllowance(tx, actor);
    await lockPlannerDay(tx, seen.plannerId, day);
    const booking = await lockBooking(tx, id);
    if (!booking) throw new AppError('NOT_FOUND', MESSAGES.bookings.notFound);
    const offer = offerWaiting(booking, new Date());
    // A newer offer for another day came in between: its day is not the one locked.
    if ((booking.quoteEventDate ?? booking.eventDate) !== day)
      throw new AppError('CONFLICT', MESSAGES.quotes.changed);
    const place = await checkPlannerDay(tx, { plannerId: booking.plannerId, day, exceptBookingId: id });
    const fromEnquiry = booking.kind === 'enquiry';
    await acceptQuoteRow(tx, id, { ...offer, eventDate: day, fromEnquiry });
    const accepted = await lockBooking(tx, id);
    if (!accepted) throw new AppError('NOT_FOUND', MESSAGES.bookings.notFound);
    await recordAcceptance({
      tx,
      jobs,
      publicUrl,
      before: booking,
      // Its day is the offer's, written just now.
      accepted: { ...accepted, eventDate: day },
      actorId: actor.id,
      place,
    });
    // The planner's SMS (notifications).
    if (booking.quoteCreatedAt) {
      await raiseDomainEvent(tx, 'quote.accepted', {
        bookingId: id,
        quoteCreatedAt: booking.quoteCreatedAt,
        priceCents: offer.priceCents,
        jobs,
        publicUrl,
      });
    }
  });
  jobs.wake();
  return reread(db, id);
}

/** POST /api/bookings/:id/quote/decline: the client turns the offer down; the request stays pending. */
export async function declineQuote(options: QuoteDeps & { actor: Actor; id: string }) {
  const { db, jobs, publicUrl, actor, id } = options;
  await jobs.transaction(db, async (tx) => {
    partOf(await readBooking(tx, id), actor, 'client');
    const booking = await lockBooking(tx, id);
    if (!booking) throw new AppError('NOT_FOUND', MESSAGES.bookings.notFound);
    const offer = offerWaiting(booking, new Date());
    await setQuoteStatus(tx, id, 'declined');
    const row = await findBooking(tx, id);
    if (!row) throw new AppError('NOT_FOUND', MESSAGES.bookings.notFound);
    const { planner } = row;
    // Unless they switched booking mails off (docs/notifications.md#settings).
    if (!(await wantsNotice(tx, planner.id, 'email', 'bookings'))) return;
    await queueMail(
      jobs,
      tx,
      quoteDeclinedMail({
        to: planner.email,
        lang: planner.locale,
        name: planner.username,
        client: row.client.username,
        title: titleOf(row),
        price: formatCents(offer.priceCents, planner.locale),
        url: `${publicUrl}/dashboard/bookings`,
      }),
    );
  });
  jobs.wake();
  return reread(db, id);
}

interface QuoteExpiryPayload {
  bookingId: string;
  /** When the offer was made (ISO): a newer offer is another one, with its own expiry. */
  createdAt: string;
}

/** In the transaction that makes an offer: it lapses when it expires, unless answered or replaced. */
function scheduleQuoteExpiry(
  jobs: JobQueue,
  tx: Queryable,
  quote: { bookingId: string; createdAt: Date; expiresAt: Date },
) {
  const payload: QuoteExpiryPayload = {
    bookingId: quote.bookingId,
    createdAt: quote.createdAt.toISOString(),
  };
  return jobs.add(tx, {
    kind: QUOTE_EXPIRY_JOB,
    payload: { ...payload },
    uniqueKey: `${QUOTE_EXPIRY_JOB}:${payload.bookingId}:${payload.createdAt}`,
    runAt: quote.expiresAt,
  });
}

/**
 * The expiry job (registered in jobs/job-kinds.ts): the offer made at `createdAt` becomes
 * `expired` if it is still offered, and both parties of a request still open are told (mail, and
 * their open pages). Running it twice changes nothing the second time.
 */
export function quoteExpiryJob(deps: QuoteDeps & { notify: QuoteNotify }): JobHandler<QuoteExpiryPayload> {
  const { db, jobs, publicUrl, notify } = deps;
  return {
    run: async ({ bookingId, createdAt }) => {
      const expired = await db.transaction(async (tx) => {
        if (!(await expireQuote(tx, bookingId, new Date(createdAt)))) return false;
        const row = await findBooking(tx, bookingId);
        if (row?.booking.status !== 'pending') return true;
        const priceCents = row.booking.quotePriceCents ?? 0;
        for (const party of [row.client, row.planner]) {
          if (!(await wantsNotice(tx, party.id, 'email', 'bookings'))) continue;
          await queueMail(
            jobs,
            tx,
            quoteExpiredMail({
              to: party.email,
              lang: party.locale,
              name: party.username,
              title: titleOf(row),
              price: formatCents(priceCents, party.locale),
              url: `${publicUrl}/dashboard/bookings`,
            }),
          );
        }
        return true;
      });
      if (!expired) return;
      jobs.wake();
      const row = await findBooking(db, bookingId);
      if (row) notify(row);
    },
  };
}
