/** The calendar module's front door: what other modules may use of it (docs/modules.md). */
export { deleteFeedToken } from './calendar-feed.queries';
export {
  bookingReminderJob,
  REMINDER_JOB,
  scheduleAcceptedReminders,
  scheduleRequestReminder,
} from './reminders.service';
