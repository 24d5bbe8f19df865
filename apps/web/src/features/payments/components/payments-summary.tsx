import { paymentPagesMessages } from '@sherehe/shared/messages';
import { formatKsh } from '@sherehe/shared/money';
import type { PaymentSummary } from '@sherehe/shared/schemas/payments';
import { useId } from 'react';
import { TitledSection } from '@/components/ui/titled-section';
import { cx } from '@/lib/class-names';

const m = paymentPagesMessages;

interface PaymentsSummaryProps {
  summary: PaymentSummary;
  /** Admins' totals follow the filters: the heading says so. */
  filtered: boolean;
  /** The totals on screen belong to the previous filters while the new ones load. */
  stale?: boolean;
  /** An admin's list, the whole marketplace's: plan payments and the platform's revenue too. */
  marketplace?: boolean;
}

/**
 * Received, refunded, the platform's fees and what planners keep (and, for admins, the platform's
 * revenue) over every payment the list selects, each with what it means: the server computes them by
 * the one definition Analytics uses too.
 */
export function PaymentsSummary({ summary, filtered, stale, marketplace = false }: PaymentsSummaryProps) {
  const headingId = useId();
  const cards: Array<{ label: string; value: number; notes: string[] }> = [
    {
      label: m.received,
      value: summary.received,
      notes: [
        m.receivedFrom(summary.count),
        ...(marketplace ? [m.receivedSplit(formatKsh(summary.bookings), formatKsh(summary.plans))] : []),
        m.receivedMeans,
      ],
    },
    { label: m.refunded, value: summary.refunded, notes: [m.refundedMeans] },
    { label: m.fees, value: summary.fees, notes: [m.feesMeans] },
    { label: m.net, value: summary.net, notes: [m.netMeans] },
    ...(marketplace
      ? [{ label: m.platformRevenue, value: summary.platformRevenue, notes: [m.platformRevenueMeans] }]
      : []),
  ];
  return (
    <TitledSection
      id={headingId}
      title={filtered ? m.summaryLabelFiltered : m.summaryLabel}
      className="mb-6"
      titleClassName="sr-only"
    >
      <dl
        className={cx(
          'grid gap-4 transition-opacity sm:grid-cols-2',
          marketplace ? 'xl:grid-cols-5' : 'lg:grid-cols-4',
          stale && 'opacity-60',
        )}
      >
        {cards.map((card) => (
          <div key={card.label} className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm">
            <dt className="text-stone-600">{card.label}</dt>
            <dd className="mt-1 text-xl font-bold whitespace-nowrap text-stone-900 xl:text-2xl">
              {formatKsh(card.value)}
            </dd>
            {card.notes.map((note) => (
              <dd key={note} className="mt-1 text-sm text-stone-600">
                {note}
              </dd>
            ))}
          </div>
        ))}
      </dl>
    </TitledSection>
  );
}
