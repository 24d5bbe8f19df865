// User-facing texts of one domain: the admins' view of background work (mail and the like).

export const jobsMessages = {
  title: 'Background jobs',
  intro:
    'Mail and other work the server does in the background. Failed jobs were tried many times; retry one once the cause is fixed.',
  notFound: 'Job not found.',
  notFailed: 'Only a failed job can be retried.',
  retried: 'The job will run again shortly.',
  retry: 'Retry',
  retrying: 'Retrying...',
  loadFailed: 'Failed to load jobs.',
  noneFailed: 'No failed jobs. Everything the server had to do in the background got done.',
  noneAtAll: 'No jobs.',
} as const;
