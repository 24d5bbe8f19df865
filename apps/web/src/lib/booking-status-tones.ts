import type { BookingStatus } from '@sherehe/shared/booking-status';
import type { BadgeTone } from '@/components/ui/badge';

/** A booking status's badge colour, the same wherever a booking is shown (with its status word). */
export const BOOKING_STATUS_TONES: Record<BookingStatus, BadgeTone> = {
  pending: 'brand',
  accepted: 'blue',
  rejected: 'red',
  completed: 'green',
  cancelled: 'neutral',
};
