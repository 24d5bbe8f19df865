import { HomePage } from '@/features/home/pages/home-page';
import { FeaturedPackages } from '@/features/packages/components/featured-packages';
import { PlansGrid } from '@/features/plans/components/plans-grid';

/** The home page draws on three features; they meet here, in the app layer, not in each other. */
export default function HomeRoute() {
  return <HomePage plans={<PlansGrid />} featuredPackages={<FeaturedPackages />} />;
}
