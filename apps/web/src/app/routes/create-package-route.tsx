import CreatePackagePage from '@/features/packages/pages/create-package-page';
import { useCategoryChoices } from './use-category-choices';

export default function CreatePackageRoute() {
  return <CreatePackagePage categories={useCategoryChoices()} />;
}
