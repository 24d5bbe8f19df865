import {
  type BookingStatus,
  bookingParties,
  DESTRUCTIVE_STATUSES,
  nextStatuses,
  STATUS_ACTION_LABELS,
} from '@sherehe/shared/booking-status';
import { formatDay } from '@sherehe/shared/dates';
import { bookingsMessages } from '@sherehe/shared/messages';
import type { Booking } from '@sherehe/shared/schemas/bookings';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { serverMessageOr } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/toast';
import { useUpdateBookingStatus } from '../api/update-booking-status';

/**
 * The moves this user may make on this booking, straight from the shared transition table
 * (STYLE.md convention 3): the server enforces the same table.
 */
export function bookingActionsFor(
  user: { _id: string; role: string },
  booking: Pick<Booking, 'status' | 'client' | 'planner'>,
): BookingStatus[] {
  const parties = bookingParties(
    { id: user._id, role: user.role },
    { clientId: booking.client._id, plannerId: booking.planner._id },
  );
  return nextStatuses(booking.status, parties);
}

/** Accept, Reject, Mark Completed, Cancel: the destructive ones (reject, cancel) ask first. */
export function BookingActions({ booking, user }: { booking: Booking; user: { _id: string; role: string } }) {
  const update = useUpdateBookingStatus();
  const [confirming, setConfirming] = useState<BookingStatus | null>(null);
  const [busy, setBusy] = useState<BookingStatus | null>(null);
  const inFlight = useRef(false);
  const actions = bookingActionsFor(user, booking);
  if (actions.length === 0) return null;

  async function move(status: BookingStatus) {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(status);
    try {
      const reply = await update.mutateAsync({ id: booking._id, status });
      notifySuccess(reply.message);
      setConfirming(null);
    } catch (error) {
      notifyError(
        serverMessageOr(
          error,
          status === 'cancelled' ? bookingsMessages.cancelFailed : bookingsMessages.updateFailed,
        ),
      );
    } finally {
      inFlight.current = false;
      setBusy(null);
    }
  }

  const confirmLabel = confirming ? STATUS_ACTION_LABELS[confirming] : '';
  return (
    <>
      <div className="flex flex-wrap gap-2">
        {actions.map((status) => {
          const destructive = DESTRUCTIVE_STATUSES.includes(status);
          return (
            <Button
              key={status}
              variant={destructive ? 'secondary' : 'primary'}
              disabled={busy !== null}
              onClick={() => (destructive ? setConfirming(status) : void move(status))}
            >
              {busy === status && !destructive ? 'Working...' : STATUS_ACTION_LABELS[status]}
            </Button>
          );
        })}
      </div>
      <ConfirmDialog
        open={confirming !== null}
        title={bookingsMessages.confirmTitle(confirmLabel)}
        confirmLabel={`${confirmLabel} booking`}
        cancelLabel="Keep booking"
        busyLabel={bookingsMessages.working}
        busy={busy !== null}
        onConfirm={() => confirming && void move(confirming)}
        onCancel={() => setConfirming(null)}
      >
        {confirming ? (
          <p>
            <strong>{booking.package.title}</strong> on {formatDay(booking.eventDate)} for{' '}
            {booking.client.username}. This cannot be undone.
          </p>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
