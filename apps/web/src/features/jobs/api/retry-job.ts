import type { JobRetriedResponse } from '@sherehe/shared/schemas/jobs';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';
import { jobsKey } from './get-jobs';
import { jobsApiPaths } from './jobs-paths';

/** POST /api/admin/jobs/:id/retry (admins): a failed job starts over; 409 when it is not failed. */
export function retryJob(id: string): Promise<JobRetriedResponse> {
  return api.post<JobRetriedResponse>(jobsApiPaths.retry(id));
}

export function useRetryJob() {
  // After an error too: a 409 means another admin retried it, so the list on screen is stale.
  // Awaited, so the button stays busy until the list no longer shows the job as failed.
  return useRefreshingMutation(retryJob, [jobsKey], { settled: true });
}
