import { useSession } from '@/lib/session';
import { useUnreadSummary } from '../api/get-unread-summary';
import { UnreadBadge } from './unread-badge';

/** The unread total on the dashboard's Bookings entry (docs/product-spec.md#screens-and-routes), kept current by notifications. */
export function BookingsUnreadBadge() {
  const { isLoggedIn } = useSession();
  const summary = useUnreadSummary({ enabled: isLoggedIn });
  return <UnreadBadge count={summary.data?.total ?? 0} />;
}
