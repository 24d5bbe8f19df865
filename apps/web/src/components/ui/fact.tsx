import type { ReactNode } from 'react';

/** One fact of a description list (<dl>), its name above it. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-stone-600">{label}</dt>
      <dd className="text-stone-900">{children}</dd>
    </div>
  );
}
