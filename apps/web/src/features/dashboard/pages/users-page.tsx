import { EmptyState } from '@/components/ui/empty-state';
import { DashboardPageHeader } from '../components/dashboard-page-header';

export default function UsersPage() {
  return (
    <>
      <DashboardPageHeader title="Users">
        Everyone with an account, their roles and plans.
      </DashboardPageHeader>
      <EmptyState title="User management is on its way">
        Filtering users by role, changing roles and deleting accounts comes in a later update.
      </EmptyState>
    </>
  );
}
