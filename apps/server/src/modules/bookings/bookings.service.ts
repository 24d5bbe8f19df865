import { latestBookableDay } from '@sherehe/shared/booking-dates';
import {
  type BookingStatus,
  bookingParties,
  canTransition,
  mayCompleteOn,
} from '@sherehe/shared/booking-status';
import { calendarDayOf, formatDay, todayInNairobi } from '@sherehe/shared/dates';
import { MESSAGES } from '@sherehe/shared/messages';
import type { BookingKind } from '@sherehe/shared/quotes';
import type { CreateBookingBody, ListBookingsQuery } from '@sherehe/shared/schemas/bookings';
import type { Db, Queryable } from '../../db/client';
import type { BookingRow, UserRow } from '../../db/schema';
import { raiseDomainEvent } from '../../events/domain-events';
import type { JobQueue } from '../../jobs/job-queue';
import { AppError } from '../../lib/app-error';
import { pageInfo, pageWindow } from '../../lib/paging';
import { isUniqueViolation } from '../../lib/pg-errors';
import { dayFullDeclinedMail } from '../../mail/calendar-templates';
import { queueMail } from '../../mail/mail-jobs';
import { type AuditContext, recordAudit } from '../audit';
import { checkPlannerDay, lockPlannerDay, plannerDayLockKey } from '../availability';
import { wantsNotice } from '../notification-settings';
import { findUserPlanLimits, lockCurrentRole } from '../users';
import {
  type BookingFilters,
  type BookingRequestRefusal,
  countBookingsThisMonth,
  declinePendingForDay,
  findBooking,
  listBookings,
  listBookingsWithTotal,
  lockBooking,
  readBooking,
  requestBooking,
  setBookingStatus,
} from './bookings.queries';

type Actor = Pick<UserRow, 'id' | 'role'>;

const DEFAULT_PAGE_SIZE = 10;

/** An open request or enquiry for the package blocks another: the client goes on in its chat. */
export function alreadyOpenMessage(kind: BookingKind): string {
  return kind === 'enquiry' ? MESSAGES.enquiries.alreadyOpen : MESSAGES.bookings.alreadyOpen;
}

export function validateEventDay(value: string): string {
  const day = calendarDayOf(value);
  if (!day)
    throw new AppError('VALIDATION', MESSAGES.bookings.selectDate, {
      errors: [{ path: 'date', message: MESSAGES.bookings.selectDate }],
    });
  const today = todayInNairobi();
  if (day < today) {
    throw new AppError('VALIDATION', MESSAGES.bookings.pastDate, {
      errors: [{ path: 'date', message: MESSAGES.bookings.pastDate }],
    });
  }
  if (day > latestBookableDay(today)) {
    throw new AppError('VALIDATION', MESSAGES.bookings.tooFar, {
      errors: [{ path: 'date', message: MESSAGES.bookings.tooFar }],
    });
  }
  return day;
}

/**
 * Locks the client's row and refuses when their plan's monthly booking requests are used up (admins
 * are not limited): parallel requests queue on that lock, so none can exceed it. Returns the client.
 */
export async function claimBookingAllowance(tx: Queryable, actor: Actor) {
  const client = await findUserPlanLimits(tx, actor.id, { lock: true });
  if (!client) throw new AppError('UNAUTHENTICATED', MESSAGES.auth.notLoggedIn);
  const max = client.maxBookingsPerMonth;
  if (actor.role !== 'admin' && max !== null && (await countBookingsThisMonth(tx, actor.id)) >= max) {
    throw new AppError('PLAN_LIMIT', MESSAGES.bookings.limitReached, { upgradePrompt: true });
  }
  return client;
}

/**
 * POST /api/bookings/create, in a few round trips (docs/decisions/028): the checks and the insert
 * are one call of the database function `request_booking` (`requestBooking`), which takes the
 * locks of the steps it folds in their order: the client's row (parallel requests of one client
 * count against the monthly limit one after the other), the planner's day lock, the package's
 * share lock. The row is then read once with its parties, for the handlers of `booking.requested`
 * and for the answer.
 */
