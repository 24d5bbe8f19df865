import { shiftDay } from '@sherehe/shared/calendar';
import { todayInNairobi } from '@sherehe/shared/dates';
import { MESSAGES } from '@sherehe/shared/messages';
import { toCents } from '@sherehe/shared/money';
import { type CreateEnquiryBody, ENQUIRIES_PER_DAY } from '@sherehe/shared/schemas/bookings';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { raiseDomainEvent } from '../../events/domain-events';
import type { JobQueue } from '../../jobs/job-queue';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/pg-errors';
import { findPackage, lockPackageForBooking } from '../packages';
import { findUser, findUserPlanLimits } from '../users';
import { countEnquiriesToday, findOpenBooking, insertBooking } from './bookings.queries';
import { afterCreation, alreadyOpenMessage, validateEventDay } from './bookings.service';

type Actor = Pick<UserRow, 'id' | 'role'>;

/** Seconds until the next midnight in Nairobi (UTC+3, no summer time): when the daily limit resets. */
export function secondsUntilNairobiMidnight(now = new Date()): number {
  const next = Date.parse(`${shiftDay(todayInNairobi(now), 1)}T00:00:00+03:00`);
  return Math.max(1, Math.ceil((next - now.getTime()) / 1000));
}

/** The planner an enquiry goes to: the package's (which must be listed), or the one named. */
async function enquiryTarget(db: Db, input: CreateEnquiryBody) {
  if (input.package) {
    const pkg = await findPackage(db, input.package);
    if (!pkg) throw new AppError('NOT_FOUND', MESSAGES.packages.notFound);
    if (!pkg.package.listed) throw new AppError('CONFLICT', MESSAGES.bookings.packageUnavailable);
    if (pkg.planner.id !== input.planner) {
      throw new AppError('VALIDATION', MESSAGES.bookings.wrongPlanner, {
        errors: [{ path: 'planner', message: MESSAGES.bookings.wrongPlanner }],
      });
    }
    return { planner: pkg.planner, pkg: pkg.package };
  }
  const planner = await findUser(db, input.planner);
  if (!planner || planner.deletedAt) throw new AppError('NOT_FOUND', MESSAGES.enquiries.plannerNotFound);
  if (planner.role !== 'planner') throw new AppError('CONFLICT', MESSAGES.enquiries.notAPlanner);
  return { planner, pkg: undefined };
}

/**
 * POST /api/bookings/enquiries: a question to a planner before booking, kept as a pending booking of
 * kind 'enquiry' (docs/decisions/025-enquiries-are-bookings.md). It has no `requestedAt`, so the
 * monthly allowance does not count it; the daily limit is counted under the client's row lock, as
 * the allowance is, so parallel enquiries cannot pass it.
 */
export async function createEnquiry(options: {
  db: Db;
  jobs: JobQueue;
  publicUrl: string;
  actor: Actor;
  input: CreateEnquiryBody;
}) {
  const { db, jobs, publicUrl, actor, input } = options;
  if (actor.role !== 'client') throw new AppError('FORBIDDEN', MESSAGES.enquiries.onlyClients);
  const eventDate = input.eventDate === null ? null : validateEventDay(input.eventDate);
  const { planner, pkg } = await enquiryTarget(db, input);

  const id = await jobs
    .transaction(db, async (tx) => {
      const client = await findUserPlanLimits(tx, actor.id, { lock: true });
      if (!client) throw new AppError('UNAUTHENTICATED', MESSAGES.auth.notLoggedIn);
      if ((await countEnquiriesToday(tx, actor.id)) >= ENQUIRIES_PER_DAY) {
        throw new AppError('RATE_LIMITED', MESSAGES.enquiries.dailyLimit(ENQUIRIES_PER_DAY));
      }
      let depositPercent: number | undefined;
      if (pkg) {
        // As for a request: a package that leaves the catalogue meanwhile is not asked about.
        const current = await lockPackageForBooking(tx, pkg.id);
        if (!current) throw new AppError('NOT_FOUND', MESSAGES.packages.notFound);
        if (!current.listed) throw new AppError('CONFLICT', MESSAGES.bookings.packageUnavailable);
        const open = await findOpenBooking(tx, actor.id, pkg.id);
        if (open) throw new AppError('CONFLICT', alreadyOpenMessage(open.kind));
        depositPercent = current.depositPercent;
      }
      const row = await insertBooking(tx, {
        kind: 'enquiry',
        packageId: pkg?.id ?? null,
        // No package: no title (the presenter and the pages say "Enquiry to <planner>").
        packageTitle: pkg?.title ?? '',
        clientId: actor.id,
        plannerId: planner.id,
        eventDate,
        // Not a booking request until its quote is accepted.
        requestedAt: null,
        guests: input.guests,
        budgetCents: input.budget === null ? null : toCents(input.budget),
        message: input.message,
        // The package's price and deposit share as a starting point; the quote sets what is owed.
        priceCents: pkg?.priceCents ?? 0,
        ...(depositPercent !== undefined && { depositPercent }),
        ...(pkg && { cancellationPolicy: pkg.cancellationPolicy }),
      });
      await raiseDomainEvent(tx, 'booking.requested', {
        booking: row,
        // None without a package: the planner's mail names it in their language.
        packageTitle: pkg?.title ?? '',
        message: input.message,
        planner,
        client,
        jobs,
        publicUrl,
      });
      return row.id;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw new AppError('CONFLICT', MESSAGES.enquiries.alreadyOpen);
      throw error;
    });

  return afterCreation(db, jobs, id);
}
