/** The plans module's front door: what other modules may use of it (docs/modules.md). */
export { findPlanHolder, setUserPlanPeriod } from './plan-periods.queries';
export {
  applyPlanPayment,
  PLAN_EXPIRY_JOB,
  PLAN_REMINDER_JOB,
  planExpiryJob,
  planReminderJob,
  schedulePlanPeriod,
} from './plan-periods.service';
export { presentPlan } from './plans.presenter';
export { ensurePlans, findPlan } from './plans.queries';
