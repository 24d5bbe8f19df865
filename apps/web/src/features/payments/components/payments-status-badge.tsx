import { controlsMessages, paymentsMessages } from '@sherehe/shared/messages';
import type { PaymentStatus } from '@sherehe/shared/payments';
import { Badge, type BadgeTone } from '@/components/ui/badge';

const TONES: Record<PaymentStatus, BadgeTone> = {
  pending: 'blue',
  succeeded: 'green',
  failed: 'red',
  cancelled: 'neutral',
  expired: 'neutral',
};

/** A payment's status in words, in the dashboard's lists. */
export function PaymentsStatusBadge({ status }: { status: PaymentStatus }) {
  return (
    <Badge tone={TONES[status]}>
      <span className="sr-only">{controlsMessages.statusPrefix}</span>
      {paymentsMessages.statuses[status]}
    </Badge>
  );
}
