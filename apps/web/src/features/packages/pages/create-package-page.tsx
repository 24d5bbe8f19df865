import { dashboardMessages, packagePagesMessages, packagesMessages } from '@sherehe/shared/messages';
import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { usePackages } from '../api/get-packages';
import { PackageForm } from '../components/package-form';
import { type CategoryChoices, PackageFormShell } from '../components/package-form-shell';

/**
 * /dashboard/packages/create (planner, admin). A planner whose plan is already full hears it
 * before filling the form (the server still decides on submit: plan limits are its rules).
 */
export default function CreatePackagePage({ categories }: { categories: CategoryChoices }) {
  const { user, isChecking } = useSession();
  const max = user?.role === 'planner' ? user.plan.features.maxPackages : null;
  const mine = usePackages(
    { planner: user?._id ?? '', page: 1, limit: 1 },
    { enabled: max !== null && Boolean(user) },
  );

  if (max !== null && mine.data && mine.data.total >= max) {
    return (
      <>
        <PageHeader title={packagesMessages.createPackage} />
        <Card className="max-w-3xl">
          <div role="alert" className="rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-900">
            <p className="font-medium">{packagesMessages.limitReached(max)}</p>
          </div>
          <div className="mt-4 flex flex-wrap gap-3">
            <ButtonLink to={paths.pricing.getHref()}>{packagesMessages.viewPricingPlans}</ButtonLink>
            <ButtonLink to={paths.dashboard.packages.getHref()} variant="secondary">
              {packagePagesMessages.backTo(dashboardMessages.myPackages)}
            </ButtonLink>
          </div>
        </Card>
      </>
    );
  }

  // A limited planner's form waits for the count (a form that turns into the prompt while being
  // filled would lose what was typed); if the count cannot be had, the form shows.
  const waiting = isChecking || (max !== null && mine.isPending && mine.failureCount === 0);
  return (
    <PackageFormShell
      title={packagesMessages.createPackage}
      categories={waiting ? { ...categories, options: undefined } : categories}
    >
      {(options) => <PackageForm categories={options} />}
    </PackageFormShell>
  );
}
