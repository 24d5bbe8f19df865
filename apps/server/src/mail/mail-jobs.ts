import type { Queryable } from '../db/client';
import type { JobHandler, JobQueue } from '../jobs/job-queue';
import { isDeletedAddress } from '../lib/deleted-accounts';
import type { Mailer, MailMessage } from './mailer';

export const MAIL_JOB = 'mail';

/**
 * Tries for a mail: with the default delays (10 s doubling up to an hour) the last comes about
 * nine hours after the first, so an SMTP server that is down for an evening delays mail, and
 * one that is gone for good shows up among the failed jobs the next morning.
 */
export const MAIL_ATTEMPTS = 15;

/**
 * The mail job's handler (registered with the other kinds in jobs/job-kinds.ts). Mail goes out
 * through the job queue only: an SMTP server that is down delays it, never loses it.
 */
export function mailJob(mailer: Mailer): JobHandler<MailMessage> {
  return {
    maxAttempts: MAIL_ATTEMPTS,
    // A mail to an account deleted meanwhile is dropped, not retried against an address that
    // cannot exist.
    run: async (message) => {
      if (!isDeletedAddress(message.to)) await mailer.send(message);
    },
    // The body may hold a secret link; who got what, and when, is enough afterwards.
    keep: (message) => ({ to: message.to, subject: message.subject }),
  };
}

/**
 * Queues a mail in the caller's transaction; `queue.wake()` after the commit sends it at once. Mail
 * to a deleted account (a refund settled after its client left, say) is not queued at all.
 */
export function queueMail(
  queue: JobQueue,
  db: Queryable,
  message: MailMessage,
  options: { uniqueKey?: string; maxAttempts?: number } = {},
): Promise<string | undefined> {
  if (isDeletedAddress(message.to)) return Promise.resolve(undefined);
  return queue.add(db, { kind: MAIL_JOB, payload: { ...message }, ...options });
}
