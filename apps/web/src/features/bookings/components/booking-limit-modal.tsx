import { bookingsMessages } from '@sherehe/shared/messages';
import { ButtonLink } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { paths } from '@/config/paths';

/** 'Booking Limit Reached' with the server's text and the way to a bigger plan (docs/product-spec.md#calls-and-answers). */
export function BookingLimitModal({ message, onClose }: { message: string | null; onClose: () => void }) {
  return (
    <Modal open={message !== null} onClose={onClose} title={bookingsMessages.limitTitle}>
      {message !== null ? (
        <>
          <p className="text-stone-800">{message || bookingsMessages.limitReached}</p>
          <div className="mt-6 flex justify-end">
            <ButtonLink to={paths.pricing.getHref()}>{bookingsMessages.viewPricing}</ButtonLink>
          </div>
        </>
      ) : null}
    </Modal>
  );
}