export async function createBooking(options: {
  db: Db;
  jobs: JobQueue;
  publicUrl: string;
  actor: Actor;
  input: CreateBookingBody;
}) {
  const { db, jobs, publicUrl, actor, input } = options;
  if (actor.role !== 'client' && actor.role !== 'admin')
    throw new AppError('FORBIDDEN', MESSAGES.bookings.onlyClients);
  const eventDate = validateEventDay(input.date);

  const created = await jobs
    .transaction(db, async (tx) => {
      const result = await requestBooking(tx, {
        clientId: actor.id,
        // Admins are not limited.
        limited: actor.role !== 'admin',
        packageId: input.package,
        plannerId: input.planner,
        day: eventDate,
        // A blocked or full day takes no request (docs/bookings-and-calendar.md#availability),
        // checked under the day's lock, which an acceptance that fills the day holds while it
        // declines the day's other requests.
        dayLock: plannerDayLockKey(input.planner, eventDate),
        message: input.message,
      });
      if (result.refusal !== null) throw refusalError(result.refusal, result.openKind);
      const { row } = result;
      // The planner's mail and SMS (notifications) and, if it waits unanswered, their reminder (calendar).
      await raiseDomainEvent(tx, 'booking.requested', {
        booking: row.booking,
        packageTitle: row.booking.packageTitle,
        message: input.message,
        planner: row.planner,
        client: row.client,
        row,
        jobs,
        publicUrl,
      });
      return row;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw new AppError('CONFLICT', MESSAGES.bookings.alreadyOpen);
      throw error;
    });
  jobs.wake();
  return created;
}

/** The error a refused booking request answers, as each rule has always said it. */
function refusalError(refusal: BookingRequestRefusal, openKind: BookingKind | null): AppError {
  switch (refusal) {
    case 'package_not_found':
      return new AppError('NOT_FOUND', MESSAGES.packages.notFound);
    // Out of the catalogue (its planner may no longer offer packages). Said plainly rather than "not
    // found": the client most likely had its page open from before.
    case 'package_unlisted':
      return new AppError('CONFLICT', MESSAGES.bookings.packageUnavailable);
    case 'wrong_planner':
      return new AppError('VALIDATION', MESSAGES.bookings.wrongPlanner, {
        errors: [{ path: 'planner', message: MESSAGES.bookings.wrongPlanner }],
      });
    case 'unauthenticated':
      return new AppError('UNAUTHENTICATED', MESSAGES.auth.notLoggedIn);
    case 'plan_limit':
      return new AppError('PLAN_LIMIT', MESSAGES.bookings.limitReached, { upgradePrompt: true });
    case 'planner_not_found':
      return new AppError('NOT_FOUND', MESSAGES.calendar.plannerNotFound);
    case 'day_unavailable':
      return new AppError('CONFLICT', MESSAGES.calendar.notAvailable, { reason: 'DAY_UNAVAILABLE' });
    case 'already_open':
      return new AppError('CONFLICT', alreadyOpenMessage(openKind ?? 'booking'));
  }
}

/** After a request or an enquiry is committed: its mails go, and it is read back whole. */
export async function afterCreation(db: Db, jobs: JobQueue, id: string) {
  jobs.wake();
  const created = await findBooking(db, id);
  if (!created) throw new Error('booking vanished after commit');
  return created;
}

/**
 * PATCH /api/bookings/:id: the transition table decides, under a row lock. An acceptance also takes
 * its day's lock first and must find a place on the day (docs/bookings-and-calendar.md#availability); when it takes the last one, the
 * day's other requests are declined in the same transaction.
 */
