import { jobsMessages } from '@sherehe/shared/messages';
import type { Job } from '@sherehe/shared/schemas/jobs';
import { Button } from '@/components/ui/button';
import { serverMessageOr } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/toast';
import { useRetryJob } from '../api/retry-job';

interface RetryJobButtonProps {
  job: Job;
  /** After a successful retry, once the list has been refreshed (the job has left a failed list). */
  onRetried?: () => void;
}

/**
 * Each button holds its own mutation, so an admin can retry several jobs one after the other
 * without waiting, and each shows its own busy state.
 */
export function RetryJobButton({ job, onRetried }: RetryJobButtonProps) {
  const retry = useRetryJob();

  async function handleClick() {
    if (retry.isPending) return;
    try {
      const reply = await retry.mutateAsync(job._id);
      notifySuccess(reply.message);
      onRetried?.();
    } catch (error) {
      notifyError(serverMessageOr(error, jobsMessages.retryFailed));
    }
  }

  return (
    <Button className="w-full sm:w-auto" disabled={retry.isPending} onClick={() => void handleClick()}>
      {retry.isPending ? jobsMessages.retrying : jobsMessages.retry}
      {/* Every card has a Retry button: the summary tells them apart in a screen reader's list. */}
      <span className="sr-only"> {job.summary}</span>
    </Button>
  );
}
