import {
  controlsMessages,
  dashboardMessages,
  genericMessages,
  packagePagesMessages,
  packagesMessages,
} from '@sherehe/shared/messages';
import { formatKsh } from '@sherehe/shared/money';
import type { ListPackagesQuery, Package } from '@sherehe/shared/schemas/packages';
import { Link, useSearchParams } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/button';
import { DeleteDialog, useDeletion } from '@/components/ui/delete-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { ListStates, PagedList } from '@/components/ui/list-states';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { useJumpToLastPage } from '@/lib/use-jump-to-last-page';
import { useDeletePackage } from '../api/delete-package';
import { usePackages } from '../api/get-packages';
import { CategoryAndLocation, PackageFact } from '../components/package-facts';
import { PackageImage } from '../components/package-image';

/** Three packages a page on the dashboard (docs/product-spec.md#constants-and-limits). */
export const DASHBOARD_PAGE_SIZE = 3;

function PackageRow({
  pkg,
  showPlanner,
  onDelete,
}: {
  pkg: Package;
  showPlanner: boolean;
  onDelete: () => void;
}) {
  return (
    <article className="flex flex-col gap-4 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:flex-row">
      <PackageImage
        pkg={pkg}
        sizes="(min-width: 640px) 12rem, 100vw"
        className="rounded-xl sm:w-48 sm:shrink-0"
      />
      <div className="flex min-w-0 flex-1 flex-col">
        <h2 className="text-xl font-bold">
          <Link to={paths.packageDetail.getHref(pkg._id)} className="underline-offset-4 hover:underline">
            {pkg.title}
          </Link>
        </h2>
        <dl className="mt-2 grid gap-x-6 gap-y-1 text-stone-700 sm:grid-cols-2">
          <CategoryAndLocation pkg={pkg} />
          <PackageFact label={packagePagesMessages.priceLabel} className="font-semibold text-brand-700">
            {formatKsh(pkg.price)}
          </PackageFact>
          {showPlanner ? (
            <PackageFact label={packagePagesMessages.plannerLabel}>{pkg.planner.username}</PackageFact>
          ) : null}
        </dl>
        {pkg.listed ? null : <p className="mt-2 text-amber-800">{packagesMessages.notListed}</p>}
        <div className="mt-4 flex flex-wrap gap-3 sm:mt-auto sm:pt-4">
          <ButtonLink
            to={paths.dashboard.editPackage.getHref(pkg._id)}
            variant="secondary"
            aria-label={controlsMessages.editNamed(pkg.title)}
          >
            {controlsMessages.edit}
          </ButtonLink>
          <Button variant="danger" onClick={onDelete} aria-label={controlsMessages.deleteNamed(pkg.title)}>
            {controlsMessages.delete}
          </Button>
        </div>
      </div>
    </article>
  );
}

/** /dashboard/packages (docs/product-spec.md#screens-and-routes): an admin manages every package, a planner their own. */
export default function ManagePackagesPage() {
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const isAdmin = user?.role === 'admin';
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const query: ListPackagesQuery = { page, limit: DASHBOARD_PAGE_SIZE };
  if (!isAdmin && user) query.planner = user._id;
  // An admin manages every package, those out of the catalogue included.
  if (isAdmin) query.includeUnlisted = true;
  const packages = usePackages(query, { keepPrevious: true });
  const deletePackage = useDeletePackage();

  useJumpToLastPage(page, packages.data && !packages.isPlaceholderData ? packages.data.pages : null, (last) =>
    setParams(last > 1 ? { page: String(last) } : {}, { replace: true }),
  );

  const deletion = useDeletion({
    send: (pkg: Package) => deletePackage.mutateAsync(pkg._id),
    failureToast: genericMessages.deleteFailed,
  });
  const { target: deleting, ask: setDeleting } = deletion;

  const createPackage = (
    <ButtonLink to={paths.dashboard.createPackage.getHref()}>{packagesMessages.createPackage}</ButtonLink>
  );
  const body = (
    <ListStates
      query={packages}
      loading={<Skeleton layout="list" lines={DASHBOARD_PAGE_SIZE} label={packagesMessages.loading} />}
      loadFailed={packagesMessages.loadFailed}
      isEmpty={(data) => data.packages.length === 0}
      empty={
        <EmptyState
          title={isAdmin ? packagesMessages.noneYet : packagePagesMessages.noneOfYours}
          action={createPackage}
        >
          {packagePagesMessages.noneHint}
        </EmptyState>
      }
    >
      {(data) => (
        <PagedList
          items={data.packages}
          stale={packages.isPlaceholderData}
          page={page}
          pages={data.pages}
          hrefFor={(target) => paths.dashboard.packages.getHref(target > 1 ? { page: target } : {})}
        >
          {(pkg) => <PackageRow pkg={pkg} showPlanner={isAdmin} onDelete={() => setDeleting(pkg)} />}
        </PagedList>
      )}
    </ListStates>
  );

  return (
    <>
      <PageHeader
        title={isAdmin ? dashboardMessages.allPackages : dashboardMessages.myPackages}
        actions={createPackage}
      >
        {isAdmin ? packagePagesMessages.adminIntro : packagePagesMessages.plannerIntro}
      </PageHeader>
      <section aria-label={dashboardMessages.packages} aria-busy={packages.isFetching}>
        {body}
      </section>
      <DeleteDialog deletion={deletion} title={packagePagesMessages.deleteTitle}>
        <p>{packagePagesMessages.deleteConfirm(<strong key="title">{deleting?.title}</strong>)}</p>
      </DeleteDialog>
    </>
  );
}