export async function changeBookingStatus(options: {
  db: Db;
  jobs: JobQueue;
  publicUrl: string;
  actor: Actor;
  id: string;
  status: BookingStatus;
  /** Who asked, from where: an admin's change is on the audit trail. */
  audit: AuditContext;
}) {
  const { db, jobs, publicUrl, actor, id, status, audit } = options;
  await jobs.transaction(db, async (tx) => {
    // The role as it is now, not as the session began: a planner demoted to client no longer runs
    // their old packages' bookings, even with a request sent before the change.
    const role = await lockCurrentRole(tx, actor.id);
    if (!role) throw new AppError('UNAUTHENTICATED', MESSAGES.auth.notLoggedIn);
    // Its parties and day never change, so they are read before any lock: an acceptance locks the
    // day before the booking, the order every acceptance and request takes (docs/decisions/015).
    const seen = await readBooking(tx, id);
    const parties = seen ? bookingParties({ id: actor.id, role }, seen) : [];
    if (seen && parties.length === 0 && seen.plannerId === actor.id) {
      throw new AppError('FORBIDDEN', MESSAGES.bookings.plannersOnlyList);
    }
    // Someone with no part in the booking learns nothing about it.
    if (!seen || parties.length === 0) throw new AppError('NOT_FOUND', MESSAGES.bookings.notFound);
    // An acceptance by someone who may accept (anyone else is refused by the table below).
    const accepting = status === 'accepted' && canTransition('pending', 'accepted', parties);
    // An enquiry is answered with a quote, whose acceptance by the client makes it a booking (its
    // day, price and the client's monthly allowance settled there), never accepted as it is.
    const day = seen.eventDate;
    if (accepting && seen.kind === 'enquiry') {
      throw new AppError(
        'CONFLICT',
        day === null ? MESSAGES.enquiries.acceptNeedsDay : MESSAGES.enquiries.acceptWithQuote,
      );
    }
    // Nothing is booked for a day gone by (Africa/Nairobi): the planner may offer another with a quote.
    if (accepting && day !== null && day < todayInNairobi()) {
      throw new AppError('CONFLICT', MESSAGES.bookings.acceptAfterDay);
    }
    if (accepting && day !== null) await lockPlannerDay(tx, seen.plannerId, day);
    const booking = await lockBooking(tx, id);
    if (!booking) throw new AppError('NOT_FOUND', MESSAGES.bookings.notFound);
    // A request (or one declined since) whose day is blocked or full is told so, whenever a
    // parallel acceptance took the last place: that, not the transition, is why it cannot be.
    const place =
      accepting && day !== null && (booking.status === 'pending' || booking.status === 'rejected')
        ? await checkPlannerDay(tx, {
            plannerId: booking.plannerId,
            day,
            exceptBookingId: id,
          })
        : undefined;
    if (!canTransition(booking.status, status, parties)) {
      throw new AppError('CONFLICT', MESSAGES.bookings.illegalTransition(booking.status, status));
    }
    // Completing ends the client's right to cancel and be refunded: not before the event day.
    if (status === 'completed' && (day === null || !mayCompleteOn(day, todayInNairobi()))) {
      throw new AppError('CONFLICT', MESSAGES.bookings.completeBeforeEvent);
    }
    await setBookingStatus(tx, id, status);
    // An admin acting on someone's booking: on the audit trail.
    if (role === 'admin' && actor.id !== booking.clientId && actor.id !== booking.plannerId)
      await recordAudit(tx, audit, {
        action: 'booking.status_changed',
        subjectType: 'booking',
        subjectId: id,
        summary: { from: booking.status, to: status },
      });
    if (accepting && day !== null) {
      await recordAcceptance({
        tx,
        jobs,
        publicUrl,
        before: booking,
        accepted: { ...booking, eventDate: day, status },
        actorId: actor.id,
        place,
      });
      return;
    }
    // Money paid on a cancelled booking goes back by the policy, its refunds written with the change.
    if (status === 'cancelled')
      await raiseDomainEvent(tx, 'booking.cancelled', { booking, by: parties, jobs });
    // The other party's notice (notifications).
    await raiseDomainEvent(tx, 'booking.statusChanged', {
      booking: { ...booking, status },
      from: booking.status,
      actorId: actor.id,
      jobs,
      publicUrl,
    });
    if (status === 'completed')
      await raiseDomainEvent(tx, 'booking.completed', { booking: { ...booking, status }, by: parties, jobs });
  });
  jobs.wake();
  const updated = await findBooking(db, id);
  if (!updated) throw new AppError('NOT_FOUND', MESSAGES.bookings.notFound);
  return updated;
}

/**
 * What follows an acceptance, in its transaction (the day's lock and the booking's held, the place
 * on the day checked by `checkPlannerDay`, the row already accepted): the other party's notice,
 * the calendar's reminders, and, when it took the day's last place, the day's other requests
 * declined. Shared by the planner's acceptance and a client's acceptance of a quote.
 */
