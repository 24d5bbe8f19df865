import { paymentsMessages } from '@sherehe/shared/messages';
import type { PaymentStatus } from '@sherehe/shared/payments';
import type { BadgeTone } from '@/components/ui/badge';
import { StatusBadge } from '@/components/ui/status-badge';

const TONES: Record<PaymentStatus, BadgeTone> = {
  pending: 'blue',
  succeeded: 'green',
  failed: 'red',
  cancelled: 'neutral',
  expired: 'neutral',
};

/** A payment's status in words, in the dashboard's lists. */
export function PaymentsStatusBadge({ status }: { status: PaymentStatus }) {
  return <StatusBadge tone={TONES[status]}>{paymentsMessages.statuses[status]}</StatusBadge>;
}
