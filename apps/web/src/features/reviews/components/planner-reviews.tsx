import { reviewsMessages } from '@sherehe/shared/messages';
import { Skeleton } from '@/components/ui/skeleton';
import { TextLink } from '@/components/ui/text-link';
import { TitledSection } from '@/components/ui/titled-section';
import { paths } from '@/config/paths';
import { usePlannerReviews } from '../api/get-planner-reviews';
import { RatingSummary } from './rating-summary';
import { ReviewReplyText } from './review-reply-text';
import { ReviewText } from './review-text';

/** A public profile shows three reviews (docs/product-spec.md#pages). */
export const PROFILE_REVIEW_COUNT = 3;

/**
 * A planner's reviews on their public profile (docs/product-spec.md#pages): the first three (stars out of 5, date,
 * comment, package title, the planner's reply) and 'Showing 3 of n reviews' when there are more. A failure only leaves
 * the section out (docs/product-spec.md#data-lists).
 */
export function PlannerReviews({ plannerId, plannerName }: { plannerId: string; plannerName: string }) {
  const reviews = usePlannerReviews(plannerId, PROFILE_REVIEW_COUNT);
  if (reviews.isError) return null;
  return (
    <TitledSection
      id="planner-reviews"
      title={reviewsMessages.title}
      className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm"
      titleClassName="text-xl font-semibold"
    >
      {reviews.isPending ? (
        <Skeleton layout="list" lines={2} label={reviewsMessages.loading} className="mt-4" />
      ) : reviews.data.count === 0 ? (
        <p className="mt-3 text-stone-600">{reviewsMessages.noneYet}</p>
      ) : (
        <>
          <div className="mt-3">
            <RatingSummary average={reviews.data.average} count={reviews.data.count} />
          </div>
          <ul className="mt-4 space-y-4">
            {reviews.data.reviews.slice(0, PROFILE_REVIEW_COUNT).map((review) => (
              <li key={review._id} className="rounded-xl border border-stone-200 p-4">
                <ReviewText review={review} />
                <p className="mt-2 text-sm text-stone-700">
                  <span className="sr-only">{reviewsMessages.packagePrefix}</span>
                  <TextLink to={paths.packageDetail.getHref(review.package._id)}>
                    {review.package.title}
                  </TextLink>
                  <span> · {review.client.username}</span>
                </p>
                {review.reply ? <ReviewReplyText reply={review.reply} plannerName={plannerName} /> : null}
              </li>
            ))}
          </ul>
          {reviews.data.count > PROFILE_REVIEW_COUNT ? (
            <p className="mt-4 text-stone-700">
              {reviewsMessages.showingOf(PROFILE_REVIEW_COUNT, reviews.data.count)}
            </p>
          ) : null}
        </>
      )}
    </TitledSection>
  );
}
