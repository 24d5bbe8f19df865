import type { Booking } from '@sherehe/shared/schemas/bookings';
import BookingsPage from '@/features/bookings/pages/bookings-page';
import { BookingChatToggle } from '@/features/chat/components/booking-chat-toggle';
import { useSession } from '@/lib/session';

/** The other party of a booking for this user; none for an admin looking at others' bookings. */
export function otherPartyOf(userId: string, booking: Pick<Booking, 'client' | 'planner'>) {
  if (booking.client._id === userId) return booking.planner;
  if (booking.planner._id === userId) return booking.client;
  return undefined;
}

/** /dashboard/bookings: the bookings feature's list, each booking with the chat feature's panel. */
export default function BookingsRoute() {
  const { user } = useSession();
  return (
    <BookingsPage
      chat={(booking, { initiallyOpen }) => {
        // Only a booking's two parties may chat (docs/architecture.md, Chat).
        const other = user ? otherPartyOf(user._id, booking) : undefined;
        if (!user || !other) return null;
        return (
          <BookingChatToggle bookingId={booking._id} me={user} other={other} initiallyOpen={initiallyOpen} />
        );
      }}
    />
  );
}
