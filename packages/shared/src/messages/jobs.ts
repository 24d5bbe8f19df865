// User-facing texts of one domain: the admins' view of background work (mail and the like).

import type { JobStatus } from '../schemas/jobs';

export const jobsMessages = {
  title: 'Background jobs',
  intro:
    'Mail and other work the server does in the background. Failed jobs were tried many times; retry one once the cause is fixed.',
  notFound: 'Job not found.',
  notFailed: 'Only a failed job can be retried.',
  retried: 'The job will run again shortly.',
  retry: 'Retry',
  retrying: 'Retrying...',
  retryFailed: 'Failed to retry the job.',
  loading: 'Loading jobs…',
  loadFailed: 'Failed to load jobs.',
  noneFailed: 'No failed jobs. Everything the server had to do in the background got done.',
  noneAtAll: 'No jobs.',
  noneWithStatus: (status: string) => `No ${status} jobs.`,
  showFailed: 'Show failed jobs',
  listLabel: 'Jobs',
  filterLabel: 'Show',
  allStatuses: 'All jobs',
  statusLabels: {
    failed: 'Failed',
    pending: 'Pending',
    running: 'Running',
    done: 'Done',
  } satisfies Record<JobStatus, string>,
  /** The count above the list: '3 failed jobs, the latest change first.' */
  count: (total: number, status?: string) =>
    `${total} ${status ? `${status} ` : ''}job${total === 1 ? '' : 's'}, the latest change first.`,
  kind: 'Kind',
  tries: 'Tries',
  triesOf: (attempts: number, maxAttempts: number) =>
    `${attempts} of ${maxAttempts} ${maxAttempts === 1 ? 'try' : 'tries'}`,
  lastChange: 'Last change',
  lastError: 'Last error',
  /** A job's title: a mail by its subject and recipient, other work by what it is for. */
  summaryMail: (subject: string, to: string) => `${subject}, to ${to}`,
  summaryFor: (kind: string, email: string) => `${kind} for ${email}`,
  summaryForPayment: (kind: string, paymentId: string) => `${kind} for payment ${paymentId}`,
} as const;
