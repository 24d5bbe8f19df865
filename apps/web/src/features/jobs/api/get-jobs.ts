import type { JobListQuery, JobListResponse } from '@sherehe/shared/schemas/jobs';
import { usePagedList } from '@/lib/use-paged-list';
import { jobsApiPaths } from './jobs-paths';

/** Every job-list query starts with this key, so a retry refreshes them all. */
export const jobsKey = ['jobs'] as const;

/** GET /api/admin/jobs (admins): the latest change first, paged on the server; no status means every job. */
export function useJobs(query: JobListQuery) {
  return usePagedList(
    [...jobsKey, 'list', query],
    jobsApiPaths.list({ ...query }),
    (reply: JobListResponse) => ({
      jobs: reply.jobs,
      total: reply.total,
      pages: Math.max(1, reply.pages),
    }),
  );
}
