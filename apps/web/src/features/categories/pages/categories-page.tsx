import {
  categoriesMessages,
  controlsMessages,
  dashboardMessages,
  genericMessages,
  routesMessages,
} from '@sherehe/shared/messages';
import type { Category } from '@sherehe/shared/schemas/categories';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DeleteDialog, useDeletion } from '@/components/ui/delete-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { ListStates } from '@/components/ui/list-states';
import { Modal } from '@/components/ui/modal';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { TitledSection } from '@/components/ui/titled-section';
import { useSession } from '@/lib/session';
import { useCreateCategory } from '../api/create-category';
import { useDeleteCategory } from '../api/delete-category';
import { useCategories } from '../api/get-categories';
import { useUpdateCategory } from '../api/update-category';
import { CategoryForm } from '../components/category-form';

/** Category writes are admin-only (the server refuses others); a planner who opens the route sees Access Denied. */
export default function CategoriesPage() {
  const { user } = useSession();
  if (user?.role !== 'admin') {
    return (
      <>
        <PageHeader title={routesMessages.accessDeniedTitle} />
        <p className="rounded-2xl border border-red-200 bg-red-50 p-6 text-red-800">
          {routesMessages.unauthorizedText('admin', user?.role ?? 'guest')}
        </p>
      </>
    );
  }
  return <ManageCategories />;
}

function ManageCategories() {
  const categories = useCategories();
  const createCategory = useCreateCategory();
  const updateCategory = useUpdateCategory();
  const deleteCategory = useDeleteCategory();
  const [editing, setEditing] = useState<Category | null>(null);

  const deletion = useDeletion({
    send: (category: Category) => deleteCategory.mutateAsync(category._id),
    // 409 when packages still use it: the server says so.
    failureToast: genericMessages.deleteFailed,
  });
  const { target: deleting, ask: setDeleting } = deletion;

  const list = (
    <ListStates
      query={categories}
      loading={<Skeleton layout="list" lines={4} label={categoriesMessages.loading} />}
      loadFailed={categoriesMessages.loadFailed}
      isEmpty={(data) => data.length === 0}
      empty={<EmptyState title={categoriesMessages.noneYet}>{categoriesMessages.noneYetHint}</EmptyState>}
    >
      {(data) => (
        <ul className="divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white">
          {data.map((category) => (
            <li key={category._id} className="flex flex-wrap items-start justify-between gap-3 p-4 sm:p-5">
              <div className="min-w-0 flex-1">
                <h3 className="text-lg font-semibold">{category.name}</h3>
                {category.nameSw ? (
                  <p className="text-sm text-stone-600">
                    {categoriesMessages.inKiswahili} <span lang="sw">{category.nameSw}</span>
                  </p>
                ) : null}
                {category.description ? <p className="mt-1 text-stone-700">{category.description}</p> : null}
              </div>
              <div className="flex gap-2">
                <Button
                  variant="secondary"
                  onClick={() => setEditing(category)}
                  aria-label={controlsMessages.editNamed(category.name)}
                >
                  {controlsMessages.edit}
                </Button>
                <Button
                  variant="danger"
                  onClick={() => setDeleting(category)}
                  aria-label={controlsMessages.deleteNamed(category.name)}
                >
                  {controlsMessages.delete}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </ListStates>
  );

  return (
    <>
      <PageHeader title={dashboardMessages.categories}>{categoriesMessages.intro}</PageHeader>
      <Card className="mb-8">
        <h2 className="mb-4 text-xl font-semibold">{categoriesMessages.addTitle}</h2>
        <CategoryForm
          submitLabel={categoriesMessages.add}
          onSubmit={(body) => createCategory.mutateAsync(body)}
          failureText={genericMessages.createFailed}
          resetOnSuccess
        />
      </Card>
      <TitledSection
        id="category-list"
        title={categoriesMessages.listTitle}
        titleClassName="mb-4 text-xl font-semibold"
      >
        {list}
      </TitledSection>
      <Modal open={editing !== null} onClose={() => setEditing(null)} title={categoriesMessages.editTitle}>
        {editing ? (
          <CategoryForm
            key={editing._id}
            initial={{ name: editing.name, nameSw: editing.nameSw, description: editing.description }}
            submitLabel={controlsMessages.saveChanges}
            onSubmit={(body) => updateCategory.mutateAsync({ id: editing._id, body })}
            failureText={genericMessages.updateFailed}
            onSaved={() => setEditing(null)}
            onCancel={() => setEditing(null)}
          />
        ) : null}
      </Modal>
      <DeleteDialog deletion={deletion} title={categoriesMessages.deleteTitle}>
        {deleting ? (
          <p>{categoriesMessages.deleteConfirm(<strong key="name">{deleting.name}</strong>)}</p>
        ) : null}
      </DeleteDialog>
    </>
  );
}
