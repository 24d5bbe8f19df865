import { analyticsMessages } from '@sherehe/shared/messages';
import { formatKsh, sumShillings } from '@sherehe/shared/money';
import type { AnalyticsOverview } from '@sherehe/shared/schemas/analytics';
import { INTL } from '@/config/lang';
import { ChartFigure } from './chart-figure';

const monthFormatter = new Intl.DateTimeFormat(INTL, { month: 'short', year: 'numeric', timeZone: 'UTC' });
const shortMonthFormatter = new Intl.DateTimeFormat(INTL, { month: 'short', timeZone: 'UTC' });

/** '2026-03' → 'Mar 2026' (short: 'Mar'). */
export function monthLabel(month: string, short = false): string {
  const date = new Date(`${month}-01T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return month;
  return (short ? shortMonthFormatter : monthFormatter).format(date);
}

const WIDTH = 360;
const HEIGHT = 200;
const TOP = 24;
const BOTTOM = 28;
const PLOT = HEIGHT - TOP - BOTTOM;

/**
 * Revenue of completed bookings (their prices, as Total revenue counts them) per month of the event,
 * the last 12 months, as vertical bars.
 */
export function RevenueChart({ months }: { months: AnalyticsOverview['revenueByMonth'] }) {
  const max = Math.max(0, ...months.map((month) => month.revenue));
  const slot = WIDTH / Math.max(1, months.length);
  const barWidth = Math.min(22, slot * 0.6);
  const total = sumShillings(months.map((month) => month.revenue));
  const first = months[0];
  const last = months[months.length - 1];
  const busiest = months.reduce<(typeof months)[number] | undefined>(
    (best, month) => (!best || month.revenue > best.revenue ? month : best),
    undefined,
  );
  const summary =
    first && last
      ? analyticsMessages.revenueSummary(
          monthLabel(first.month),
          monthLabel(last.month),
          formatKsh(total),
          busiest && busiest.revenue > 0
            ? { month: monthLabel(busiest.month), revenue: formatKsh(busiest.revenue) }
            : undefined,
        )
      : analyticsMessages.noRevenue;
  return (
    <ChartFigure
      title={analyticsMessages.revenueTitle}
      note={analyticsMessages.revenueMeans}
      summary={summary}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      chartClassName="h-auto w-full"
      columns={[analyticsMessages.month, analyticsMessages.revenue, analyticsMessages.completedBookings]}
      rows={months.map((month) => ({
        key: month.month,
        cells: [monthLabel(month.month), formatKsh(month.revenue), month.bookings],
      }))}
      tableClassName="min-w-72 text-left"
    >
      <text x={0} y={14} fontSize="12" fill="#44403c">
        {max > 0 ? analyticsMessages.highest(formatKsh(max)) : analyticsMessages.noRevenueShort}
      </text>
      <line x1={0} x2={WIDTH} y1={TOP + PLOT} y2={TOP + PLOT} stroke="#a8a29e" />
      {months.map((month, index) => {
        const height = max > 0 ? (month.revenue / max) * PLOT : 0;
        const x = index * slot + (slot - barWidth) / 2;
        return (
          <g key={month.month}>
            <rect x={x} y={TOP + PLOT - height} width={barWidth} height={height} rx={3} fill="#c2410c" />
            <text x={index * slot + slot / 2} y={HEIGHT - 8} fontSize="11" textAnchor="middle" fill="#44403c">
              {monthLabel(month.month, true)}
            </text>
          </g>
        );
      })}
    </ChartFigure>
  );
}
