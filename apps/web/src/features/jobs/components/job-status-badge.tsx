import { controlsMessages, jobsMessages } from '@sherehe/shared/messages';
import type { JobStatus } from '@sherehe/shared/schemas/jobs';
import { Badge, type BadgeTone } from '@/components/ui/badge';

const TONES: Record<JobStatus, BadgeTone> = {
  failed: 'red',
  pending: 'brand',
  running: 'blue',
  done: 'green',
};

export function JobStatusBadge({ status }: { status: JobStatus }) {
  return (
    <Badge tone={TONES[status]}>
      <span className="sr-only">{controlsMessages.statusPrefix}</span>
      {jobsMessages.statusLabels[status]}
    </Badge>
  );
}
