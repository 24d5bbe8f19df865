import { useCategories } from '@/features/categories/api/get-categories';
import type { CategoryChoices } from '@/features/packages/components/package-form-shell';

/** The categories feature's list, in the shape the package form asks for. */
export function useCategoryChoices(): CategoryChoices {
  const categories = useCategories();
  return {
    options: categories.data,
    failed: categories.isError,
    retry: () => void categories.refetch(),
  };
}
