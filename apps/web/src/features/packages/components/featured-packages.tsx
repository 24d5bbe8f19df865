import { packagesMessages } from '@sherehe/shared/messages';
import { Skeleton } from '@/components/ui/skeleton';
import { FEATURED_PACKAGE_COUNT, useFeaturedPackages } from '../api/get-featured-packages';
import { PackageCard } from './package-card';

const grid = 'grid gap-6 sm:grid-cols-2 lg:grid-cols-3';

/** The home page's featured packages: skeletons while loading; failure reads as empty (docs/product-spec.md#data-lists). */
export function FeaturedPackages() {
  const packages = useFeaturedPackages();

  if (packages.isPending) {
    return (
      <Skeleton
        layout="card"
        count={FEATURED_PACKAGE_COUNT}
        label={packagesMessages.loading}
        className={grid}
      />
    );
  }
  if (packages.isError || !packages.data || packages.data.length === 0) {
    return (
      <p className="rounded-2xl bg-white py-10 text-center text-stone-600">{packagesMessages.noneYet}</p>
    );
  }
  return (
    <ul className={grid}>
      {packages.data.map((pkg) => (
        <li key={pkg._id}>
          <PackageCard pkg={pkg} />
        </li>
      ))}
    </ul>
  );
}
