import { formatDate, formatTime } from '@sherehe/shared/dates';
import { jobsMessages } from '@sherehe/shared/messages';
import type { Job } from '@sherehe/shared/schemas/jobs';
import { type ReactNode, useId } from 'react';
import { JobStatusBadge } from './job-status-badge';

interface JobCardProps {
  job: Job;
  /** The Retry button, for a failed job. */
  action?: ReactNode;
}

/** One background job as an admin reads it: what it is for, how often it was tried, and why it failed. */
export function JobCard({ job, action }: JobCardProps) {
  const headingId = useId();
  return (
    <article
      aria-labelledby={headingId}
      className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <header className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <h2 id={headingId} className="min-w-0 text-lg font-bold break-words text-stone-900">
          {job.summary}
        </h2>
        <JobStatusBadge status={job.status} />
      </header>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-stone-800 sm:grid-cols-3">
        <div>
          <dt className="text-sm text-stone-600">{jobsMessages.kind}</dt>
          <dd className="font-mono break-all">{job.kind}</dd>
        </div>
        <div>
          <dt className="text-sm text-stone-600">{jobsMessages.tries}</dt>
          <dd>{jobsMessages.triesOf(job.attempts, job.maxAttempts)}</dd>
        </div>
        <div>
          <dt className="text-sm text-stone-600">{jobsMessages.lastChange}</dt>
          <dd>
            <time dateTime={job.updatedAt}>
              {formatDate(job.updatedAt)}, {formatTime(job.updatedAt)}
            </time>
          </dd>
        </div>
        {job.lastError ? (
          <div className="sm:col-span-3">
            <dt className="text-sm text-stone-600">{jobsMessages.lastError}</dt>
            <dd className="mt-1 rounded-xl bg-red-50 px-3 py-2 font-mono text-sm whitespace-pre-wrap break-words text-red-800">
              {job.lastError}
            </dd>
          </div>
        ) : null}
      </dl>
      {action ? <div className="mt-4">{action}</div> : null}
    </article>
  );
}
