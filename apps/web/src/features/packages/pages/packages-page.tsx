import { packagePagesMessages, packagesMessages } from '@sherehe/shared/messages';
import type { Package } from '@sherehe/shared/schemas/packages';
import { type ReactNode, useRef } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { Pagination } from '@/components/ui/pagination';
import { Skeleton } from '@/components/ui/skeleton';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { useJumpToLastPage } from '@/lib/use-jump-to-last-page';
import { usePackages } from '../api/get-packages';
import { PackageFilters } from '../components/package-filters';
import { PackageGrid, packageGridClass } from '../components/package-grid';
import { BROWSE_PAGE_SIZE, toListQuery, useBrowseParams } from '../hooks/use-browse-params';

interface PackagesPageProps {
  /** The category choices (from the categories feature); undefined while they load. */
  categories: readonly Package['category'][] | undefined;
}

/**
 * /packages (docs/product-spec.md#screens-and-routes): search, filters, sort and page live in the URL, so a shared link shows the
 * same results and Back works; the server does the filtering and paging.
 */
export default function PackagesPage({ categories }: PackagesPageProps) {
  const { state, update, hrefForPage } = useBrowseParams();
  const { problems, ...query } = toListQuery(state);
  const packages = usePackages(query, { keepPrevious: true });
  const resultsRef = useRef<HTMLElement>(null);

  const data = packages.data;
  const plannerName = state.planner
    ? (data?.packages[0]?.planner.username ?? packagePagesMessages.thisPlanner)
    : null;
  const title = plannerName ? packagesMessages.byPlanner(plannerName) : packagePagesMessages.browseTitle;
  const filtered = Boolean(
    query.q ||
      query.category ||
      query.location ||
      query.minPrice ||
      query.maxPrice ||
      query.date ||
      query.minRating,
  );

  // With no results at all there is no last page to go to: the page says nothing matched.
  useJumpToLastPage(
    state.page,
    data && !packages.isPlaceholderData && data.total > 0 ? data.pages : null,
    (last) => update({ page: last }, { replace: true }),
  );

  let results: ReactNode;
  if (packages.isPending) {
    results = (
      <Skeleton
        layout="card"
        count={BROWSE_PAGE_SIZE}
        label={packagesMessages.loading}
        className={packageGridClass}
      />
    );
  } else if (packages.isError) {
    // A filter the server refuses (400) says what is wrong with it; anything else is a failure to load.
    const refusal =
      isApiError(packages.error) && packages.error.status === 400 ? packages.error.serverMessage : undefined;
    results = (
      <LoadError message={refusal ?? packagesMessages.loadFailed} onRetry={() => void packages.refetch()} />
    );
  } else if (data && data.packages.length === 0) {
    results = filtered ? (
      <EmptyState title={packagesMessages.noMatches}>{packagePagesMessages.noMatchesHint}</EmptyState>
    ) : (
      <EmptyState title={packagesMessages.noneYet} />
    );
  } else if (data) {
    results = (
      <>
        <PackageGrid packages={data.packages} busy={packages.isPlaceholderData} />
        <Pagination
          className="mt-8"
          page={Math.min(state.page, data.pages)}
          pages={data.pages}
          hrefFor={hrefForPage}
          onNavigate={() => resultsRef.current?.scrollIntoView({ block: 'start' })}
        />
      </>
    );
  }

  const count = data && !packages.isError ? data.total : null;

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 md:py-12">
      <PageHeader title={title}>
        {plannerName ? (
          <TextLink to={paths.packages.getHref()}>{packagePagesMessages.allPlanners}</TextLink>
        ) : (
          packagePagesMessages.browseIntro
        )}
      </PageHeader>
      <PackageFilters state={state} onChange={update} categories={categories} problems={problems} />
      <section
        ref={resultsRef}
        aria-labelledby="package-results"
        aria-busy={packages.isFetching}
        className="mt-8 scroll-mt-24"
      >
        <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
          <h2 id="package-results" className="text-xl font-semibold">
            {packagePagesMessages.results}
          </h2>
          <p aria-live="polite" className="text-stone-600">
            {count === null
              ? ''
              : data?.totalCapped
                ? packagesMessages.foundAtLeast(count)
                : packagePagesMessages.found(count)}
          </p>
        </div>
        {results}
      </section>
    </div>
  );
}
