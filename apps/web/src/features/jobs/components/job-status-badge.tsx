import { jobsMessages } from '@sherehe/shared/messages';
import type { JobStatus } from '@sherehe/shared/schemas/jobs';
import type { BadgeTone } from '@/components/ui/badge';
import { StatusBadge } from '@/components/ui/status-badge';

const TONES: Record<JobStatus, BadgeTone> = {
  failed: 'red',
  pending: 'brand',
  running: 'blue',
  done: 'green',
};

export function JobStatusBadge({ status }: { status: JobStatus }) {
  return <StatusBadge tone={TONES[status]}>{jobsMessages.statusLabels[status]}</StatusBadge>;
}
