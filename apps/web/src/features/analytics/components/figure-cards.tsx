import { analyticsMessages } from '@sherehe/shared/messages';
import { refundsMessages } from '@sherehe/shared/messages/refunds';
import { formatKsh } from '@sherehe/shared/money';
import type { AnalyticsOverview } from '@sherehe/shared/schemas/analytics';
import { INTL } from '@/config/lang';

const numberFormatter = new Intl.NumberFormat(INTL);

/** The overview's figures as cards; the user counts only when the server sent them (admins). */
export function FigureCards({ overview }: { overview: AnalyticsOverview }) {
  const figures: Array<{ label: string; value: string }> = [
    { label: analyticsMessages.totalBookings, value: numberFormatter.format(overview.totalBookings) },
    { label: analyticsMessages.completedBookings, value: numberFormatter.format(overview.completedBookings) },
    { label: analyticsMessages.totalRevenue, value: formatKsh(overview.totalRevenue) },
    { label: analyticsMessages.packages, value: numberFormatter.format(overview.totalPackages) },
    { label: analyticsMessages.reviews, value: numberFormatter.format(overview.totalReviews) },
  ];
  const people: Array<[string, number | undefined]> = [
    [analyticsMessages.users, overview.totalUsers],
    [analyticsMessages.clients, overview.clients],
    [analyticsMessages.planners, overview.planners],
    [analyticsMessages.admins, overview.admins],
  ];
  for (const [label, value] of people) {
    if (value !== undefined) figures.push({ label, value: numberFormatter.format(value) });
  }
  // The money through the ledger (payments, refunds, fees, payouts), when the server sent it.
  if (overview.money) {
    const labels = refundsMessages.figures;
    figures.push(
      { label: labels.paymentsReceived, value: formatKsh(overview.money.paymentsReceived) },
      { label: labels.refunds, value: formatKsh(overview.money.refunds) },
      { label: labels.fees, value: formatKsh(overview.money.fees) },
      { label: labels.payouts, value: formatKsh(overview.money.payouts) },
    );
  }
  return (
    <dl className="grid grid-cols-2 gap-3 md:grid-cols-3 md:gap-4">
      {figures.map((figure) => (
        <div key={figure.label} className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm">
          <dt className="text-sm text-stone-600">{figure.label}</dt>
          <dd className="mt-1 text-2xl font-bold break-words text-stone-900">{figure.value}</dd>
        </div>
      ))}
    </dl>
  );
}
