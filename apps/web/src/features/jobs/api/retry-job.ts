import type { JobRetriedResponse } from '@sherehe/shared/schemas/jobs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { jobsKey } from './get-jobs';
import { jobsApiPaths } from './jobs-paths';

/** POST /api/admin/jobs/:id/retry (admins): a failed job starts over; 409 when it is not failed. */
export function retryJob(id: string): Promise<JobRetriedResponse> {
  return api.post<JobRetriedResponse>(jobsApiPaths.retry(id));
}

export function useRetryJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryJob,
    // After an error too: a 409 means another admin retried it, so the list on screen is stale.
    // Awaited, so the button stays busy until the list no longer shows the job as failed.
    onSettled: () => queryClient.invalidateQueries({ queryKey: jobsKey }),
  });
}
