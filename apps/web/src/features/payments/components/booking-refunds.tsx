import { formatDate } from '@sherehe/shared/dates';
import { refundsMessages } from '@sherehe/shared/messages/refunds';
import { formatKsh } from '@sherehe/shared/money';
import { keepsDeposit } from '@sherehe/shared/refunds';
import type { Refund } from '@sherehe/shared/schemas/ledger';
import { useId } from 'react';
import type { BadgeTone } from '@/components/ui/badge';
import { StatusBadge } from '@/components/ui/status-badge';
import { useBookingRefunds, useRefundPreview } from '../api/get-booking-refunds';

const TONES: Record<Refund['status'], BadgeTone> = { pending: 'blue', succeeded: 'green', failed: 'red' };

/** A cancelled booking's refunds, for both parties: amount, status and the rule that decided it (docs/money.md#refunds-the-ledger-and-payouts). */
export function BookingRefunds({ bookingId }: { bookingId: string }) {
  const titleId = useId();
  const refunds = useBookingRefunds(bookingId);
  if (!refunds.data || refunds.data.length === 0) return null;
  return (
    <section aria-labelledby={titleId} className="mt-3">
      <h4 id={titleId} className="font-medium text-stone-900">
        {refundsMessages.refundsTitle}
      </h4>
      <ul className="mt-2 space-y-2">
        {refunds.data.map((refund) => (
          <li key={refund._id} className="rounded-xl border border-stone-200 p-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="font-semibold text-stone-900">{formatKsh(refund.amount)}</p>
              <StatusBadge tone={TONES[refund.status]}>{refundsMessages.statuses[refund.status]}</StatusBadge>
            </div>
            <p className="mt-1 text-sm text-stone-700">{refund.ruleText}</p>
            <p className="text-sm text-stone-600">{formatDate(refund.createdAt)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** In the cancel confirmation: what cancelling now would refund, before the client confirms. */
export function RefundPreviewNote({ bookingId }: { bookingId: string }) {
  const preview = useRefundPreview(bookingId);
  if (preview.isPending)
    return <p className="mt-2 text-sm text-stone-700">{refundsMessages.previewLoading}</p>;
  if (!preview.data) return <p className="mt-2 text-sm text-stone-700">{refundsMessages.previewFailed}</p>;
  const { amount, kept, rule, ruleText } = preview.data;
  return (
    <div className="mt-2 rounded-xl bg-stone-50 p-3 text-sm text-stone-800" role="status">
      <p className="font-semibold">
        {amount > 0 ? refundsMessages.previewRefund(formatKsh(amount)) : refundsMessages.previewNothing}
      </p>
      {kept > 0 ? (
        <p>
          {keepsDeposit(rule)
            ? refundsMessages.previewKeptDeposit(formatKsh(kept))
            : refundsMessages.previewKept(formatKsh(kept))}
        </p>
      ) : null}
      <p className="mt-1">{ruleText}</p>
    </div>
  );
}
