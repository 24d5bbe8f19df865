/**
 * The availability module's front door (docs/modules.md): a planner's days, blocked by them or
 * filled by accepted bookings, and the day's lock every request and acceptance takes first
 * (docs/decisions/015). It reads the bookings table, never the bookings module.
 */
export {
  deletePlannerBlocks,
  lockPlannerDay,
  plannerDayLockKey,
  plannerFreeOn,
} from './availability.queries';
export { checkPlannerDay } from './availability.service';
