import { analyticsMessages } from '@sherehe/shared/messages';
import { type ReactNode, useId } from 'react';

interface ChartFigureProps {
  title: string;
  /** What the chart shows, read out in place of the picture. */
  summary: string;
  /** The drawing: an <svg> with the given ids for its <title> and <desc>. */
  chart: (ids: { titleId: string; descId: string }) => ReactNode;
  /** The same numbers as a table, under a disclosure. */
  table: ReactNode;
  /** What the numbers are, said under the title. */
  note?: string;
}

/** A hand-drawn SVG chart with a text alternative and its numbers as a table (no chart library). */
export function ChartFigure({ title, summary, chart, table, note }: ChartFigureProps) {
  const titleId = useId();
  const descId = useId();
  return (
    <figure className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm md:p-6">
      <figcaption className="text-lg font-semibold text-stone-900">
        {title}
        {note ? <span className="mt-1 block text-sm font-normal text-stone-600">{note}</span> : null}
      </figcaption>
      <div className="mt-4">{chart({ titleId, descId })}</div>
      <p id={descId} className="sr-only">
        {summary}
      </p>
      <details className="mt-4">
        <summary className="inline-flex min-h-11 cursor-pointer items-center font-medium text-brand-700 underline">
          {analyticsMessages.showTheNumbers}
        </summary>
        <div className="mt-2 overflow-x-auto">{table}</div>
      </details>
    </figure>
  );
}
