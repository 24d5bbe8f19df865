import { categoryName } from '@sherehe/shared/category-name';
import { packagesMessages } from '@sherehe/shared/messages';
import type { Package } from '@sherehe/shared/schemas/packages';
import type { ReactNode } from 'react';
import { LANG } from '@/config/lang';

/** One of a package's facts, its name before it on the same line. */
export function PackageFact({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className="flex gap-2">
      <dt className="font-medium text-stone-600">{label}</dt>
      <dd className={className}>{children}</dd>
    </div>
  );
}

/** The facts every package shows first: its category ('-' when it has none) and its location. */
export function CategoryAndLocation({ pkg }: { pkg: Package }) {
  return (
    <>
      <PackageFact label={packagesMessages.categoryLabel}>
        {(pkg.category && categoryName(pkg.category, LANG)) || '-'}
      </PackageFact>
      <PackageFact label={packagesMessages.locationLabel}>{pkg.location}</PackageFact>
    </>
  );
}
