import type { Lang } from '@sherehe/shared/i18n';
import { messagesIn } from '@sherehe/shared/messages-sw';
import type { Job } from '@sherehe/shared/schemas/jobs';
import type { JobRow } from '../../db/schema';

/**
 * A line that says what the job is for, in the reader's language, without a message body or a
 * secret link. A mail's subject stays in the language it was written in (its recipient's).
 */
function summaryOf(job: JobRow, lang: Lang): string {
  const texts = messagesIn(lang).jobs;
  const payload = job.payload;
  const text = (key: string) => (typeof payload[key] === 'string' ? (payload[key] as string) : '');
  if (text('to') && text('subject')) return texts.summaryMail(text('subject'), text('to'));
  if (text('email')) return texts.summaryFor(job.kind, text('email'));
  if (text('smsId') && text('to')) return texts.summaryFor(job.kind, text('to'));
  if (text('paymentId')) return texts.summaryForPayment(job.kind, text('paymentId'));
  return job.kind;
}

export function presentJob(job: JobRow, lang: Lang = 'en'): Job {
  return {
    _id: job.id,
    kind: job.kind,
    status: job.status,
    summary: summaryOf(job, lang),
    attempts: job.attempts,
    maxAttempts: job.maxAttempts,
    lastError: job.lastError,
    runAt: job.runAt.toISOString(),
    createdAt: job.createdAt.toISOString(),
    updatedAt: job.updatedAt.toISOString(),
    completedAt: job.completedAt?.toISOString() ?? null,
  };
}
