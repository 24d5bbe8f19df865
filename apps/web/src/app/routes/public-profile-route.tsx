import { MessageLink } from '@/features/bookings/components/message-link';
import { PlannerPackages } from '@/features/packages/components/planner-packages';
import PublicProfilePage from '@/features/profile/pages/public-profile-page';
import { PlannerReviews } from '@/features/reviews/components/planner-reviews';

/**
 * /user/:userId: a planner's profile lists their packages and reviews, from those features; Send
 * Message (the bookings feature's) appears where a booking with the person exists.
 */
export default function PublicProfileRoute() {
  return (
    <PublicProfilePage
      plannerPackages={(plannerId) => <PlannerPackages plannerId={plannerId} />}
      plannerReviews={(plannerId, plannerName) => (
        <PlannerReviews plannerId={plannerId} plannerName={plannerName} />
      )}
      message={(personId) => <MessageLink personId={personId} />}
    />
  );
}
