import { type ReactNode, useId } from 'react';
import { cx } from '@/lib/class-names';

interface SectionProps {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  /** Alternating backgrounds separate the sections without rules. */
  tone?: 'plain' | 'tinted';
}

export function Section({ title, intro, children, tone = 'plain' }: SectionProps) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className={cx('px-4 py-16 md:py-20', tone === 'tinted' && 'bg-white')}>
      <div className="mx-auto max-w-6xl">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id={titleId} className="text-3xl font-extrabold md:text-4xl">
            {title}
          </h2>
          {intro ? <p className="mt-3 text-lg text-stone-600">{intro}</p> : null}
        </div>
        <div className="mt-10">{children}</div>
      </div>
    </section>
  );
}

/** Titled cards in a responsive grid (features, audiences, reasons). */
export function CardGrid({
  items,
  columns = 3,
}: {
  items: ReadonlyArray<{ title: string; text: string }>;
  columns?: 2 | 3 | 4 | 5;
}) {
  const cols = {
    2: 'sm:grid-cols-2',
    3: 'sm:grid-cols-2 lg:grid-cols-3',
    4: 'sm:grid-cols-2 lg:grid-cols-4',
    5: 'sm:grid-cols-2 lg:grid-cols-5',
  }[columns];
  return (
    <ul className={cx('grid gap-6', cols)}>
      {items.map((item) => (
        <li key={item.title} className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
          <span aria-hidden="true" className="block h-1 w-10 rounded-full bg-brand-600" />
          <h3 className="mt-4 text-lg font-bold">{item.title}</h3>
          <p className="mt-2 text-stone-600">{item.text}</p>
        </li>
      ))}
    </ul>
  );
}
