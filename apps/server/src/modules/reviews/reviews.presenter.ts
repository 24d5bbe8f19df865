import type { Review } from '@sherehe/shared/schemas/reviews';
import type { PackageRow } from '../../db/schema';
import type { PageInfo } from '../../lib/paging';
import { roundAverage } from '../packages';
import type { ReviewRowWithRelations } from './reviews.queries';

export function presentReview(row: ReviewRowWithRelations): Review {
  return {
    _id: row.review.id,
    client: { _id: row.client.id, username: row.client.username },
    package: { _id: row.package.id, title: row.package.title },
    rating: row.review.rating,
    comment: row.review.comment,
    createdAt: row.review.createdAt.toISOString(),
    updatedAt: row.review.updatedAt.toISOString(),
    reply: presentReply(row.review),
  };
}

/** The planner's reply, as written, or null. */
function presentReply(review: ReviewRowWithRelations['review']): Review['reply'] {
  const { replyText, replyCreatedAt, replyUpdatedAt } = review;
  if (replyText === null || !replyCreatedAt) return null;
  return {
    text: replyText,
    createdAt: replyCreatedAt.toISOString(),
    updatedAt: (replyUpdatedAt ?? replyCreatedAt).toISOString(),
  };
}

/** A package's reviews with its kept average and count. */
export function presentPackageReviews(
  rows: ReviewRowWithRelations[],
  pkg: Pick<PackageRow, 'ratingAvg' | 'ratingCount'>,
) {
  return { reviews: rows.map(presentReview), average: roundAverage(pkg.ratingAvg), count: pkg.ratingCount };
}

/** A planner's reviews (the public profile): `total` always, `page` and `pages` when paged. */
export function presentPlannerReviews(
  rows: ReviewRowWithRelations[],
  stats: { average: number; count: number },
  page: PageInfo | undefined,
) {
  return {
    reviews: rows.map(presentReview),
    average: roundAverage(stats.average),
    count: stats.count,
    total: stats.count,
    ...(page && { page: page.page, pages: page.pages }),
  };
}
