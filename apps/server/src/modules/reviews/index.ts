/** The reviews module's front door: what other modules may use of it (docs/modules.md). */
export { REVIEW_ASK_JOB, reviewAskJob, scheduleReviewAsk } from './review-ask';
export { eraseReviewsBy } from './reviews.service';
