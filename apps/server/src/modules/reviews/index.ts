/** The reviews module's front door: what other modules may use of it (docs/modules.md). */
export { packagesReviewedOfOthers, refreshPackageRating } from './reviews.queries';
