import { count, desc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { contactMessages, users } from '../../db/schema';

export type ContactRow = {
  message: typeof contactMessages.$inferSelect;
  user: { id: string; username: string; role: string } | null;
};

export function listContactMessages(
  db: Queryable,
  page: { limit: number; offset: number },
): Promise<ContactRow[]> {
  return db
    .select({ message: contactMessages, user: { id: users.id, username: users.username, role: users.role } })
    .from(contactMessages)
    .leftJoin(users, eq(users.id, contactMessages.userId))
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countContactMessages(db: Queryable) {
  const [row] = await db.select({ n: count() }).from(contactMessages);
  return row?.n ?? 0;
}

export async function insertContactMessage(db: Queryable, values: typeof contactMessages.$inferInsert) {
  const [row] = await db.insert(contactMessages).values(values).returning();
  return row!;
}