export async function recordAcceptance(options: {
  tx: Queryable;
  jobs: JobQueue;
  publicUrl: string;
  /** The row as it was before (its status then). */
  before: BookingRow;
  /** The row as it is now, accepted (with its day: an undated enquiry is never accepted). */
  accepted: BookingRow & { eventDate: string };
  actorId: string;
  place: { taken: number; eventsPerDay: number } | undefined;
}) {
  const { tx, jobs, publicUrl, before, accepted, actorId, place } = options;
  // The other party's notice (notifications).
  await raiseDomainEvent(tx, 'booking.statusChanged', {
    booking: accepted,
    from: before.status,
    actorId,
    jobs,
    publicUrl,
  });
  // Its reminders ahead (the event's, the payments') are the calendar's.
  await raiseDomainEvent(tx, 'booking.accepted', { booking: accepted, jobs });
  if (place && place.taken >= place.eventsPerDay) {
    await declineRestOfDay({
      tx,
      jobs,
      publicUrl,
      plannerId: accepted.plannerId,
      day: accepted.eventDate,
      acceptedId: accepted.id,
    });
  }
}

/**
 * In the transaction of the acceptance that took a day's last place: declines the planner's other
 * pending requests for the day and queues a mail to each of their clients.
 */
async function declineRestOfDay(options: {
  tx: Queryable;
  jobs: JobQueue;
  publicUrl: string;
  plannerId: string;
  day: string;
  acceptedId: string;
}) {
  const { tx, jobs, publicUrl, plannerId, day, acceptedId } = options;
  const declined = await declinePendingForDay(tx, { plannerId, day, exceptBookingId: acceptedId });
  for (const id of declined) {
    const row = await findBooking(tx, id);
    if (!row || !(await wantsNotice(tx, row.client.id, 'email', 'bookings'))) continue;
    await queueMail(
      jobs,
      tx,
      dayFullDeclinedMail({
        to: row.client.email,
        lang: row.client.locale,
        name: row.client.username,
        title: row.package?.title ?? row.booking.packageTitle,
        day: formatDay(day, row.client.locale),
        url: `${publicUrl}/dashboard/bookings`,
      }),
    );
    // Its SMS (notifications).
    await raiseDomainEvent(tx, 'booking.declinedDayFull', { booking: { id }, jobs, publicUrl });
  }
  return declined;
}

/**
 * GET /api/bookings/my (`side: 'client'`, the bookings the actor made) and /for-planner (`side:
 * 'planner'`, the bookings of the actor's packages; an admin sees every booking), newest first.
 */
export async function listBookingsPage(options: {
  db: Db;
  actor: Actor;
  side: 'client' | 'planner';
  query: ListBookingsQuery;
}) {
  const { db, actor, side, query } = options;
  const { status, with: withUserId, from: fromDay, to: toDay } = query;
  const shared = { status, withUserId, fromDay, toDay };
  const filters: BookingFilters =
    side === 'client'
      ? { clientId: actor.id, ...shared }
      : { plannerId: actor.role === 'admin' ? undefined : actor.id, ...shared };
  const window = pageWindow(query, { defaultSize: DEFAULT_PAGE_SIZE });
  const list = { filters, limit: window.limit, offset: window.offset };
  if (!window.paged) return { rows: await listBookings(db, list), page: undefined };
  const { rows, total } = await listBookingsWithTotal(db, list);
  return { rows, page: pageInfo(window, total) };
}

/**
 * How many booking requests the client sent this month (Africa/Nairobi) and how many their plan
 * allows, the same count the limit on creating one uses; admins are not limited.
 */
export async function getBookingAllowance({ db, actor }: { db: Db; actor: Actor }) {
  const limits = await findUserPlanLimits(db, actor.id, { lock: false });
  if (!limits) throw new AppError('UNAUTHENTICATED', MESSAGES.auth.notLoggedIn);
  const used = await countBookingsThisMonth(db, actor.id);
  return { used, max: actor.role === 'admin' ? null : limits.maxBookingsPerMonth };
}
