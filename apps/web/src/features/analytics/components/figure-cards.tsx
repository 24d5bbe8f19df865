import { formatKsh } from '@sherehe/shared/money';
import type { AnalyticsOverview } from '@sherehe/shared/schemas/analytics';

const numberFormatter = new Intl.NumberFormat('en-KE');

/** The overview's figures as cards; the user counts only when the server sent them (admins). */
export function FigureCards({ overview }: { overview: AnalyticsOverview }) {
  const figures: Array<{ label: string; value: string }> = [
    { label: 'Total bookings', value: numberFormatter.format(overview.totalBookings) },
    { label: 'Completed bookings', value: numberFormatter.format(overview.completedBookings) },
    { label: 'Total revenue', value: formatKsh(overview.totalRevenue) },
    { label: 'Packages', value: numberFormatter.format(overview.totalPackages) },
    { label: 'Reviews', value: numberFormatter.format(overview.totalReviews) },
  ];
  const people: Array<[string, number | undefined]> = [
    ['Users', overview.totalUsers],
    ['Clients', overview.clients],
    ['Planners', overview.planners],
    ['Admins', overview.admins],
  ];
  for (const [label, value] of people) {
    if (value !== undefined) figures.push({ label, value: numberFormatter.format(value) });
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
