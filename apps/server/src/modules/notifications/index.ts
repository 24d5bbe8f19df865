/** The notifications module's front door: what other modules may use of it (docs/modules.md). */
export { noticeBookingRequested, noticeBookingStatus } from './notifications.service';
export {
  smsBookingAnswered,
  smsBookingDeclinedDayFull,
  smsBookingRequested,
  smsPaymentConfirmed,
  smsQuoteAccepted,
  smsQuoteOffered,
} from './sms-notices.service';
