import type { Booking } from '@sherehe/shared/schemas/bookings';
import type { Payment } from '@sherehe/shared/schemas/payments';
import type { User } from '@sherehe/shared/schemas/users';
import { ServerEvents } from '@sherehe/shared/socket-events';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { bookingsKey } from '@/features/bookings/api/get-my-bookings';
import { QuoteCard } from '@/features/bookings/components/quote-card';
import { SendQuoteButton } from '@/features/bookings/components/quote-dialog';
import BookingsPage from '@/features/bookings/pages/bookings-page';
import { BookingIcsLink } from '@/features/calendar/components/booking-ics-link';
import { Upcoming, useUpcomingSettled } from '@/features/calendar/components/upcoming';
import { BookingChatToggle } from '@/features/chat/components/booking-chat-toggle';
import { useBookingRoomEvents } from '@/features/chat/hooks/use-booking-room-events';
import { useServerEvent } from '@/features/chat/hooks/use-server-event';
import { usePaymentMethods } from '@/features/payments/api/get-payment-methods';
import { useWaitingPaymentBookings } from '@/features/payments/api/get-waiting-payments';
import { BookingPayments, showsPayments } from '@/features/payments/components/booking-payments';
import { BookingRefunds, RefundPreviewNote } from '@/features/payments/components/booking-refunds';
import { PaymentReturnNotice } from '@/features/payments/components/payment-return-notice';
import { usePaymentUpdates } from '@/features/payments/hooks/use-payment-updates';
import { ReviewPrompt } from '@/features/reviews/components/review-prompt';
import { bookingTitle } from '@/lib/booking-labels';
import { useSession } from '@/lib/session';

/** The other party of a booking for this user; none for an admin looking at others' bookings. */
export function otherPartyOf(userId: string, booking: Pick<Booking, 'client' | 'planner'>) {
  if (booking.client._id === userId) return booking.planner;
  if (booking.planner._id === userId) return booking.client;
  return undefined;
}

/** A payment settled: the bookings (their paid figures) are asked again. */
function useRefreshBookings() {
  const queryClient = useQueryClient();
  return useCallback(() => void queryClient.invalidateQueries({ queryKey: bookingsKey }), [queryClient]);
}

/**
 * A booking's payments, kept live: while it is on screen, its parties hear `paymentUpdated` in the
 * booking's room on the chat's socket (docs/money.md#payments), so both see a payment move at once; an open pay
 * dialog follows its payment through the same news.
 */
function LiveBookingPayments({ booking, user }: { booking: Booking; user: User }) {
  const refreshBookings = useRefreshBookings();
  const receive = usePaymentUpdates(refreshBookings);
  const isParty = otherPartyOf(user._id, booking) !== undefined;
  useBookingRoomEvents<Payment>(
    isParty && booking.status === 'accepted' ? booking._id : null,
    ServerEvents.paymentUpdated,
    useCallback(
      (payment: Payment) => {
        if (payment.booking === booking._id) receive(payment);
      },
      [booking._id, receive],
    ),
  );
  return (
    <>
      <BookingPayments booking={booking} user={user} onBookingChanged={refreshBookings} />
      {/* A cancelled booking that took money: what went back, and by which rule (docs/money.md#refunds-the-ledger-and-payouts). */}
      {booking.status === 'cancelled' && booking.amountPaid > 0 ? (
        <BookingRefunds bookingId={booking._id} />
      ) : null}
    </>
  );
}

/**
 * /dashboard/bookings: the bookings feature's list, each booking with the chat feature's panel and
 * the payments feature's money, and how a card payment just came back went.
 */
export default function BookingsRoute() {
  const { user } = useSession();
  const refreshBookings = useRefreshBookings();
  // An offer made, answered or lapsed (docs/bookings-and-calendar.md, Quotes): both parties' lists
  // are asked again, so the card and the status change on screen at once.
  useServerEvent(ServerEvents.quoteUpdated, refreshBookings);
  // Asked beside the bookings, not after them: each booking's payments wait for the answer.
  const methods = usePaymentMethods();
  const waitingPayments = useWaitingPaymentBookings(user?.role === 'client');
  const asksPayment = methods && methods.length > 0;
  const upcomingSettled = useUpcomingSettled(user, methods === undefined ? undefined : asksPayment);
  return (
    <BookingsPage
      notice={<PaymentReturnNotice onBookingChanged={refreshBookings} />}
      // With no way of paying offered (payments off), Upcoming asks for no money either.
      upcomingSettled={upcomingSettled}
      upcoming={
        user ? <Upcoming user={user} asksPayment={asksPayment} waitingPayments={waitingPayments} /> : null
      }
      // One booking's event for its parties' calendar apps.
      calendar={(booking) =>
        // An enquiry with no day yet has no event.
        user && otherPartyOf(user._id, booking) && booking.eventDate !== null ? (
          <BookingIcsLink bookingId={booking._id} title={bookingTitle(booking)} />
        ) : null
      }
      // What cancelling would refund, shown before the cancellation is confirmed.
      cancelNote={(booking) =>
        booking.amountPaid > 0 ? <RefundPreviewNote bookingId={booking._id} /> : null
      }
      // A completed booking of the client's asks for a review of its package, until there is one.
      review={(booking) =>
        user &&
        booking.status === 'completed' &&
        booking.client._id === user._id &&
        booking.package._id &&
        !booking.package.deleted ? (
          <ReviewPrompt
            packageId={booking.package._id}
            packageTitle={booking.package.title}
            clientId={user._id}
          />
        ) : null
      }
      payments={(booking) =>
        user && showsPayments(booking) ? <LiveBookingPayments booking={booking} user={user} /> : null
      }
      chat={(booking, { initiallyOpen }) => {
        // Only a booking's two parties may chat (docs/chat-and-files.md, Chat).
        const other = user ? otherPartyOf(user._id, booking) : undefined;
        if (!user || !other) return null;
        return (
          <BookingChatToggle
            bookingId={booking._id}
            me={user}
            other={other}
            initiallyOpen={initiallyOpen}
            // The offer in the chat too, and the planner's way to make one there.
            aside={
              booking.quote || (booking.planner._id === user._id && booking.status === 'pending') ? (
                <div className="mb-3">
                  <QuoteCard booking={booking} user={user} />
                  {booking.planner._id === user._id && booking.status === 'pending' ? (
                    <div className="mt-3">
                      <SendQuoteButton booking={booking} />
                    </div>
                  ) : null}
                </div>
              ) : null
            }
          />
        );
      }}
    />
  );
}
