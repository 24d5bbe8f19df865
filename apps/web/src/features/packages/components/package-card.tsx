import { packagesMessages } from '@sherehe/shared/messages';
import { formatKsh } from '@sherehe/shared/money';
import type { Package } from '@sherehe/shared/schemas/packages';
import type { ReactNode } from 'react';
import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { CategoryAndLocation, PackageFact } from './package-facts';
import { PackageImage } from './package-image';
import { PackageRating } from './package-rating';

interface PackageCardProps {
  pkg: Package;
  /** The buttons at the bottom; the home page's View & Book when absent. */
  actions?: ReactNode;
  /** For cards in the first screenful: their photo is not lazy. */
  eagerImage?: boolean;
  headingLevel?: 2 | 3;
}

/** A package in a grid: photo, title, category, location, planner, price, rating and a way to book. */
export function PackageCard({ pkg, actions, eagerImage = false, headingLevel = 3 }: PackageCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm">
      <PackageImage pkg={pkg} eager={eagerImage} />
      <div className="flex flex-1 flex-col p-5">
        <Heading className="text-xl font-bold">{pkg.title}</Heading>
        <dl className="mt-3 flex-1 space-y-1 text-stone-700">
          <CategoryAndLocation pkg={pkg} />
          <PackageFact label={packagesMessages.plannerLabel}>{pkg.planner.username}</PackageFact>
        </dl>
        <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
          <p className="text-2xl font-extrabold text-brand-700">{formatKsh(pkg.price)}</p>
          <PackageRating rating={pkg.rating} />
        </div>
        {actions ?? (
          <ButtonLink
            to={paths.packages.getHref()}
            className="mt-4 w-full"
            aria-label={`${packagesMessages.viewAndBook}: ${pkg.title}`}
          >
            {packagesMessages.viewAndBook}
          </ButtonLink>
        )}
      </div>
    </article>
  );
}
