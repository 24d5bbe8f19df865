import { useCategories } from '@/features/categories/api/get-categories';
import PackagesPage from '@/features/packages/pages/packages-page';

/** /packages: the browse page offers the categories of the categories feature. */
export default function PackagesRoute() {
  const categories = useCategories();
  return <PackagesPage categories={categories.data} />;
}
