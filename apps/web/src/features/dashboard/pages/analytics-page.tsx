import { EmptyState } from '@/components/ui/empty-state';
import { DashboardPageHeader } from '../components/dashboard-page-header';

export default function AnalyticsPage() {
  return (
    <>
      <DashboardPageHeader title="Analytics">Bookings, revenue and reviews at a glance.</DashboardPageHeader>
      <EmptyState title="Analytics are on their way">
        Overview figures will be shown here in a later update.
      </EmptyState>
    </>
  );
}
