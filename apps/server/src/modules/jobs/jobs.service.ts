import { MESSAGES } from '@sherehe/shared/messages';
import type { JobStatus } from '@sherehe/shared/schemas/jobs';
import type { Db } from '../../db/client';
import type { JobQueue } from '../../jobs/job-queue';
import { findJob, listJobs, retryFailedJob } from '../../jobs/jobs.queries';
import { AppError } from '../../lib/app-error';
import { pageInfo, pageWindow } from '../../lib/paging';
import { type AuditContext, recordAudit } from '../audit';

const DEFAULT_PAGE_SIZE = 20;

/** GET /api/admin/jobs: one page of jobs, the latest change first. */
export async function listJobsPage(options: {
  db: Db;
  status?: JobStatus | undefined;
  page?: number | undefined;
  limit?: number | undefined;
}) {
  const window = pageWindow(options, { defaultSize: DEFAULT_PAGE_SIZE, alwaysPaged: true });
  const { rows, total } = await listJobs(
    options.db,
    { status: options.status },
    { limit: window.limit, offset: window.offset },
  );
  return { rows, page: pageInfo(window, total) };
}

/** POST /api/admin/jobs/:id/retry: a failed job starts over, once its cause is fixed. */
export async function retryJob({ jobs, id, audit }: { jobs: JobQueue; id: string; audit: AuditContext }) {
  const retried = await jobs.options.db.transaction(async (tx) => {
    const row = await retryFailedJob(tx, id);
    if (row)
      await recordAudit(tx, audit, {
        action: 'job.retried',
        subjectType: 'job',
        subjectId: row.id,
        summary: { kind: row.kind, before: { status: 'failed' }, after: { status: row.status } },
      });
    return row;
  });
  if (!retried) {
    const exists = await findJob(jobs.options.db, id);
    if (!exists) throw new AppError('NOT_FOUND', MESSAGES.jobs.notFound);
    throw new AppError('CONFLICT', MESSAGES.jobs.notFailed);
  }
  jobs.wake();
  return retried;
}
