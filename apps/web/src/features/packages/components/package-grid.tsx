import { packagesMessages } from '@sherehe/shared/messages';
import type { Package } from '@sherehe/shared/schemas/packages';
import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { cx } from '@/lib/class-names';
import { PackageCard } from './package-card';

export const packageGridClass = 'grid gap-6 sm:grid-cols-2 lg:grid-cols-3';

/** How many cards of a page are above the fold on a phone: their photos load at once. */
const EAGER_CARDS = 2;

/** The browse page's cards, each with Book and More Details (docs/product-spec.md#pages). */
export function PackageGrid({ packages, busy }: { packages: readonly Package[]; busy: boolean }) {
  return (
    <ul className={cx(packageGridClass, 'transition-opacity', busy && 'opacity-60')}>
      {packages.map((pkg, index) => (
        <li key={pkg._id}>
          <PackageCard
            pkg={pkg}
            eagerImage={index < EAGER_CARDS}
            actions={
              <div className="mt-4 grid grid-cols-2 gap-3">
                {/* The booking form opens on the package's page. */}
                <ButtonLink
                  to={paths.packageDetail.getHref(pkg._id, { book: true })}
                  aria-label={`${packagesMessages.book}: ${pkg.title}`}
                >
                  {packagesMessages.book}
                </ButtonLink>
                <ButtonLink
                  to={paths.packageDetail.getHref(pkg._id)}
                  variant="secondary"
                  aria-label={`${packagesMessages.moreDetails}: ${pkg.title}`}
                >
                  {packagesMessages.moreDetails}
                </ButtonLink>
              </div>
            }
          />
        </li>
      ))}
    </ul>
  );
}
