import type { Job } from '@sherehe/shared/schemas/jobs';
import type { JobRow } from '../../db/schema';

/** A line that says what the job is for, without a message body or a secret link. */
function summaryOf(job: JobRow): string {
  const payload = job.payload;
  const text = (key: string) => (typeof payload[key] === 'string' ? (payload[key] as string) : '');
  if (text('to') && text('subject')) return `${text('subject')}, to ${text('to')}`;
  if (text('email')) return `${job.kind} for ${text('email')}`;
  if (text('paymentId')) return `${job.kind} for payment ${text('paymentId')}`;
  return job.kind;
}

export function presentJob(job: JobRow): Job {
  return {
    _id: job.id,
    kind: job.kind,
    status: job.status,
    summary: summaryOf(job),
    attempts: job.attempts,
    maxAttempts: job.maxAttempts,
    lastError: job.lastError,
    runAt: job.runAt.toISOString(),
    createdAt: job.createdAt.toISOString(),
    updatedAt: job.updatedAt.toISOString(),
    completedAt: job.completedAt?.toISOString() ?? null,
  };
}
