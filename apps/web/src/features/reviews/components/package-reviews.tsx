import { type BookingStatus, mayReview } from '@sherehe/shared/booking-status';
import { controlsMessages, reviewsMessages } from '@sherehe/shared/messages';
import type { Review } from '@sherehe/shared/schemas/reviews';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { DeleteDialog, useDeletion } from '@/components/ui/delete-dialog';
import { Modal } from '@/components/ui/modal';
import { Skeleton } from '@/components/ui/skeleton';
import { TitledSection } from '@/components/ui/titled-section';
import { useSession } from '@/lib/session';
import { useCreateReview } from '../api/create-review';
import { useDeleteReview } from '../api/delete-review';
import { usePackageReviews } from '../api/get-package-reviews';
import { useUpdateReview } from '../api/update-review';
import { RatingSummary } from './rating-summary';
import { ReviewForm } from './review-form';
import { ReviewReplyText } from './review-reply-text';
import { ReviewText } from './review-text';

// The package's planner's Reply, Edit reply and Remove reply: loaded for that planner only.
const ReviewReply = lazy(() => import('./review-reply').then((module) => ({ default: module.ReviewReply })));

interface PackageReviewsProps {
  packageId: string;
  /** The package's planner: their replies are labelled with their name, and they may reply. */
  planner: { _id: string; username: string };
  /** The statuses of the signed-in user's own bookings of this package (from the bookings feature). */
  bookingStatuses: readonly BookingStatus[];
  /** After a review was written, changed or deleted (the package's own rating moves too). */
  onChanged?: () => void;
}

/**
 * The package page's reviews (docs/product-spec.md#validation): average and count, the list, the form for a client whose
 * booking was accepted and who has not reviewed yet (the shared `mayReview` rule), and Edit and
 * Delete on one's own review (an admin may delete any); under each review its planner's reply, and
 * for the package's planner Reply, Edit reply and Remove reply.
 */
export function PackageReviews({ packageId, planner, bookingStatuses, onChanged }: PackageReviewsProps) {
  const { user } = useSession();
  const reviews = usePackageReviews(packageId);
  const createReview = useCreateReview();
  const updateReview = useUpdateReview();
  const deleteReview = useDeleteReview();
  const [editing, setEditing] = useState<Review | null>(null);

  const list = reviews.data?.reviews ?? [];
  const hasReviewed = user ? list.some((review) => review.client._id === user._id) : false;
  const canReview = Boolean(user) && reviews.isSuccess && mayReview(bookingStatuses, hasReviewed);

  const deletion = useDeletion({
    send: (review: Review) => deleteReview.mutateAsync(review._id),
    failureToast: reviewsMessages.deleteFailed,
    onDeleted: onChanged,
    keepOpenOnFailure: true,
  });
  const { target: deleting, ask: setDeleting } = deletion;

  let body: ReactNode;
  if (reviews.isPending)
    body = <Skeleton layout="list" lines={2} label={reviewsMessages.loading} className="mt-4" />;
  else if (reviews.isError) {
    body = (
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <p className="text-stone-700">{reviewsMessages.loadFailedInline}</p>
        <Button variant="secondary" onClick={() => void reviews.refetch()}>
          {controlsMessages.tryAgain}
        </Button>
      </div>
    );
  } else {
    body = (
      <>
        <div className="mt-3">
          {reviews.data.count > 0 ? (
            <RatingSummary average={reviews.data.average} count={reviews.data.count} />
          ) : (
            <p className="text-stone-600">{reviewsMessages.noneYet}</p>
          )}
        </div>
        {canReview ? (
          <div className="mt-6 rounded-2xl border border-stone-200 bg-white p-5">
            <h3 className="text-lg font-semibold">{reviewsMessages.writeTitle}</h3>
            <div className="mt-3">
              <ReviewForm
                submitLabel={reviewsMessages.submit}
                busyLabel={reviewsMessages.submitting}
                onSubmit={(values) => createReview.mutateAsync({ package: packageId, ...values })}
                failureText={reviewsMessages.submitFailed}
                onSaved={onChanged}
              />
            </div>
          </div>
        ) : null}
        {list.length > 0 ? (
          <ul className="mt-6 space-y-4">
            {list.map((review) => {
              const own = user?._id === review.client._id;
              const mayDelete = own || user?.role === 'admin';
              return (
                <li key={review._id} className="rounded-2xl border border-stone-200 bg-white p-4">
                  <ReviewText review={review} />
                  <p className="mt-2 font-medium text-stone-900">{review.client.username}</p>
                  {user?._id === planner._id ? (
                    <Suspense
                      fallback={
                        review.reply ? (
                          <ReviewReplyText reply={review.reply} plannerName={planner.username} />
                        ) : null
                      }
                    >
                      <ReviewReply review={review} plannerName={planner.username} mine />
                    </Suspense>
                  ) : review.reply ? (
                    <ReviewReplyText reply={review.reply} plannerName={planner.username} />
                  ) : null}
                  {own || mayDelete ? (
                    <div className="mt-3 flex flex-wrap gap-2">
                      {own ? (
                        <Button variant="secondary" onClick={() => setEditing(review)} aria-haspopup="dialog">
                          {controlsMessages.edit}
                          <span className="sr-only">{reviewsMessages.yourReview}</span>
                        </Button>
                      ) : null}
                      <Button variant="ghost" onClick={() => setDeleting(review)} aria-haspopup="dialog">
                        {controlsMessages.delete}
                        <span className="sr-only">
                          {' '}
                          {reviewsMessages.whoseReview(own, review.client.username)}
                        </span>
                      </Button>
                    </div>
                  ) : null}
                </li>
              );
            })}
          </ul>
        ) : null}
      </>
    );
  }

  return (
    <TitledSection
      id="package-reviews"
      title={reviewsMessages.title}
      className="mt-10"
      titleClassName="text-2xl font-bold"
    >
      {body}
      <Modal open={editing !== null} onClose={() => setEditing(null)} title={reviewsMessages.editTitle}>
        {editing ? (
          <ReviewForm
            key={editing._id}
            initial={{ rating: editing.rating, comment: editing.comment }}
            submitLabel={controlsMessages.saveChanges}
            busyLabel={controlsMessages.saving}
            onSubmit={(values) => updateReview.mutateAsync({ id: editing._id, ...values })}
            failureText={reviewsMessages.updateFailed}
            onSaved={() => {
              setEditing(null);
              onChanged?.();
            }}
            onCancel={() => setEditing(null)}
          />
        ) : null}
      </Modal>
      <DeleteDialog deletion={deletion} title={reviewsMessages.deleteTitle}>
        {deleting ? <p>{reviewsMessages.deleteConfirm}</p> : null}
      </DeleteDialog>
    </TitledSection>
  );
}
