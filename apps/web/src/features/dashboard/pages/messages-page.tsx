import { EmptyState } from '@/components/ui/empty-state';
import { DashboardPageHeader } from '../components/dashboard-page-header';

export default function MessagesPage() {
  return (
    <>
      <DashboardPageHeader title="Messages">Messages sent through the contact form.</DashboardPageHeader>
      <EmptyState title="No messages to show yet">
        Contact messages will be listed here in a later update.
      </EmptyState>
    </>
  );
}
