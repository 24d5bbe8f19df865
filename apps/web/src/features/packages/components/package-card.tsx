import { MESSAGES } from '@sherehe/shared/messages';
import { formatKsh } from '@sherehe/shared/money';
import type { Package } from '@sherehe/shared/schemas/packages';
import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { PackageImage } from './package-image';

/** A package in a grid: photo, title, category, location, price and a way to book. */
export function PackageCard({ pkg }: { pkg: Package }) {
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm">
      <PackageImage pkg={pkg} />
      <div className="flex flex-1 flex-col p-5">
        <h3 className="text-xl font-bold">{pkg.title}</h3>
        <dl className="mt-3 flex-1 space-y-1 text-stone-700">
          <div className="flex gap-2">
            <dt className="font-medium text-stone-600">Category:</dt>
            <dd>{pkg.category?.name || '-'}</dd>
          </div>
          <div className="flex gap-2">
            <dt className="font-medium text-stone-600">Location:</dt>
            <dd>{pkg.location}</dd>
          </div>
        </dl>
        <p className="mt-3 text-2xl font-extrabold text-brand-700">{formatKsh(pkg.price)}</p>
        <ButtonLink
          to={paths.packages.getHref()}
          className="mt-4 w-full"
          aria-label={`${MESSAGES.packages.viewAndBook}: ${pkg.title}`}
        >
          {MESSAGES.packages.viewAndBook}
        </ButtonLink>
      </div>
    </article>
  );
}
