import { packagePagesMessages, packagesMessages } from '@sherehe/shared/messages';
import { useParams } from 'react-router';
import { ButtonLink } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { usePackage } from '../api/get-package';
import { PackageForm } from '../components/package-form';
import { type CategoryChoices, PackageFormShell } from '../components/package-form-shell';

const TITLE = packagePagesMessages.editTitle;

function Refusal({ message }: { message: string }) {
  return (
    <>
      <PageHeader title={TITLE} />
      <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-red-800">
        <p className="font-medium">{message}</p>
        <ButtonLink to={paths.dashboard.packages.getHref()} variant="secondary" className="mt-4">
          {packagePagesMessages.backToPackages}
        </ButtonLink>
      </div>
    </>
  );
}

/** /dashboard/packages/edit/:id (planner: their own packages; admin: any). */
export default function EditPackagePage({ categories }: { categories: CategoryChoices }) {
  const { id = '' } = useParams();
  const { user } = useSession();
  const pkg = usePackage(id);

  if (pkg.isPending) {
    return (
      <>
        <PageHeader title={TITLE} />
        <Skeleton layout="form" lines={6} label={packagePagesMessages.loadingPackage} />
      </>
    );
  }
  if (pkg.isError) {
    if (isApiError(pkg.error) && pkg.error.status === 404)
      return <Refusal message={packagesMessages.notFound} />;
    return (
      <>
        <PageHeader title={TITLE} />
        <LoadError message={packagesMessages.loadOneFailed} onRetry={() => void pkg.refetch()} />
      </>
    );
  }
  // The server refuses anyway (403); saying so now spares filling in the form.
  if (user?.role === 'planner' && pkg.data.planner._id !== user._id) {
    return <Refusal message={packagesMessages.notYours} />;
  }
  return (
    <PackageFormShell title={TITLE} categories={categories}>
      {(options) => <PackageForm key={pkg.data._id} categories={options} pkg={pkg.data} />}
    </PackageFormShell>
  );
}
