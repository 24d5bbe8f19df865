import { MESSAGES } from '@sherehe/shared/messages';
import { EmptyState } from '@/components/ui/empty-state';
import { useSession } from '@/lib/session';
import { DashboardPageHeader } from '../components/dashboard-page-header';

/** Spec §2: admins see all packages, planners their own. The list arrives with the catalogue. */
export default function PackagesPage() {
  const { user } = useSession();
  const isAdmin = user?.role === 'admin';
  return (
    <>
      <DashboardPageHeader title={isAdmin ? MESSAGES.dashboard.allPackages : MESSAGES.dashboard.myPackages}>
        {isAdmin ? 'Every package on the marketplace.' : 'The packages you offer to clients.'}
      </DashboardPageHeader>
      <EmptyState title="Package management is on its way">
        Creating, editing and deleting packages from the dashboard comes in the next update.
      </EmptyState>
    </>
  );
}
