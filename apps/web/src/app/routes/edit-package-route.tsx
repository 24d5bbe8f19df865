import EditPackagePage from '@/features/packages/pages/edit-package-page';
import { useCategoryChoices } from './use-category-choices';

export default function EditPackageRoute() {
  return <EditPackagePage categories={useCategoryChoices()} />;
}
