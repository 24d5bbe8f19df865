import { z } from 'zod';
import { AUDIT_ACTIONS } from '../audit';
import { alwaysPageCounts, pageQuerySchema, successWith } from './common';

const day = (label: string) =>
  z
    .string({ error: `${label} must be a date (YYYY-MM-DD).` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (YYYY-MM-DD).`)
    .refine(
      (value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)),
      `${label} must be a date (YYYY-MM-DD).`,
    );

/** GET /api/admin/audit: who (a username or a user id), what (an action), when (days in Nairobi, both included). */
export const auditListQuerySchema = pageQuerySchema.extend({
  actor: z
    .string({ error: 'actor must be text.' })
    .trim()
    .min(1)
    .max(100, 'actor is at most 100 characters.')
    .optional(),
  action: z.enum(AUDIT_ACTIONS, { error: 'action must be one of the audit actions.' }).optional(),
  from: day('from').optional(),
  to: day('to').optional(),
});
export type AuditListQuery = z.infer<typeof auditListQuerySchema>;

export const auditEventSchema = z
  .object({
    _id: z.string(),
    at: z.string(),
    /** Null for the system (jobs, payment providers). */
    actor: z
      .object({
        /** Null once the person's account is deleted: the trail keeps no id of theirs. */
        _id: z.string().nullable(),
        /** Their username, or "Deleted user" once their account is deleted. */
        username: z.string(),
        deleted: z.boolean(),
      })
      .nullable(),
    actorRole: z.string(),
    action: z.string(),
    subjectType: z.string(),
    subjectId: z.string().nullable(),
    /** What changed: fields before and after, amounts in cents. */
    summary: z.record(z.string(), z.unknown()),
    requestId: z.string().nullable(),
    ip: z.string().nullable(),
  })
  .meta({ id: 'AuditEvent' });
export type AuditEvent = z.infer<typeof auditEventSchema>;

export const auditListResponseSchema = successWith({
  events: z.array(auditEventSchema),
  ...alwaysPageCounts(),
});
export type AuditListResponse = z.infer<typeof auditListResponseSchema>;
