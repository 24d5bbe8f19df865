import type { BookingStatus } from '@sherehe/shared/booking-status';
import { bookingsMessages } from '@sherehe/shared/messages';
import { StatusBadge } from '@/components/ui/status-badge';
import { BOOKING_STATUS_TONES } from '@/lib/booking-status-tones';

export function BookingStatusBadge({ status }: { status: BookingStatus }) {
  return (
    <StatusBadge tone={BOOKING_STATUS_TONES[status]}>{bookingsMessages.statusLabels[status]}</StatusBadge>
  );
}
