import type { ReactNode } from 'react';
import { cx } from '@/lib/class-names';

export type BadgeTone = 'neutral' | 'brand' | 'purple' | 'blue' | 'red' | 'green';

const TONES: Record<BadgeTone, string> = {
  neutral: 'bg-stone-100 text-stone-800',
  brand: 'bg-brand-100 text-brand-800',
  purple: 'bg-purple-100 text-purple-800',
  blue: 'bg-blue-100 text-blue-800',
  red: 'bg-red-100 text-red-800',
  green: 'bg-green-100 text-green-800',
};

export function Badge({
  tone = 'neutral',
  className,
  children,
}: {
  tone?: BadgeTone;
  className?: string;
  children: ReactNode;
}) {
  return (
    <span
      className={cx(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-sm font-semibold',
        TONES[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}
