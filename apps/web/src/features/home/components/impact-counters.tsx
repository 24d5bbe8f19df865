import { homeMessages } from '@sherehe/shared/messages';
import { useRef } from 'react';
import { useCountUp } from '../hooks/use-count-up';
import { IMPACT } from './home-content';
import { Section } from './section';

/** Our Impact (docs/product-spec.md#pages): hard-coded figures that count up over 1.5 s once scrolled into view. */
export function ImpactCounters() {
  const ref = useRef<HTMLUListElement>(null);
  const progress = useCountUp(ref, 1500);
  return (
    <Section title={homeMessages.impactTitle} intro={homeMessages.impactIntro} tone="tinted">
      <ul ref={ref} className="grid grid-cols-2 gap-6 lg:grid-cols-4">
        {IMPACT.map((item) => (
          <li key={item.label} className="rounded-2xl bg-brand-50 p-6 text-center">
            {/* The moving number is for the eye; screen readers get the final figure once. */}
            <span
              aria-hidden="true"
              className="block text-4xl font-extrabold text-brand-700 tabular-nums md:text-5xl"
            >
              {Math.round(item.value * progress)}+
            </span>
            <span className="sr-only">{item.value}+</span>
            <span className="mt-1 block font-medium text-stone-700">{item.label}</span>
          </li>
        ))}
      </ul>
    </Section>
  );
}
