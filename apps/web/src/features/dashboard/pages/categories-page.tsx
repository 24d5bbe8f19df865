import { MESSAGES } from '@sherehe/shared/messages';
import { EmptyState } from '@/components/ui/empty-state';
import { useSession } from '@/lib/session';
import { DashboardPageHeader } from '../components/dashboard-page-header';

/** DESIGN.md §5: category writes are admin-only; a planner who opens the route sees Access Denied. */
export default function CategoriesPage() {
  const { user } = useSession();
  if (user?.role !== 'admin') {
    return (
      <>
        <DashboardPageHeader title={MESSAGES.routes.accessDeniedTitle} />
        <p className="rounded-2xl border border-red-200 bg-red-50 p-6 text-red-800">
          {MESSAGES.routes.unauthorizedText('admin', user?.role ?? 'guest')}
        </p>
      </>
    );
  }
  return (
    <>
      <DashboardPageHeader title="Categories">The categories packages are filed under.</DashboardPageHeader>
      <EmptyState title="Category management is on its way">
        Adding, renaming and removing categories comes in a later update.
      </EmptyState>
    </>
  );
}
