import type { Lang } from '@sherehe/shared/i18n';
import { messagesIn } from '@sherehe/shared/messages-sw';
import type { AuditEvent } from '@sherehe/shared/schemas/audit';
import type { listAuditEvents } from './audit.queries';

type AuditListRow = Awaited<ReturnType<typeof listAuditEvents>>['rows'][number];

/**
 * Who acted: null for the system; a person by username, or "Deleted user" once their account is
 * deleted (the row then names nobody: its actor id is gone, its role stays).
 */
function presentActor(
  actorId: string | null,
  actorRole: string,
  actor: AuditListRow['actor'],
  deletedName: string,
): AuditEvent['actor'] {
  if (actorId === null)
    return actorRole === 'system' ? null : { _id: null, username: deletedName, deleted: true };
  if (!actor || actor.deletedAt !== null) return { _id: actorId, username: deletedName, deleted: true };
  return { _id: actorId, username: actor.username, deleted: false };
}

/** An audit row as admins read it: the actor by username, "Deleted user" once their account is gone. */
export function presentAuditEvent({ event, actor }: AuditListRow, lang: Lang = 'en'): AuditEvent {
  const deletedName = messagesIn(lang).users.deletedName;
  return {
    _id: event.id,
    at: event.at.toISOString(),
    actor: presentActor(event.actorId, event.actorRole, actor, deletedName),
    actorRole: event.actorRole,
    action: event.action,
    subjectType: event.subjectType,
    subjectId: event.subjectId,
    summary: event.summary,
    requestId: event.requestId,
    ip: event.ip,
  };
}
