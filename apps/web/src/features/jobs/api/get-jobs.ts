import type { JobListQuery, JobListResponse } from '@sherehe/shared/schemas/jobs';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { jobsApiPaths } from './jobs-paths';

/** Every job-list query starts with this key, so a retry refreshes them all. */
export const jobsKey = ['jobs'] as const;

/** GET /api/admin/jobs (admins): the latest change first, paged on the server; no status means every job. */
export function getJobs(query: JobListQuery, signal?: AbortSignal): Promise<JobListResponse> {
  return api.get<JobListResponse>(jobsApiPaths.list({ ...query }), signal);
}

export function jobsQueryOptions(query: JobListQuery) {
  return queryOptions({
    queryKey: [...jobsKey, 'list', query],
    queryFn: ({ signal }) => getJobs(query, signal),
    select: (reply) => ({ jobs: reply.jobs, total: reply.total, pages: Math.max(1, reply.pages) }),
  });
}

/** The page on screen stays while the next one (or another status) loads. */
export function useJobs(query: JobListQuery) {
  return useQuery({ ...jobsQueryOptions(query), placeholderData: keepPreviousData });
}
