import type { Lang } from '@sherehe/shared/i18n';
import { messagesIn } from '@sherehe/shared/messages-sw';
import type { AuditEvent } from '@sherehe/shared/schemas/audit';
import type { listAuditEvents } from './audit.queries';

type AuditListRow = Awaited<ReturnType<typeof listAuditEvents>>['rows'][number];

/** An audit row as admins read it: the actor by username, "Deleted user" once their account is gone. */
export function presentAuditEvent({ event, actor }: AuditListRow, lang: Lang = 'en'): AuditEvent {
  const deleted = !actor || actor.deletedAt !== null;
  return {
    _id: event.id,
    at: event.at.toISOString(),
    actor: event.actorId
      ? {
          _id: event.actorId,
          username: deleted || !actor ? messagesIn(lang).users.deletedName : actor.username,
          deleted,
        }
      : null,
    actorRole: event.actorRole,
    action: event.action,
    subjectType: event.subjectType,
    subjectId: event.subjectId,
    summary: event.summary,
    requestId: event.requestId,
    ip: event.ip,
  };
}
