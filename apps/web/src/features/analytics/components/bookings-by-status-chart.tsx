import { BOOKING_STATUSES, type BookingStatus } from '@sherehe/shared/booking-status';
import { analyticsMessages, bookingsMessages } from '@sherehe/shared/messages';
import { ChartFigure } from './chart-figure';

const COLOURS: Record<BookingStatus, string> = {
  pending: '#c2410c',
  accepted: '#1d4ed8',
  rejected: '#b91c1c',
  completed: '#15803d',
  cancelled: '#57534e',
};

const ROW = 40;
const LABEL_WIDTH = 100;
const BAR_SPACE = 180;
const WIDTH = LABEL_WIDTH + BAR_SPACE + 40;

/** Bookings in each status as horizontal bars. */
export function BookingsByStatusChart({ counts }: { counts: Partial<Record<BookingStatus, number>> }) {
  const rows = BOOKING_STATUSES.map((status) => ({
    status,
    label: bookingsMessages.statusLabels[status],
    value: counts[status] ?? 0,
  }));
  const max = Math.max(1, ...rows.map((row) => row.value));
  const summary = analyticsMessages.byStatusSummary(
    rows.map((row) => analyticsMessages.statusRow(row.label, row.value)),
  );
  return (
    <ChartFigure
      title={analyticsMessages.byStatusTitle}
      summary={summary}
      viewBox={`0 0 ${WIDTH} ${rows.length * ROW}`}
      chartClassName="h-auto w-full max-w-xl"
      columns={[analyticsMessages.status, analyticsMessages.bookings]}
      rows={rows.map((row) => ({ key: row.status, cells: [row.label, row.value] }))}
      tableClassName="min-w-60 text-left"
    >
      {rows.map((row, index) => {
        const y = index * ROW;
        const width = (row.value / max) * BAR_SPACE;
        return (
          <g key={row.status}>
            <text x={0} y={y + 25} fontSize="14" fill="#292524">
              {row.label}
            </text>
            <rect
              x={LABEL_WIDTH}
              y={y + 8}
              width={Math.max(width, 2)}
              height={24}
              rx={4}
              fill={COLOURS[row.status]}
            />
            <text
              x={LABEL_WIDTH + Math.max(width, 2) + 6}
              y={y + 25}
              fontSize="14"
              fontWeight="600"
              fill="#292524"
            >
              {row.value}
            </text>
          </g>
        );
      })}
    </ChartFigure>
  );
}
