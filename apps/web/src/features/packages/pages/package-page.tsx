import { categoryName } from '@sherehe/shared/category-name';
import { controlsMessages, packagePagesMessages, packagesMessages } from '@sherehe/shared/messages';
import { formatKsh } from '@sherehe/shared/money';
import type { Package } from '@sherehe/shared/schemas/packages';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { CancellationPolicyNote } from '@/components/cancellation-policy';
import { Badge } from '@/components/ui/badge';
import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DocumentTitle } from '@/components/ui/document-title';
import { LoadError } from '@/components/ui/load-error';
import { ShareButton } from '@/components/ui/share-button';
import { Skeleton } from '@/components/ui/skeleton';
import { TextLink } from '@/components/ui/text-link';
import { LANG } from '@/config/lang';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { usePackage } from '../api/get-package';
import { PackageGallery } from '../components/package-gallery';
import { PackageRating } from '../components/package-rating';

interface PackagePageProps {
  /** Below the planner card in the side column: the booking panel (the bookings feature's). */
  aside?: (pkg: Package) => ReactNode;
  /** Under the description: the reviews (the reviews feature's). */
  below?: (pkg: Package) => ReactNode;
}

const shell = 'mx-auto w-full max-w-6xl px-4 py-8 md:py-12';

function BackToPackages() {
  return (
    <TextLink to={paths.packages.getHref()}>
      <span aria-hidden="true">←&nbsp;</span>
      {packagePagesMessages.allPackages}
    </TextLink>
  );
}

/** /packages/:id: photos, facts, description and the planner. */
export default function PackagePage({ aside, below }: PackagePageProps) {
  const { id = '' } = useParams();
  const pkg = usePackage(id);

  if (pkg.isPending) {
    return (
      <div className={shell}>
        <Skeleton layout="card" lines={5} label={packagePagesMessages.loadingPackage} className="max-w-3xl" />
      </div>
    );
  }
  if (pkg.isError) {
    const missing = isApiError(pkg.error) && pkg.error.status === 404;
    return (
      <div className={shell}>
        <DocumentTitle title={missing ? packagesMessages.notFound : packagesMessages.loadDetailsFailed} />
        {missing ? (
          <section className="mx-auto max-w-xl py-10 text-center">
            <h1 className="text-3xl font-bold">{packagesMessages.notFound}</h1>
            <p className="mt-3 text-stone-600">{packagePagesMessages.maybeRemoved}</p>
            <ButtonLink to={paths.packages.getHref()} size="lg" className="mt-8">
              {packagePagesMessages.browseAll}
            </ButtonLink>
          </section>
        ) : (
          <>
            <h1 className="sr-only">{packagesMessages.loadDetailsFailed}</h1>
            <LoadError message={packagesMessages.loadDetailsFailed} onRetry={() => void pkg.refetch()} />
            <p className="mt-4">
              <BackToPackages />
            </p>
          </>
        )}
      </div>
    );
  }

  const data = pkg.data;
  return (
    <div className={shell}>
      <DocumentTitle title={data.title} />
      <BackToPackages />
      <div className="mt-4 grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <article aria-labelledby="package-title" className="min-w-0">
          <h1 id="package-title" className="text-3xl font-extrabold md:text-4xl">
            {data.title}
          </h1>
          <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 text-stone-700">
            <Badge tone="brand">
              {(data.category && categoryName(data.category, LANG)) || packagesMessages.uncategorized}
            </Badge>
            <span className="flex items-center gap-1">
              <svg
                aria-hidden="true"
                viewBox="0 0 24 24"
                className="size-5 text-stone-500"
                fill="currentColor"
              >
                <path d="M12 2a7 7 0 0 0-7 7c0 5.2 7 13 7 13s7-7.8 7-13a7 7 0 0 0-7-7Zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5Z" />
              </svg>
              <span className="sr-only">{controlsMessages.locationPrefix}</span>
              {data.location}
            </span>
            <PackageRating rating={data.rating} />
          </div>
          <PackageGallery
            pkg={data}
            sizes="(min-width: 1152px) 46rem, (min-width: 1024px) 64vw, 100vw"
            className="mt-6 rounded-2xl"
          />
          <h2 className="mt-8 text-2xl font-bold">{packagePagesMessages.about}</h2>
          <p className="mt-3 whitespace-pre-line text-stone-800">{data.description}</p>
          {below?.(data)}
        </article>
        <aside aria-label={packagePagesMessages.priceAndPlanner} className="space-y-6">
          <Card>
            <p className="text-stone-600">{packagePagesMessages.price}</p>
            <p className="text-3xl font-extrabold text-brand-700">{formatKsh(data.price)}</p>
            <CancellationPolicyNote policy={data.cancellationPolicy} className="mt-4" />
            {data.listed ? <ShareButton title={data.title} className="mt-4 w-full" /> : null}
            <h2 className="mt-6 text-lg font-semibold">{packagePagesMessages.yourPlanner}</h2>
            <p className="mt-1 font-medium text-stone-900">{data.planner.username}</p>
            <p>
              <a
                href={`mailto:${data.planner.email}`}
                className="inline-flex min-h-11 items-center break-all text-brand-700 underline"
              >
                {data.planner.email}
              </a>
            </p>
            <ButtonLink
              to={paths.userProfile.getHref(data.planner._id)}
              variant="secondary"
              className="mt-2 w-full"
            >
              {packagePagesMessages.viewPlanner}
            </ButtonLink>
          </Card>
          {/* Only admins and its own planner see a package out of the catalogue; nobody can book it. */}
          {data.listed ? (
            aside?.(data)
          ) : (
            <p role="status" className="rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-900">
              {packagesMessages.notListed}
            </p>
          )}
        </aside>
      </div>
    </div>
  );
}
