/** The notification-settings module's front door: what other modules may use of it (docs/modules.md). */
export { recordSmsStop, smsOnForVerifiedPhone, wantsNotice } from './notification-settings.service';
