/** The sms module's front door: what other modules may use of it (docs/modules.md). */
export { eraseSmsOf, hadSmsWithin, isOptedOut as isSmsOptedOut } from './sms.queries';
export {
  type QueueSmsInput,
  queueSms,
  SMS_ATTEMPTS,
  SMS_DAILY_LIMIT,
  SMS_REPORT_JOB,
  SMS_SEND_JOB,
  type SmsNotice,
  type SmsRules,
  type SmsSendPayload,
  sendSmsNotice,
  smsDeliveryReportJob,
  smsSendJob,
} from './sms.service';
