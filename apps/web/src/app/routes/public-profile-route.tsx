import { PlannerPackages } from '@/features/packages/components/planner-packages';
import PublicProfilePage from '@/features/profile/pages/public-profile-page';

/** /user/:userId: a planner's profile lists their packages, from the packages feature. */
export default function PublicProfileRoute() {
  return <PublicProfilePage plannerPackages={(plannerId) => <PlannerPackages plannerId={plannerId} />} />;
}
