/** The reviews module's front door: what other modules may use of it (docs/modules.md). */
export { eraseReviewsBy } from './reviews.service';
