import { analyticsMessages, paymentPagesMessages } from '@sherehe/shared/messages';
import { refundsMessages } from '@sherehe/shared/messages/refunds';
import { formatKsh } from '@sherehe/shared/money';
import type { AnalyticsOverview } from '@sherehe/shared/schemas/analytics';
import { INTL } from '@/config/lang';

const numberFormatter = new Intl.NumberFormat(INTL);

/**
 * The overview's figures as cards; the user counts only when the server sent them (admins). Each
 * money figure says what it means, in the words the Payments, Earnings and Payouts pages use.
 */
export function FigureCards({ overview }: { overview: AnalyticsOverview }) {
  const figures: Array<{ label: string; value: string; note?: string }> = [
    { label: analyticsMessages.totalBookings, value: numberFormatter.format(overview.totalBookings) },
    { label: analyticsMessages.completedBookings, value: numberFormatter.format(overview.completedBookings) },
    {
      label: analyticsMessages.totalRevenue,
      value: formatKsh(overview.totalRevenue),
      note: analyticsMessages.totalRevenueMeans,
    },
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
  // The money (payments, refunds, fees, what planners keep, payouts), when the server sent it.
  const money = overview.money;
  if (money) {
    const labels = refundsMessages.figures;
    const pm = paymentPagesMessages;
    const marketplace = overview.scope === 'marketplace';
    figures.push(
      {
        label: labels.paymentsReceived,
        value: formatKsh(money.paymentsReceived),
        note: marketplace
          ? `${pm.receivedSplit(formatKsh(money.bookingPayments), formatKsh(money.planPayments))}. ${pm.receivedMeans}`
          : pm.receivedMeans,
      },
      { label: labels.refunds, value: formatKsh(money.refunds), note: pm.refundedMeans },
      { label: labels.fees, value: formatKsh(money.fees), note: pm.feesMeans },
      { label: labels.plannersShare, value: formatKsh(money.plannersShare), note: pm.netMeans },
      ...(marketplace
        ? [
            {
              label: pm.platformRevenue,
              value: formatKsh(money.platformRevenue),
              note: pm.platformRevenueMeans,
            },
          ]
        : []),
      { label: labels.payouts, value: formatKsh(money.payouts), note: refundsMessages.payoutsMeans },
      {
        label: labels.owedToPlanners,
        value: formatKsh(money.owedToPlanners),
        note: refundsMessages.owedMeans,
      },
    );
  }
  return (
    <dl className="grid grid-cols-2 gap-3 md:grid-cols-3 md:gap-4">
      {figures.map((figure) => (
        <div key={figure.label} className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm">
          <dt className="text-sm text-stone-600">{figure.label}</dt>
          <dd className="mt-1 text-2xl font-bold break-words text-stone-900">{figure.value}</dd>
          {figure.note ? <dd className="mt-1 text-sm text-stone-600">{figure.note}</dd> : null}
        </div>
      ))}
    </dl>
  );
}
