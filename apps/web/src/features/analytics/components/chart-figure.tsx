import { analyticsMessages } from '@sherehe/shared/messages';
import { type ReactNode, useId } from 'react';
import { cx } from '@/lib/class-names';

interface ChartFigureProps {
  title: string;
  /** What the chart shows, read out in place of the picture. */
  summary: string;
  /** What the numbers are, said under the title. */
  note?: string;
  /** The drawing's coordinates (its `viewBox`) and classes. */
  viewBox: string;
  chartClassName: string;
  /** The drawing's shapes, inside an <svg> named by the title and described by the summary. */
  children: ReactNode;
  /** The same numbers as a table, under a disclosure: the column heads, the first naming the rows. */
  columns: readonly string[];
  /** Each row's cells, the first its head; the others are numbers, set to the right. */
  rows: ReadonlyArray<{ key: string; cells: readonly ReactNode[] }>;
  tableClassName: string;
}

/** Every column but the last keeps a gap to the next. */
const gap = (index: number, count: number) => index < count - 1 && 'pr-6';

/** A hand-drawn SVG chart with a text alternative and its numbers as a table (no chart library). */
export function ChartFigure({
  title,
  summary,
  note,
  viewBox,
  chartClassName,
  children,
  columns,
  rows,
  tableClassName,
}: ChartFigureProps) {
  const titleId = useId();
  const descId = useId();
  return (
    <figure className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm md:p-6">
      <figcaption className="text-lg font-semibold text-stone-900">
        {title}
        {note ? <span className="mt-1 block text-sm font-normal text-stone-600">{note}</span> : null}
      </figcaption>
      <div className="mt-4">
        <svg
          role="img"
          aria-labelledby={titleId}
          aria-describedby={descId}
          viewBox={viewBox}
          className={chartClassName}
        >
          <title id={titleId}>{title}</title>
          {children}
        </svg>
      </div>
      <p id={descId} className="sr-only">
        {summary}
      </p>
      <details className="mt-4">
        <summary className="inline-flex min-h-11 cursor-pointer items-center font-medium text-brand-700 underline">
          {analyticsMessages.showTheNumbers}
        </summary>
        <div className="mt-2 overflow-x-auto">
          <table className={tableClassName}>
            <thead>
              <tr className="border-b border-stone-200">
                {columns.map((column, index) => (
                  <th
                    key={column}
                    scope="col"
                    className={cx(
                      'py-2',
                      gap(index, columns.length),
                      index > 0 && 'text-right',
                      'font-semibold',
                    )}
                  >
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.key} className="border-b border-stone-100">
                  {row.cells.map((cell, index) =>
                    index === 0 ? (
                      // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are its columns, in order
                      <th key={index} scope="row" className="py-2 pr-6 font-normal">
                        {cell}
                      </th>
                    ) : (
                      // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are its columns, in order
                      <td key={index} className={cx('py-2', gap(index, row.cells.length), 'text-right')}>
                        {cell}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
