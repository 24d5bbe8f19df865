import { bookingsMessages } from '@sherehe/shared/messages';
import type { Package } from '@sherehe/shared/schemas/packages';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import type { BookingDatePickerSlot } from '@/features/bookings/components/booking-form';
import { BookingPanel } from '@/features/bookings/components/booking-panel';
import { useMyPackageBookings } from '@/features/bookings/hooks/use-my-package-bookings';
import { ChatDialogButton } from '@/features/chat/components/chat-dialog-button';
import { packageQueryOptions } from '@/features/packages/api/get-package';
import PackagePage from '@/features/packages/pages/package-page';
import { PackageReviews } from '@/features/reviews/components/package-reviews';
import { useSession } from '@/lib/session';

// The availability grid loads with the booking form (Book Now), never with the public page itself.
const AvailabilityPicker = lazy(() =>
  import('@/features/calendar/components/availability-picker').then((module) => ({
    default: module.AvailabilityPicker,
  })),
);

const datePicker: BookingDatePickerSlot = (props) => (
  <Suspense fallback={null}>
    <AvailabilityPicker {...props} />
  </Suspense>
);

/** The booking box, with the chat of the user's latest booking of this package. */
function PackageBooking({ pkg }: { pkg: Package }) {
  const { user } = useSession();
  return (
    <BookingPanel
      pkg={pkg}
      datePicker={datePicker}
      chat={(booking) =>
        user ? (
          <ChatDialogButton
            label={bookingsMessages.chatWithPlanner}
            bookingId={booking._id}
            packageId={pkg._id}
            me={user}
            other={booking.planner}
          />
        ) : null
      }
    />
  );
}

/** Reviews, with the form offered by the user's own bookings of this package. */
function PackageReviewsSection({ pkg }: { pkg: Package }) {
  const queryClient = useQueryClient();
  const { bookings } = useMyPackageBookings(pkg);
  return (
    <PackageReviews
      packageId={pkg._id}
      planner={pkg.planner}
      bookingStatuses={bookings.map((booking) => booking.status)}
      // The package's own average and count (shown by its title) change with its reviews.
      onChanged={() =>
        void queryClient.invalidateQueries({ queryKey: packageQueryOptions(pkg._id).queryKey })
      }
    />
  );
}

/** /packages/:id: the package (packages feature), booking and chat, and reviews meet here. */
export default function PackageRoute() {
  return (
    <PackagePage
      aside={(pkg) => <PackageBooking pkg={pkg} />}
      below={(pkg) => <PackageReviewsSection pkg={pkg} />}
    />
  );
}
