import { MESSAGES } from '@sherehe/shared/messages';
import type { CreateReviewBody, ReviewReplyBody, UpdateReviewBody } from '@sherehe/shared/schemas/reviews';
import type { Db, Queryable } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { type PageQuery, pageInfo, pageWindow } from '../../lib/paging';
import { type AuditContext, recordAudit } from '../audit';
import { findPackage, getPackage } from '../packages';
import { findUser } from '../users';
import {
  clearReviewReply,
  deleteReview,
  deleteReviewsBy,
  findReview,
  hasReviewableBooking,
  insertReview,
  listPackageReviews,
  listPlannerReviews,
  lockReview,
  lockReviewWithPlanner,
  packagesReviewedOfOthers,
  plannerReviewStats,
  refreshPackageRating,
  setReviewReply,
  updateReview,
} from './reviews.queries';

type Actor = Pick<UserRow, 'id' | 'role'>;

const DEFAULT_PAGE_SIZE = 10;

/** GET /api/reviews/:id (the package's id): a package's reviews, for whoever may see the package. */
export async function getPackageReviews(options: { db: Db; viewer: Actor | undefined; packageId: string }) {
  const { db, viewer, packageId } = options;
  const pkg = await getPackage({ db, viewer, id: packageId });
  const rows = await listPackageReviews(db, packageId);
  return { pkg: pkg.package, rows };
}

/** GET /api/reviews/user/:userId: reviews of a planner's packages in the catalogue, newest first. */
export async function listPlannerReviewsPage({
  db,
  plannerId,
  query,
}: {
  db: Db;
  plannerId: string;
  query: PageQuery;
}) {
  if (!(await findUser(db, plannerId))) throw new AppError('NOT_FOUND', MESSAGES.profile.notFound);
  const window = pageWindow(query, { defaultSize: DEFAULT_PAGE_SIZE });
  const [rows, stats] = await Promise.all([
    listPlannerReviews(db, plannerId, { limit: window.limit, offset: window.offset }),
    plannerReviewStats(db, plannerId),
  ]);
  return { rows, stats, page: window.paged ? pageInfo(window, stats.count) : undefined };
}

async function loadPresentable(db: Db, id: string) {
  const row = await findReview(db, id);
  if (!row) throw new AppError('NOT_FOUND', MESSAGES.reviews.notFound);
  return row;
}

/** One review per client and package, by a client whose booking of it was accepted (docs/bookings-and-calendar.md, Reviews). */
export async function createReview({ db, actor, input }: { db: Db; actor: Actor; input: CreateReviewBody }) {
  if (!(await findPackage(db, input.package))) throw new AppError('NOT_FOUND', MESSAGES.packages.notFound);
  const id = await db.transaction(async (tx) => {
    if (!(await hasReviewableBooking(tx, actor.id, input.package))) {
      throw new AppError('FORBIDDEN', MESSAGES.reviews.notEligible);
    }
    const row = await insertReview(tx, {
      packageId: input.package,
      clientId: actor.id,
      rating: input.rating,
      comment: input.comment,
    });
    if (!row) throw new AppError('CONFLICT', MESSAGES.reviews.alreadyReviewed);
    await refreshPackageRating(tx, input.package);
    return row.id;
  });
  return loadPresentable(db, id);
}

export async function changeReview(options: { db: Db; actor: Actor; id: string; input: UpdateReviewBody }) {
  const { db, actor, id, input } = options;
  await db.transaction(async (tx) => {
    const review = await lockReview(tx, id);
    if (!review) throw new AppError('NOT_FOUND', MESSAGES.reviews.notFound);
    if (review.clientId !== actor.id) throw new AppError('FORBIDDEN', MESSAGES.reviews.notYours);
    await updateReview(tx, id, {
      ...(input.rating !== undefined && { rating: input.rating }),
      ...(input.comment !== undefined && { comment: input.comment }),
    });
    await refreshPackageRating(tx, review.packageId);
  });
  return loadPresentable(db, id);
}

/** The author, or an admin (moderation), may delete a review. */
export async function removeReview({
  db,
  actor,
  id,
  audit,
}: {
  db: Db;
  actor: Actor;
  id: string;
  audit: AuditContext;
}) {
  await db.transaction(async (tx) => {
    const review = await lockReview(tx, id);
    if (!review) throw new AppError('NOT_FOUND', MESSAGES.reviews.notFound);
    if (review.clientId !== actor.id && actor.role !== 'admin') {
      throw new AppError('FORBIDDEN', MESSAGES.reviews.notYours);
    }
    // An admin removing someone's review is moderation: on the audit trail.
    if (review.clientId !== actor.id)
      await recordAudit(tx, audit, {
        action: 'review.removed',
        subjectType: 'review',
        subjectId: id,
        summary: { packageId: review.packageId, rating: review.rating },
      });
    await deleteReview(tx, id);
    await refreshPackageRating(tx, review.packageId);
  });
}

/** Locks a review for a change to its reply, which only its package's planner may make. */
async function lockForReply(tx: Queryable, actor: Actor, id: string) {
  const row = await lockReviewWithPlanner(tx, id);
  if (!row) throw new AppError('NOT_FOUND', MESSAGES.reviews.notFound);
  if (row.plannerId !== actor.id) throw new AppError('FORBIDDEN', MESSAGES.reviews.replyNotYours);
  return row.review;
}

/**
 * PUT /api/reviews/:id/reply: the package's planner answers a review (one reply per review), or
 * edits the answer. `created` tells the first answer from an edit.
 */
export async function replyToReview(options: { db: Db; actor: Actor; id: string; input: ReviewReplyBody }) {
  const { db, actor, id, input } = options;
  const created = await db.transaction(async (tx) => {
    const review = await lockForReply(tx, actor, id);
    const first = review.replyText === null;
    await setReviewReply(tx, id, input.text, new Date(), first);
    return first;
  });
  return { created, row: await loadPresentable(db, id) };
}

/** DELETE /api/reviews/:id/reply: the package's planner takes the answer back. */
export async function removeReviewReply({ db, actor, id }: { db: Db; actor: Actor; id: string }) {
  await db.transaction(async (tx) => {
    const review = await lockForReply(tx, actor, id);
    if (review.replyText === null) throw new AppError('NOT_FOUND', MESSAGES.reviews.replyNotFound);
    await clearReviewReply(tx, id);
  });
}

/**
 * In the transaction that deletes an account: the reviews it wrote go, and the packages of others
 * they rated show their rating without them.
 */
export async function eraseReviewsBy(tx: Queryable, userId: string): Promise<void> {
  const reviewed = await packagesReviewedOfOthers(tx, userId);
  await deleteReviewsBy(tx, userId);
  for (const packageId of reviewed) await refreshPackageRating(tx, packageId);
}
