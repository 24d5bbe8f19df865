import { z } from 'zod';
import { packagesMessages, reviewsMessages } from '../messages';
import { validationMessages } from '../messages/validation';
import { pageCounts, pageQuerySchema, successMessageWith, successWith } from './common';

export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const REVIEW_COMMENT_MAX = 1000;
export const REVIEW_REPLY_MAX = 1000;

/** The package's planner's answer under a review: one per review, editable, shown as written. */
export const reviewReplySchema = z
  .object({ text: z.string(), createdAt: z.string(), updatedAt: z.string() })
  .meta({ id: 'ReviewReply' });
export type ReviewReply = z.infer<typeof reviewReplySchema>;

export const reviewSchema = z
  .object({
    _id: z.string(),
    client: z.object({ _id: z.string(), username: z.string() }),
    package: z.object({ _id: z.string(), title: z.string() }),
    rating: z.number().int(),
    comment: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    /** The planner's reply, or null while there is none. */
    reply: reviewReplySchema.nullable(),
  })
  .meta({ id: 'Review' });
export type Review = z.infer<typeof reviewSchema>;

export const ratingSchema = z
  .number({ error: reviewsMessages.ratingRange })
  .int(reviewsMessages.ratingRange)
  .min(RATING_MIN, reviewsMessages.ratingRange)
  .max(RATING_MAX, reviewsMessages.ratingRange);

const commentSchema = z
  .string({ error: validationMessages.notText(validationMessages.labels.theComment) })
  .trim()
  .max(
    REVIEW_COMMENT_MAX,
    validationMessages.tooLong(validationMessages.labels.theComment, REVIEW_COMMENT_MAX),
  );

export const createReviewBodySchema = z.object({
  package: z.uuid(packagesMessages.notFound),
  rating: ratingSchema,
  comment: commentSchema.nullish().transform((value) => value ?? ''),
});
export type CreateReviewBody = z.infer<typeof createReviewBodySchema>;

export const updateReviewBodySchema = z
  .object({ rating: ratingSchema.optional(), comment: commentSchema.optional() })
  .refine((body) => body.rating !== undefined || body.comment !== undefined, {
    message: validationMessages.ratingOrComment,
  });
export type UpdateReviewBody = z.infer<typeof updateReviewBodySchema>;

/** PUT /api/reviews/{id}/reply: the text is trimmed, then 1 to 1,000 characters. */
export const reviewReplyBodySchema = z.object({
  text: z
    .string({ error: reviewsMessages.replyRequired })
    .trim()
    .min(1, reviewsMessages.replyRequired)
    .max(REVIEW_REPLY_MAX, reviewsMessages.replyTooLong(REVIEW_REPLY_MAX)),
});
export type ReviewReplyBody = z.infer<typeof reviewReplyBodySchema>;

export const reviewListResponseSchema = successWith({
  reviews: z.array(reviewSchema),
  /** Average rating, one decimal (0 with no reviews). */
  average: z.number(),
  /** How many reviews there are in all (the list may be a page of them). */
  count: z.number().int(),
  ...pageCounts(),
});
export type ReviewListResponse = z.infer<typeof reviewListResponseSchema>;

export const reviewListQuerySchema = pageQuerySchema;

export const reviewResponseSchema = successMessageWith({ review: reviewSchema });
export type ReviewResponse = z.infer<typeof reviewResponseSchema>;

/** The average shown to people: one decimal (docs/product-spec.md#pages). */
export function formatAverage(average: number): string {
  return average.toFixed(1);
}
