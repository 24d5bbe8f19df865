import type { AuditAction, AuditSubject } from '@sherehe/shared/audit';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/client';
import { auditEvents } from '../../db/schema';

/**
 * Who did an audited thing, and from where: an admin's request (`auditContext(request)`), or the
 * system (a job, a provider's callback: `SYSTEM_AUDIT`).
 */
export interface AuditContext {
  actorId: string | null;
  actorRole: string;
  requestId: string | null;
  ip: string | null;
}

/** The system as the actor: jobs, payment providers' callbacks. */
export const SYSTEM_AUDIT: AuditContext = { actorId: null, actorRole: 'system', requestId: null, ip: null };

/** The signed-in user of a request (the system for a guest's, say a provider's callback), its id and address. */
export function auditContext(request: FastifyRequest): AuditContext {
  const user = request.auth?.user;
  return {
    actorId: user?.id ?? null,
    actorRole: user?.role ?? 'system',
    requestId: request.id,
    ip: request.ip ?? null,
  };
}

export interface AuditRecord {
  action: AuditAction;
  subjectType: AuditSubject;
  subjectId: string | null;
  /** What changed: fields before and after, amounts in cents; ids, never names, passwords or tokens. */
  summary?: Record<string, unknown>;
}

/**
 * Writes one audit row in `tx`, the transaction of the action it records: the action and its row
 * stand or fall together.
 */
export async function recordAudit(tx: Queryable, context: AuditContext, record: AuditRecord): Promise<void> {
  await tx.insert(auditEvents).values({
    actorId: context.actorId,
    actorRole: context.actorRole,
    action: record.action,
    subjectType: record.subjectType,
    subjectId: record.subjectId,
    summary: record.summary ?? {},
    requestId: context.requestId,
    ip: context.ip,
  });
}

/**
 * A deleted user's trail stays, the person anonymised: their id (as the actor or the subject) and the
 * addresses they acted from go, the one change the table's trigger allows (while
 * `sherehe.anonymising` is on, for this transaction only). A row whose actor was a person and is now
 * nobody reads as "Deleted user". Summaries hold ids and amounts, never names or addresses.
 */
export async function anonymiseAuditUser(tx: Queryable, userId: string): Promise<void> {
  await tx.execute(sql`select set_config('sherehe.anonymising', 'on', true)`);
  await tx.execute(sql`update ${auditEvents} set actor_id = null, ip = null where actor_id = ${userId}`);
  await tx.execute(sql`update ${auditEvents} set subject_id = null where subject_id = ${userId}`);
  await tx.execute(sql`select set_config('sherehe.anonymising', 'off', true)`);
}
