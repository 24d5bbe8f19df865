import type { HTMLAttributes } from 'react';
import { cx } from '@/lib/class-names';

export function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div className={cx('rounded-2xl border border-stone-200 bg-white p-6 shadow-sm', className)} {...props} />
  );
}
