import { profileMessages } from '@sherehe/shared/messages';
import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { useMyBookings } from '../api/get-my-bookings';
import { usePlannerBookings } from '../api/get-planner-bookings';
import { EnquiryButton } from './enquiry-button';

/**
 * Send Message on a person's profile. Where a booking (or enquiry) between the signed-in user and
 * them exists, it leads to that booking's chat (the latest one). On a planner's profile, for a
 * client or a guest with none yet, it opens an enquiry (guests sign in first): its chat is where the
 * planner answers. Anyone else is offered nothing that would lead nowhere.
 */
export function MessageLink({ person }: { person: { _id: string; username: string; isPlanner: boolean } }) {
  const personId = person._id;
  const { user } = useSession();
  const asPlanner = user?.role === 'planner';
  const query = { with: personId, limit: 1 };
  const mine = useMyBookings(query, { enabled: user !== null && !asPlanner && user._id !== personId });
  const incoming = usePlannerBookings(query, {
    enabled: user !== null && asPlanner && user._id !== personId,
  });
  const list = asPlanner ? incoming : mine;
  const latest = list.data?.bookings[0];
  if (user && latest) {
    return (
      <ButtonLink
        to={paths.dashboard.bookings.getHref({ with: personId, booking: latest._id })}
        variant="secondary"
      >
        {profileMessages.sendMessage}
      </ButtonLink>
    );
  }
  const mayAsk = person.isPlanner && (!user || (user.role === 'client' && !list.isPending));
  if (!mayAsk) return null;
  return <EnquiryButton planner={person} label={profileMessages.sendMessage} className="w-full" />;
}
