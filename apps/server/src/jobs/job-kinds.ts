import type { FastifyInstance } from 'fastify';
import { BACKUP_JOB, backupJob } from '../backup/backup-job';
import { MAIL_JOB, mailJob } from '../mail/mail-jobs';
import { PASSWORD_RESET_JOB, passwordResetJob } from '../modules/accounts';
import { ATTACHMENT_EXPIRE_JOB, attachmentExpireJob } from '../modules/attachments';
import { QUOTE_EXPIRY_JOB, quoteExpiryJob, quoteNotifier } from '../modules/bookings';
import { bookingReminderJob, REMINDER_JOB } from '../modules/calendar';
import { CHAT_UNREAD_SMS_JOB, chatUnreadSmsJob } from '../modules/chat';
import { REFUND_JOB, REFUND_STATUS_JOB, refundJob, refundStatusJob } from '../modules/ledger';
import {
  PAYMENT_RECEIPT_MAIL_JOB,
  PAYMENT_RECONCILE_JOB,
  paymentReceiptMailJob,
  paymentReconcileJob,
} from '../modules/payments';
import { PLAN_EXPIRY_JOB, PLAN_REMINDER_JOB, planExpiryJob, planReminderJob } from '../modules/plans';
import { REVIEW_ASK_JOB, reviewAskJob } from '../modules/reviews';
import { SMS_REPORT_JOB, SMS_SEND_JOB, smsDeliveryReportJob, smsSendJob } from '../modules/sms';
import { RENDER_AHEAD_JOB, RENDER_FILL_JOB, renderAheadJob, renderFillJob } from '../plugins/stored-pages';
import { createSmsClient } from '../sms/africas-talking-client';

/**
 * Every kind of job the app runs, wired to its handler in this one place. Each module owns its
 * handlers and the name of its kinds (beside the code that adds such jobs); buildApp calls this once,
 * before any route is registered, so a job added by any path finds its handler in every process.
 * A new kind of work is a handler exported by its module and one line here.
 */
export function registerJobKinds(app: FastifyInstance): void {
  const { jobs, config } = app;
  const { publicUrl } = config;
  jobs.register(MAIL_JOB, mailJob(app.mailer));
  // Text messages through Africa's Talking (or its simulator); with SMS off they are marked failed.
  // Quiet hours and the daily limit are checked again at each try.
  jobs.register(
    SMS_SEND_JOB,
    smsSendJob({ db: app.db, client: createSmsClient(config.sms), jobs, quietHours: config.sms.quietHours }),
  );
  // A delivery report that came before its message's id was recorded.
  jobs.register(SMS_REPORT_JOB, smsDeliveryReportJob({ db: app.db }));
  jobs.register(ATTACHMENT_EXPIRE_JOB, attachmentExpireJob({ db: app.db, store: app.attachmentStore }));
  jobs.register(PASSWORD_RESET_JOB, passwordResetJob({ db: app.db, publicUrl, mailer: app.mailer }));
  jobs.register(
    REMINDER_JOB,
    bookingReminderJob(jobs, {
      db: app.db,
      publicUrl,
      // With payments off nobody is asked to pay, so nobody is reminded to.
      paymentsOn: config.payments.mode !== 'off',
    }),
  );
  // A chat message left unread 10 minutes: its receiver's SMS.
  jobs.register(CHAT_UNREAD_SMS_JOB, chatUnreadSmsJob(jobs, { db: app.db, publicUrl }));
  // Offers left unanswered lapse; both parties are told.
  jobs.register(
    QUOTE_EXPIRY_JOB,
    quoteExpiryJob({ db: app.db, jobs, publicUrl, notify: quoteNotifier(app) }),
  );
  // The end of paid periods and their reminders.
  const plans = { db: app.db, jobs, mailer: app.mailer, publicUrl, log: app.log };
  jobs.register(PLAN_EXPIRY_JOB, planExpiryJob(plans));
  jobs.register(PLAN_REMINDER_JOB, planReminderJob(plans));
  // A completed booking's client asked for a review the next morning.
  jobs.register(REVIEW_ASK_JOB, reviewAskJob(jobs, { db: app.db, publicUrl }));
  // Payments and refunds with the app's one set of payment providers.
  jobs.register(PAYMENT_RECONCILE_JOB, paymentReconcileJob(app.paymentDeps));
  jobs.register(PAYMENT_RECEIPT_MAIL_JOB, paymentReceiptMailJob(app.paymentDeps));
  jobs.register(REFUND_JOB, refundJob(app.paymentDeps));
  jobs.register(REFUND_STATUS_JOB, refundStatusJob(app.paymentDeps));
  // Guests' pages rendered again after a write (docs/decisions/023).
  jobs.register(RENDER_AHEAD_JOB, renderAheadJob(app));
  // The pages not stored yet, rendered a few at a time (STORED_PAGES_FILL).
  jobs.register(RENDER_FILL_JOB, renderFillJob(app));
  // The nightly backup, keeping the newest BACKUP_KEEP archives (docs/operations.md#backups).
  jobs.register(BACKUP_JOB, backupJob({ config, database: app.database, jobs, log: app.log }));
}
