import { and, asc, count, desc, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client';
import { contactMessages, users } from '../../db/schema';

export type ContactRow = {
  message: typeof contactMessages.$inferSelect;
  user: { id: string; username: string; role: string; locale: string } | null;
  handler: { id: string; username: string } | null;
};

export type ContactState = 'unhandled' | 'handled';

const handlers = alias(users, 'handlers');

function stateWhere(state: ContactState | undefined): SQL | undefined {
  if (state === 'unhandled') return isNull(contactMessages.handledAt);
  if (state === 'handled') return isNotNull(contactMessages.handledAt);
  return undefined;
}

function selectRows(db: Queryable) {
  return db
    .select({
      message: contactMessages,
      user: { id: users.id, username: users.username, role: users.role, locale: users.locale },
      handler: { id: handlers.id, username: handlers.username },
    })
    .from(contactMessages)
    .leftJoin(users, eq(users.id, contactMessages.userId))
    .leftJoin(handlers, eq(handlers.id, contactMessages.handledBy));
}

/** Unhandled messages first, then newest first. */
export function listContactMessages(
  db: Queryable,
  page: { limit: number; offset: number; state?: ContactState | undefined },
): Promise<ContactRow[]> {
  return selectRows(db)
    .where(stateWhere(page.state))
    .orderBy(
      asc(sql`${contactMessages.handledAt} is not null`),
      desc(contactMessages.createdAt),
      desc(contactMessages.id),
    )
    .limit(page.limit)
    .offset(page.offset);
}

export async function countContactMessages(db: Queryable, state?: ContactState) {
  const [row] = await db.select({ n: count() }).from(contactMessages).where(stateWhere(state));
  return row?.n ?? 0;
}

export async function findContactMessage(db: Queryable, id: string): Promise<ContactRow | undefined> {
  const [row] = await selectRows(db).where(eq(contactMessages.id, id));
  return row;
}

/** Marks an open message handled; a handled one keeps who handled it and when. True if it changed. */
export async function markContactHandled(db: Queryable, id: string, adminId: string, at: Date) {
  const rows = await db
    .update(contactMessages)
    .set({ handledAt: at, handledBy: adminId })
    .where(and(eq(contactMessages.id, id), isNull(contactMessages.handledAt)))
    .returning({ id: contactMessages.id });
  return rows.length > 0;
}

/** Stores the answer of a message not answered yet, and marks it handled by its author. True if it changed. */
export async function answerContactMessage(
  db: Queryable,
  id: string,
  adminId: string,
  answer: string,
  at: Date,
) {
  const rows = await db
    .update(contactMessages)
    .set({ answer, handledAt: at, handledBy: adminId })
    .where(and(eq(contactMessages.id, id), isNull(contactMessages.answer)))
    .returning({ id: contactMessages.id });
  return rows.length > 0;
}

export async function insertContactMessage(db: Queryable, values: typeof contactMessages.$inferInsert) {
  const [row] = await db.insert(contactMessages).values(values).returning();
  return row!;
}
