import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/db';
import { createBookingRow, createPackage, createUser } from '../../../test/factories';
import { countStatements } from '../../../test/round-trips';
import type { Database } from '../../db/client';
import { chatMessages } from '../../db/schema';
import { insertMessageInBatch } from './chat.queries';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

async function booking() {
  const db = database.db;
  const client = await createUser(db, { role: 'client' });
  const planner = await createUser(db, { role: 'planner' });
  const pkg = await createPackage(db, { plannerId: planner.id });
  const row = await createBookingRow(db, { clientId: client.id, packageId: pkg.id, plannerId: planner.id });
  return { id: row.id, client: client.id, planner: planner.id };
}

describe('sends stored in one batch', () => {
  it('answer each send as it would be alone, and keep the order they were sent in', async () => {
    const a = await booking();
    const b = await booking();
    const db = database.db;
    const send = (
      bookingId: string,
      senderId: string,
      receiverId: string,
      content: string,
      clientId?: string,
    ) => insertMessageInBatch(db, { bookingId, senderId, receiverId, content, clientId: clientId ?? null });
    // All in one turn of the event loop: one statement.
    let results: Awaited<ReturnType<typeof send>>[] = [];
    const statements = await countStatements(database, async () => {
      results = await Promise.all([
        send(a.id, a.client, a.planner, 'first'),
        send(b.id, b.planner, b.client, 'other booking'),
        send(a.id, a.planner, a.client, 'second', 'resend-1'),
        send(a.id, a.planner, a.client, 'second again', 'resend-1'),
        send(a.id, b.client, a.planner, 'not a party'),
        send('00000000-0000-4000-8000-000000000000', a.client, a.planner, 'no booking'),
        send(a.id, a.client, a.planner, 'third'),
      ]);
    });
    expect(statements).toBe(1);
    expect(results.map((r) => r.message?.content)).toEqual([
      'first',
      'other booking',
      'second',
      undefined,
      undefined,
      undefined,
      'third',
    ]);
    expect(results[1]?.booking).toMatchObject({ id: b.id, clientId: b.client, plannerId: b.planner });
    expect(results[3]?.booking?.id).toBe(a.id);
    expect(results[4]?.booking?.id).toBe(a.id);
    expect(results[5]).toEqual({});
    const stored = await db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.bookingId, a.id))
      .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id));
    expect(stored.map((m) => m.content)).toEqual(['first', 'second', 'third']);
    expect(stored[1]).toMatchObject({ senderId: a.planner, receiverId: a.client, clientId: 'resend-1' });
  });
});
