import { MESSAGES } from '@sherehe/shared/messages';
import type { Role } from '@sherehe/shared/roles';
import type { listUsersQuerySchema } from '@sherehe/shared/schemas/users';
import type { z } from 'zod';
import type { Db, Queryable } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { raiseDomainEvent } from '../../events/domain-events';
import { AppError } from '../../lib/app-error';
import { pageInfo, pageWindow } from '../../lib/paging';
import { type AuditContext, recordAudit } from '../audit';
import { countUsers, findUserWithPlan, listUsers, lockAdminIds, lockUser, updateUser } from './users.queries';

type Actor = Pick<UserRow, 'id' | 'role'>;

const DEFAULT_PAGE_SIZE = 20;

/** GET /api/user: users with their plans, newest first, by role and part of the name or email. */
export async function listUsersPage({ db, query }: { db: Db; query: z.output<typeof listUsersQuerySchema> }) {
  const { role, q } = query;
  const window = pageWindow(query, { defaultSize: DEFAULT_PAGE_SIZE });
  const [rows, total] = await Promise.all([
    listUsers(db, { role, q }, { limit: window.limit, offset: window.offset }),
    window.paged ? countUsers(db, { role, q }) : undefined,
  ]);
  return { rows, page: total === undefined ? undefined : pageInfo(window, total) };
}

/**
 * Locks every admin row, always in the same order, and checks the actor is still one of them.
 * Two admins acting on each other at once then queue up instead of both passing the last-admin
 * check (or deadlocking), and an admin demoted a moment ago can no longer act.
 */
async function lockAdmins(db: Queryable, actorId: string): Promise<string[]> {
  const ids = await lockAdminIds(db);
  if (!ids.includes(actorId)) throw new AppError('FORBIDDEN', MESSAGES.generic.forbidden);
  return ids;
}

/**
 * PATCH /api/user/:id/role. Not one's own role; never the last admin; their sessions and their
 * calendar-feed address end.
 */
export async function changeRole({
  db,
  actor,
  userId,
  role,
  audit,
}: {
  db: Db;
  actor: Actor;
  userId: string;
  role: Role;
  audit: AuditContext;
}) {
  if (userId === actor.id) throw new AppError('FORBIDDEN', MESSAGES.users.notYourself);
  await db.transaction(async (tx) => {
    const admins = await lockAdmins(tx, actor.id);
    const user = await lockUser(tx, userId);
    if (!user) throw new AppError('NOT_FOUND', MESSAGES.users.notFound);
    if (user.role === role) return;
    if (user.role === 'admin' && admins.filter((id) => id !== userId).length === 0) {
      throw new AppError('CONFLICT', MESSAGES.users.lastAdmin);
    }
    await updateUser(tx, userId, { role });
    await recordAudit(tx, audit, {
      action: 'user.role_changed',
      subjectType: 'user',
      subjectId: userId,
      summary: { before: { role: user.role }, after: { role } },
    });
    await raiseDomainEvent(tx, 'user.accessRevoked', { userId });
  });
  const updated = await findUserWithPlan(db, userId);
  if (!updated) throw new AppError('NOT_FOUND', MESSAGES.users.notFound);
  return updated;
}
