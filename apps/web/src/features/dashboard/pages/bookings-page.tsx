import { dashboardMessages } from '@sherehe/shared/messages';
import { EmptyState } from '@/components/ui/empty-state';
import { useSession } from '@/lib/session';
import { DashboardPageHeader } from '../components/dashboard-page-header';

/** Spec §2: clients see their own bookings, planners and admins manage incoming ones. */
export default function BookingsPage() {
  const { user } = useSession();
  const isClient = user?.role === 'client';
  return (
    <>
      <DashboardPageHeader title={isClient ? dashboardMessages.myBookings : dashboardMessages.manageBookings}>
        {isClient ? 'The events you have booked and their status.' : 'Booking requests for your packages.'}
      </DashboardPageHeader>
      <EmptyState title="No bookings yet">
        {isClient
          ? 'When you book a package, it shows up here with its status and a chat with your planner.'
          : 'When a client books one of your packages, the request shows up here for you to accept or decline.'}
      </EmptyState>
    </>
  );
}
