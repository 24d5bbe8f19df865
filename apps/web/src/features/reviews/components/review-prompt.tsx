import { reviewsMessages } from '@sherehe/shared/messages';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { useCreateReview } from '../api/create-review';
import { usePackageReviews } from '../api/get-package-reviews';
import { ReviewForm } from './review-form';

/**
 * On a completed booking of the client's: "How was it? Review …" while they have not reviewed its
 * package, with a button that opens the review form. Nothing while the reviews load, or once the
 * client has reviewed (the list is asked again after the review is sent).
 */
export function ReviewPrompt({
  packageId,
  packageTitle,
  clientId,
}: {
  packageId: string;
  packageTitle: string;
  clientId: string;
}) {
  const reviews = usePackageReviews(packageId);
  const createReview = useCreateReview();
  const [open, setOpen] = useState(false);
  if (!reviews.isSuccess || reviews.data.reviews.some((review) => review.client._id === clientId))
    return null;
  const title = reviewsMessages.askTitle(packageTitle);
  return (
    <section
      aria-label={title}
      className="mt-4 rounded-xl border border-orange-200 bg-orange-50 p-4"
      data-testid="review-prompt"
    >
      <p className="font-semibold text-stone-900">{title}</p>
      <p className="mt-1 text-sm text-stone-700">{reviewsMessages.askText}</p>
      <Button className="mt-3" onClick={() => setOpen(true)} aria-haspopup="dialog">
        {reviewsMessages.askAction}
      </Button>
      <Modal open={open} onClose={() => setOpen(false)} title={reviewsMessages.writeTitle}>
        {open ? (
          <ReviewForm
            submitLabel={reviewsMessages.submit}
            busyLabel={reviewsMessages.submitting}
            onSubmit={(values) => createReview.mutateAsync({ package: packageId, ...values })}
            failureText={reviewsMessages.submitFailed}
            onSaved={() => setOpen(false)}
            onCancel={() => setOpen(false)}
          />
        ) : null}
      </Modal>
    </section>
  );
}
