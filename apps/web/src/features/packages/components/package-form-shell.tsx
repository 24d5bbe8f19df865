import { categoriesMessages, controlsMessages } from '@sherehe/shared/messages';
import type { Package } from '@sherehe/shared/schemas/packages';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';

/** The categories to choose from, as the route loaded them (they belong to another feature). */
export interface CategoryChoices {
  options: readonly Package['category'][] | undefined;
  failed: boolean;
  retry: () => void;
}

/** Title, then the form once the categories are there (a skeleton meanwhile). */
export function PackageFormShell({
  title,
  categories,
  children,
}: {
  title: string;
  categories: CategoryChoices;
  children: (options: readonly Package['category'][]) => ReactNode;
}) {
  let body: ReactNode;
  if (categories.failed)
    body = <LoadError message={categoriesMessages.loadFailed} onRetry={categories.retry} />;
  else if (!categories.options)
    body = <Skeleton layout="form" lines={6} label={controlsMessages.loadingForm} />;
  else body = <Card className="max-w-3xl">{children(categories.options)}</Card>;
  return (
    <>
      <PageHeader title={title} />
      {body}
    </>
  );
}
