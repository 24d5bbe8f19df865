import { categoryName } from '@sherehe/shared/category-name';
import { dashboardMessages, packagesMessages } from '@sherehe/shared/messages';
import { formatKsh } from '@sherehe/shared/money';
import { Link } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { TextLink } from '@/components/ui/text-link';
import { TitledSection } from '@/components/ui/titled-section';
import { LANG } from '@/config/lang';
import { paths } from '@/config/paths';
import { usePackages } from '../api/get-packages';

/** A public profile shows four packages, their descriptions cut to 100 characters (docs/product-spec.md#pages). */
export const PROFILE_PACKAGE_COUNT = 4;
const DESCRIPTION_LENGTH = 100;

export function cutText(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length).trimEnd()}…` : text;
}

/**
 * A planner's packages on their public profile, with a link to all of them when there are more.
 * A failure only leaves the section out (docs/product-spec.md#data-lists).
 */
export function PlannerPackages({
  plannerId,
  headingLevel = 2,
}: {
  plannerId: string;
  headingLevel?: 2 | 3;
}) {
  const packages = usePackages({ planner: plannerId, page: 1, limit: PROFILE_PACKAGE_COUNT });

  if (packages.isError) return null;
  return (
    <TitledSection
      id="planner-packages"
      title={dashboardMessages.packages}
      headingLevel={headingLevel}
      className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm"
      titleClassName="text-xl font-semibold"
    >
      {packages.isPending ? (
        <Skeleton layout="list" lines={2} label={packagesMessages.loading} className="mt-4" />
      ) : packages.data.packages.length === 0 ? (
        <p className="mt-3 text-stone-600">{packagesMessages.noneYet}</p>
      ) : (
        <>
          <ul className="mt-4 grid gap-4 sm:grid-cols-2">
            {packages.data.packages.slice(0, PROFILE_PACKAGE_COUNT).map((pkg) => (
              <li key={pkg._id}>
                <Link
                  to={paths.packageDetail.getHref(pkg._id)}
                  className="block h-full rounded-xl border border-stone-200 p-4 hover:border-brand-600"
                >
                  <span className="block text-lg font-semibold text-stone-900">{pkg.title}</span>
                  <span className="mt-1 block text-stone-700">
                    {cutText(pkg.description, DESCRIPTION_LENGTH)}
                  </span>
                  <span className="mt-3 flex flex-wrap items-center justify-between gap-2">
                    <span className="font-bold text-brand-700">{formatKsh(pkg.price)}</span>
                    <span className="text-sm text-stone-600">
                      {(pkg.category && categoryName(pkg.category, LANG)) || packagesMessages.uncategorized}
                    </span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          {packages.data.total > PROFILE_PACKAGE_COUNT ? (
            <p className="mt-4">
              <TextLink to={paths.packages.getHref({ planner: plannerId })} strong>
                {packagesMessages.viewAll(packages.data.total)}
              </TextLink>
            </p>
          ) : null}
        </>
      )}
    </TitledSection>
  );
}
