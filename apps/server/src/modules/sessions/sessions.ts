import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { prepared } from '../../db/prepared';
import { plans, sessions, users } from '../../db/schema';
import { hashToken, newToken } from '../../lib/tokens';

export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** A session is renewed (expiry pushed back to 7 days) at most once a day, not on every request. */
const RENEW_AFTER_MS = 24 * 60 * 60 * 1000;

export async function createSession(
  db: Queryable,
  userId: string,
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await db.insert(sessions).values({ tokenHash: hashToken(token), userId, expiresAt });
  return { token, expiresAt };
}

/** The live session of a token with its user and plan, renewing it when due. */
export function findSession(db: Queryable, token: string) {
  return findSessionByHash(db, hashToken(token));
}

/** The same, from the hash a socket keeps of its session (it never keeps the token). */
export async function findSessionByHash(db: Queryable, tokenHash: string) {
  // Every signed-in request asks this: a prepared statement (db/prepared.ts).
  const [row] = await prepared(db, 'find_session', (on, name) =>
    on
      .select({ session: sessions, user: users, plan: plans })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .innerJoin(plans, eq(plans.id, users.planId))
      .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), gt(sessions.expiresAt, sql`now()`)))
      .limit(1)
      .prepare(name),
  ).execute({ tokenHash });
  if (!row) return undefined;
  let { expiresAt } = row.session;
  let renewed = false;
  if (sessionRenewalDue(expiresAt)) {
    expiresAt = new Date(Date.now() + SESSION_TTL_MS);
    await db.update(sessions).set({ expiresAt }).where(eq(sessions.tokenHash, tokenHash));
    renewed = true;
  }
  return { tokenHash, expiresAt, renewed, user: row.user, plan: row.plan };
}

/** Whether a session expiring at `expiresAt` is due for renewal (it is renewed when next used). */
export function sessionRenewalDue(expiresAt: Date): boolean {
  return expiresAt.getTime() - Date.now() < SESSION_TTL_MS - RENEW_AFTER_MS;
}

/**
 * Which of these sessions still live, with their users (the sockets' periodic check, in one
 * query): by token hash.
 */
export async function liveSessions(
  db: Queryable,
  tokenHashes: string[],
): Promise<
  Map<string, { expiresAt: Date; user: Pick<typeof users.$inferSelect, 'id' | 'username' | 'role'> }>
> {
  if (tokenHashes.length === 0) return new Map();
  const rows = await db
    .select({
      tokenHash: sessions.tokenHash,
      expiresAt: sessions.expiresAt,
      user: { id: users.id, username: users.username, role: users.role },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(inArray(sessions.tokenHash, tokenHashes), gt(sessions.expiresAt, sql`now()`)));
  return new Map(rows.map(({ tokenHash, ...live }) => [tokenHash, live]));
}

export async function deleteSession(db: Queryable, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

/** Ends every session of a user: after a password reset, a role change or a deletion. */
export async function deleteUserSessions(db: Queryable, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function deleteExpiredSessions(db: Queryable): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`));
}
