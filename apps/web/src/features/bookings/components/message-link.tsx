import { profileMessages } from '@sherehe/shared/messages';
import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { useMyBookings } from '../api/get-my-bookings';
import { usePlannerBookings } from '../api/get-planner-bookings';

/**
 * Send Message on a person's profile, shown only when a booking between the signed-in user and
 * them exists: a chat opens with a booking, so it leads to that booking's chat (the latest one).
 * Guests and people with no booking together are offered nothing that would lead nowhere.
 */
export function MessageLink({ personId }: { personId: string }) {
  const { user } = useSession();
  const asPlanner = user?.role === 'planner';
  const query = { with: personId, limit: 1 };
  const mine = useMyBookings(query, { enabled: user !== null && !asPlanner && user._id !== personId });
  const incoming = usePlannerBookings(query, {
    enabled: user !== null && asPlanner && user._id !== personId,
  });
  const latest = (asPlanner ? incoming : mine).data?.bookings[0];
  if (!user || !latest) return null;
  return (
    <ButtonLink
      to={paths.dashboard.bookings.getHref({ with: personId, booking: latest._id })}
      variant="secondary"
    >
      {profileMessages.sendMessage}
    </ButtonLink>
  );
}
