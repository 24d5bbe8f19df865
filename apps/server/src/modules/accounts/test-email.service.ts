import type { Lang } from '@sherehe/shared/i18n';
import { MESSAGES } from '@sherehe/shared/messages';
import type { JobQueue } from '../../jobs/job-queue';
import { AppError } from '../../lib/app-error';
import { queueMail } from '../../mail/mail-jobs';
import { testMail } from '../../mail/templates';
import { findUserByEmail } from '../users';

/** How long the page waits for the mail server's answer. */
const TEST_EMAIL_WAIT_MS = 20_000;

/**
 * The test email exists to tell whether delivery works, so it is tried once, now, and its outcome
 * is the answer; it still goes through the queue like every mail (a failure shows up for admins).
 */
export async function sendTestEmail({ jobs, email, lang }: { jobs: JobQueue; email: string; lang: Lang }) {
  // In the recipient's language when the address is someone's account, else in the asker's.
  const recipient = await findUserByEmail(jobs.options.db, email.toLowerCase());
  const message = testMail({ to: email, lang: recipient?.user.locale ?? lang });
  const id = await queueMail(jobs, jobs.options.db, message, { maxAttempts: 1 });
  if (!id) throw new Error('the test email was not queued');
  const job = await jobs.runNow(id, TEST_EMAIL_WAIT_MS);
  if (job?.status !== 'done') {
    throw new AppError('MAIL_FAILED', MESSAGES.testEmail.serverFailed, {
      cause: job?.lastError ?? 'no answer from the mail server in time',
    });
  }
}
