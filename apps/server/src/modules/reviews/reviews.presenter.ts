import type { Review } from '@sherehe/shared/schemas/reviews';
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
  };
}

export function roundAverage(value: number): number {
  return Math.round(value * 10) / 10;
}
