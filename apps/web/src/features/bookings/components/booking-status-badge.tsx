import type { BookingStatus } from '@sherehe/shared/booking-status';
import { bookingsMessages, controlsMessages } from '@sherehe/shared/messages';
import { Badge, type BadgeTone } from '@/components/ui/badge';

const TONES: Record<BookingStatus, BadgeTone> = {
  pending: 'brand',
  accepted: 'blue',
  rejected: 'red',
  completed: 'green',
  cancelled: 'neutral',
};

export function BookingStatusBadge({ status }: { status: BookingStatus }) {
  return (
    <Badge tone={TONES[status]}>
      <span className="sr-only">{controlsMessages.statusPrefix}</span>
      {bookingsMessages.statusLabels[status]}
    </Badge>
  );
}
