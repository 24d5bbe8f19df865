import { useId, useState } from 'react';
import { cx } from '@/lib/class-names';

interface FaqProps {
  items: ReadonlyArray<{ question: string; answer: string }>;
}

/** An accordion with one answer open at a time (docs/product-spec.md#pages); opening another closes the first. */
export function Faq({ items }: FaqProps) {
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const baseId = useId();

  return (
    <div className="mx-auto max-w-3xl divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white">
      {items.map((item, index) => {
        const open = openIndex === index;
        const buttonId = `${baseId}-q${index}`;
        const panelId = `${baseId}-a${index}`;
        return (
          <div key={item.question}>
            <h3>
              <button
                type="button"
                id={buttonId}
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => setOpenIndex(open ? null : index)}
                className="flex min-h-14 w-full items-center justify-between gap-4 px-5 py-3 text-left text-lg font-semibold text-stone-900 hover:bg-stone-50"
              >
                {item.question}
                <svg
                  aria-hidden="true"
                  viewBox="0 0 20 20"
                  className={cx('size-5 shrink-0 text-brand-700 transition-transform', open && 'rotate-180')}
                  fill="currentColor"
                >
                  <path d="M5.3 7.3 10 12l4.7-4.7 1.4 1.4L10 14.8 3.9 8.7z" />
                </svg>
              </button>
            </h3>
            <div id={panelId} hidden={!open} className="px-5 pb-5 text-stone-700">
              {item.answer}
            </div>
          </div>
        );
      })}
    </div>
  );
}
