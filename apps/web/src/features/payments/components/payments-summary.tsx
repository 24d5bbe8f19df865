import { paymentPagesMessages } from '@sherehe/shared/messages';
import { formatKsh } from '@sherehe/shared/money';
import type { PaymentSummary } from '@sherehe/shared/schemas/payments';
import { useId } from 'react';
import { cx } from '@/lib/class-names';

const m = paymentPagesMessages;

interface PaymentsSummaryProps {
  summary: PaymentSummary;
  /** Admins' totals follow the filters: the heading says so. */
  filtered: boolean;
  /** The totals on screen belong to the previous filters while the new ones load. */
  stale?: boolean;
}

/** Received, the platform's fees and what is left, over every succeeded payment the list selects. */
export function PaymentsSummary({ summary, filtered, stale }: PaymentsSummaryProps) {
  const headingId = useId();
  const cards = [
    { label: m.received, value: summary.received, note: m.receivedFrom(summary.count) },
    { label: m.fees, value: summary.fees },
    { label: m.net, value: summary.net },
  ];
  return (
    <section aria-labelledby={headingId} className="mb-6">
      <h2 id={headingId} className="sr-only">
        {filtered ? m.summaryLabelFiltered : m.summaryLabel}
      </h2>
      <dl className={cx('grid gap-4 transition-opacity lg:grid-cols-3', stale && 'opacity-60')}>
        {cards.map((card) => (
          <div key={card.label} className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm">
            <dt className="text-stone-600">{card.label}</dt>
            <dd className="mt-1 text-xl font-bold whitespace-nowrap text-stone-900 xl:text-2xl">
              {formatKsh(card.value)}
            </dd>
            {card.note ? <dd className="mt-1 text-sm text-stone-600">{card.note}</dd> : null}
          </div>
        ))}
      </dl>
    </section>
  );
}
