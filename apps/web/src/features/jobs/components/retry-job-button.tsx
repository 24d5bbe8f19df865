import { jobsMessages } from '@sherehe/shared/messages';
import type { Job } from '@sherehe/shared/schemas/jobs';
import { Button } from '@/components/ui/button';
import { useFormSubmit } from '@/lib/use-form-submit';
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

  const { submit, busy } = useFormSubmit({
    send: retry.mutateAsync,
    successToast: (reply) => reply.message,
    failureToast: jobsMessages.retryFailed,
    onSuccess: onRetried,
  });

  return (
    <Button className="w-full sm:w-auto" disabled={busy} onClick={() => void submit(job._id)}>
      {busy ? jobsMessages.retrying : jobsMessages.retry}
      {/* Every card has a Retry button: the summary tells them apart in a screen reader's list. */}
      <span className="sr-only"> {job.summary}</span>
    </Button>
  );
}
