import { z } from 'zod';
import { alwaysPageCounts, pageQuerySchema, successMessageWith, successWith } from './common';

export const JOB_STATUSES = ['pending', 'running', 'done', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const jobSchema = z
  .object({
    _id: z.string(),
    /** What the job does: `mail`, `password-reset`, … */
    kind: z.string(),
    status: z.enum(JOB_STATUSES),
    /** For a mail: its recipient and subject; never a message body or a secret link. */
    summary: z.string(),
    attempts: z.number().int(),
    maxAttempts: z.number().int(),
    lastError: z.string().nullable(),
    runAt: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    completedAt: z.string().nullable(),
  })
  .meta({ id: 'Job' });
export type Job = z.infer<typeof jobSchema>;

export const jobListQuerySchema = pageQuerySchema.extend({
  status: z.enum(JOB_STATUSES, { error: 'status must be pending, running, done or failed.' }).optional(),
});
export type JobListQuery = z.infer<typeof jobListQuerySchema>;

export const jobListResponseSchema = successWith({
  jobs: z.array(jobSchema),
  ...alwaysPageCounts(),
});
export type JobListResponse = z.infer<typeof jobListResponseSchema>;

export const jobRetriedResponseSchema = successMessageWith({ job: jobSchema });
export type JobRetriedResponse = z.infer<typeof jobRetriedResponseSchema>;
