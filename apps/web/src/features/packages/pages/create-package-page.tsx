import { PackageForm } from '../components/package-form';
import { type CategoryChoices, PackageFormShell } from '../components/package-form-shell';

/** /dashboard/packages/create (planner, admin). */
export default function CreatePackagePage({ categories }: { categories: CategoryChoices }) {
  return (
    <PackageFormShell title="Create Package" categories={categories}>
      {(options) => <PackageForm categories={options} />}
    </PackageFormShell>
  );
}
