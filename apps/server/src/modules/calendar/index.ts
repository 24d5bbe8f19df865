/** The calendar module's front door: what other modules may use of it (docs/modules.md). */
export { lockPlannerDay } from './availability.queries';
export { checkPlannerDay, claimPlannerDay, declineRestOfDay } from './availability.service';
export { deleteFeedToken } from './calendar-feed.queries';
export {
  bookingReminderJob,
  REMINDER_JOB,
  scheduleAcceptedReminders,
  scheduleRequestReminder,
} from './reminders.service';
