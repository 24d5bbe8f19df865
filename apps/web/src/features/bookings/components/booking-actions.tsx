import {
  type BookingStatus,
  bookingParties,
  DESTRUCTIVE_STATUSES,
  nextStatuses,
} from '@sherehe/shared/booking-status';
import { todayInNairobi } from '@sherehe/shared/dates';
import { bookingsMessages } from '@sherehe/shared/messages';
import type { Booking } from '@sherehe/shared/schemas/bookings';
import { type ReactNode, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { serverMessageOr } from '@/lib/api-client';
import { bookingDay, bookingTitle } from '@/lib/booking-labels';
import { useFormSubmit } from '@/lib/use-form-submit';
import { useUpdateBookingStatus } from '../api/update-booking-status';

/**
 * The moves this user may make on this booking, straight from the shared transition table and its
 * completion rule (not before the event day in Nairobi): the server enforces the same, so a button
 * shown is a move the server allows.
 */
export function bookingActionsFor(
  user: { _id: string; role: string },
  booking: Pick<Booking, 'status' | 'client' | 'planner' | 'eventDate' | 'kind'>,
  today: string = todayInNairobi(),
): BookingStatus[] {
  const parties = bookingParties(
    { id: user._id, role: user.role },
    { clientId: booking.client._id, plannerId: booking.planner._id },
  );
  const { eventDate } = booking;
  // An enquiry is answered with a quote (or in the chat), never accepted as it is.
  return nextStatuses(booking.status, parties, eventDate === null ? undefined : { eventDate, today }).filter(
    (to) => booking.kind !== 'enquiry' || (to !== 'accepted' && to !== 'completed'),
  );
}

/** Moves asked about first: the destructive ones, and completion (it ends the client's right to cancel). */
const confirmFirst = (status: BookingStatus) =>
  DESTRUCTIVE_STATUSES.includes(status) || status === 'completed';

/**
 * Accept, Reject, Mark Completed, Cancel: the destructive ones (reject, cancel) and completion ask first. `cancelNote`:
 * shown in the cancel confirmation (the payments feature's refund preview, composed by the route).
 */
export function BookingActions({
  booking,
  user,
  cancelNote,
}: {
  booking: Booking;
  user: { _id: string; role: string };
  cancelNote?: ReactNode;
}) {
  const update = useUpdateBookingStatus();
  const [confirming, setConfirming] = useState<BookingStatus | null>(null);
  const { submit: move, pendingInput: busy } = useFormSubmit({
    send: (status: BookingStatus) => update.mutateAsync({ id: booking._id, status }),
    successToast: (reply) => reply.message,
    failureToast: (error, status) =>
      serverMessageOr(
        error,
        status === 'cancelled' ? bookingsMessages.cancelFailed : bookingsMessages.updateFailed,
      ),
    onSuccess: () => setConfirming(null),
  });
  const actions = bookingActionsFor(user, booking);
  if (actions.length === 0) return null;

  const confirmLabel = confirming ? bookingsMessages.actionLabels[confirming] : '';
  const completing = confirming === 'completed';
  return (
    <>
      <div className="flex flex-wrap gap-2">
        {actions.map((status) => {
          const destructive = DESTRUCTIVE_STATUSES.includes(status);
          const asks = confirmFirst(status);
          return (
            <Button
              key={status}
              variant={destructive ? 'secondary' : 'primary'}
              disabled={busy !== null}
              onClick={() => (asks ? setConfirming(status) : void move(status))}
            >
              {busy === status && !asks ? bookingsMessages.working : bookingsMessages.actionLabels[status]}
            </Button>
          );
        })}
      </div>
      <ConfirmDialog
        open={confirming !== null}
        title={completing ? bookingsMessages.completeTitle : bookingsMessages.confirmTitle(confirmLabel)}
        confirmLabel={
          completing ? bookingsMessages.completeButton : bookingsMessages.confirmButton(confirmLabel)
        }
        cancelLabel={completing ? bookingsMessages.notYet : bookingsMessages.keepBooking}
        busyLabel={bookingsMessages.working}
        busy={busy !== null}
        onConfirm={() => confirming && void move(confirming)}
        onCancel={() => setConfirming(null)}
      >
        {confirming ? (
          <p>
            {bookingsMessages.confirmDetails(
              <strong key="title">{bookingTitle(booking)}</strong>,
              bookingDay(booking),
              booking.client.username,
            )}
          </p>
        ) : null}
        {completing ? <p>{bookingsMessages.completeNote}</p> : null}
        {confirming === 'cancelled' ? cancelNote : null}
      </ConfirmDialog>
    </>
  );
}
