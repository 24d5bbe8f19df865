import type { AuditListQuery } from '@sherehe/shared/schemas/audit';
import { and, desc, eq, gte, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { auditEvents, users } from '../../db/schema';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The start of a day in Nairobi (UTC+3 all year), as an instant. */
function nairobiDay(day: string, plusDays = 0): Date {
  const start = new Date(`${day}T00:00:00+03:00`);
  start.setUTCDate(start.getUTCDate() + plusDays);
  return start;
}

function filterOf(query: AuditListQuery): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.actor) {
    const byName = sql`${auditEvents.actorId} in (select ${users.id} from ${users} where lower(${users.username}) = lower(${query.actor}) and ${users.deletedAt} is null)`;
    conditions.push(
      UUID.test(query.actor) ? (or(eq(auditEvents.actorId, query.actor), byName) as SQL) : byName,
    );
  }
  if (query.action) conditions.push(eq(auditEvents.action, query.action));
  if (query.from) conditions.push(gte(auditEvents.at, nairobiDay(query.from)));
  if (query.to) conditions.push(lt(auditEvents.at, nairobiDay(query.to, 1)));
  return conditions.length ? and(...conditions) : undefined;
}

/** One page of the audit trail, newest first, each row with its actor's user row (gone once deleted). */
export async function listAuditEvents(
  db: Queryable,
  query: AuditListQuery,
  page: { limit: number; offset: number },
) {
  const where = filterOf(query);
  const [rows, [count]] = await Promise.all([
    db
      .select({
        event: auditEvents,
        actor: { id: users.id, username: users.username, deletedAt: users.deletedAt },
      })
      .from(auditEvents)
      .leftJoin(users, eq(users.id, auditEvents.actorId))
      .where(where)
      .orderBy(desc(auditEvents.at), desc(auditEvents.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(auditEvents).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}
