import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoSecrets } from '../../../test/assertions';
import { injectAs, useTestApp } from '../../../test/build-app';
import { createBookingRow, createPackage, createUser, type TestUser } from '../../../test/factories';
import { form, pngImage } from '../../../test/images';
import {
  chatMessages,
  contactMessages,
  packages,
  passwordResetTokens,
  reviews,
  users,
} from '../../db/schema';

let admin: TestUser;

const t = useTestApp();
beforeAll(async () => {
  admin = await createUser(t.database.db, { role: 'admin', username: 'Main Admin' });
});

describe('GET /api/user', () => {
  it('lists users for admins, filtered by role and searched by name or email, without secrets', async () => {
    await createUser(t.database.db, {
      role: 'planner',
      username: 'Otieno Conferences',
      email: 'otieno@conf.test',
    });
    await createUser(t.database.db, { role: 'client', username: 'Faith Achieng' });
    const all = await injectAs(t, admin, 'GET', '/api/user');
    expect(all.statusCode).toBe(200);
    expectNoSecrets(all.body);
    const planners = await injectAs(t, admin, 'GET', '/api/user?role=planner');
    expect(planners.json().users.every((u: { role: string }) => u.role === 'planner')).toBe(true);
    const byName = await injectAs(t, admin, 'GET', '/api/user?q=otieno');
    expect(byName.json().users.map((u: { email: string }) => u.email)).toEqual(['otieno@conf.test']);
    const byEmail = await injectAs(t, admin, 'GET', '/api/user?q=CONF.TEST');
    expect(byEmail.json().users).toHaveLength(1);
    const paged = await injectAs(t, admin, 'GET', '/api/user?page=1&limit=2');
    expect(paged.json()).toMatchObject({ page: 1, total: expect.any(Number) });
    expect(paged.json().users).toHaveLength(2);
    expect((await injectAs(t, admin, 'GET', '/api/user?role=boss')).statusCode).toBe(400);
  });
});

describe('PATCH /api/user/:id/role', () => {
  it("changes a user's role and ends their sessions at once", async () => {
    const user = await createUser(t.database.db, { role: 'client' });
    const response = await injectAs(t, admin, 'PATCH', `/api/user/${user.id}/role`, { role: 'planner' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: 'Role changed to planner.',
      user: { role: 'planner' },
    });
    expect((await injectAs(t, user, 'GET', '/api/user/data')).statusCode).toBe(401);
  });

  it('refuses an admin changing their own role', async () => {
    const self = await injectAs(t, admin, 'PATCH', `/api/user/${admin.id}/role`, { role: 'client' });
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe('You cannot change or delete your own account here.');
  });

  it('keeps an admin when the last two demote or delete each other at the same moment', async () => {
    const db = t.database.db;
    for (const action of ['demote', 'delete'] as const) {
      await db.update(users).set({ role: 'client' }).where(eq(users.role, 'admin'));
      const a = await createUser(db, { role: 'admin' });
      const b = await createUser(db, { role: 'admin' });
      const act = (actor: TestUser, target: TestUser) =>
        action === 'demote'
          ? injectAs(t, actor, 'PATCH', `/api/user/${target.id}/role`, { role: 'client' })
          : injectAs(t, actor, 'DELETE', `/api/user/${target.id}`);
      const [first, second] = await Promise.all([act(a, b), act(b, a)]);
      const statuses = [first.statusCode, second.statusCode].sort();
      expect(statuses[0], action).toBe(200);
      // The loser is refused: 403 or 409 under the admins' lock, or 401 when the winner's change had
      // already ended the loser's sessions before its request was authenticated (a loaded machine).
      expect([401, 403, 409], action).toContain(statuses[1]);
      const [left] = await t.database.rows<{ n: number }>(
        sql`select count(*)::int as n from users where role = 'admin'`,
      );
      expect(left?.n, action).toBe(1);
    }
    admin = await createUser(db, { role: 'admin', username: 'Main Admin' });
  });
});

describe('DELETE /api/user/:id', () => {
  it('removes a planner with everything of theirs in one go, leaving no row behind and no file', async () => {
    const db = t.database.db;
    const planner = await createUser(db, { role: 'planner', planId: 'enterprise' });
    const client = await createUser(db, { role: 'client' });
    const otherPlanner = await createUser(db, { role: 'planner' });
    // A package with an uploaded image and a profile picture, through the API.
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/packages/create',
      headers: planner.headers,
      payload: form(
        {
          title: 'To be deleted',
          description: 'd',
          price: '10',
          category: (await createPackage(db)).categoryId,
          location: 'Nairobi',
        },
        { bytes: await pngImage() },
      ),
    });
    expect(created.statusCode).toBe(201);
    const packageId = created.json().data._id as string;
    const imageFile = path.join(
      t.dataDir,
      new URL(created.json().data.image).pathname.replace('/uploads/', 'uploads/'),
    );
    const picture = await injectAs(
      t,
      planner,
      'POST',
      '/api/user/profile-picture',
      form({}, { bytes: await pngImage(100, 100) }),
    );
    const pictureFile = path.join(
      t.dataDir,
      new URL(picture.json().user.profilePicture).pathname.replace('/uploads/', 'uploads/'),
    );
    expect(existsSync(imageFile) && existsSync(pictureFile)).toBe(true);

    const booking = await createBookingRow(db, {
      clientId: client.id,
      packageId,
      plannerId: planner.id,
      status: 'completed',
    });
    await db.insert(reviews).values({ packageId, clientId: client.id, rating: 5 });
    await db
      .insert(chatMessages)
      .values({ bookingId: booking.id, senderId: client.id, receiverId: planner.id, content: 'hi' });
    // The planner also booked and reviewed someone else's package, and wrote to support.
    const othersPackage = await createPackage(db, { plannerId: otherPlanner.id });
    await createBookingRow(db, {
      clientId: planner.id,
      packageId: othersPackage.id,
      plannerId: otherPlanner.id,
      status: 'completed',
    });
    await db.insert(reviews).values({ packageId: othersPackage.id, clientId: planner.id, rating: 1 });
    await db.update(packages).set({ ratingAvg: 1, ratingCount: 1 }).where(eq(packages.id, othersPackage.id));
    await db
      .insert(contactMessages)
      .values({ userId: planner.id, name: 'P', email: planner.email, message: 'm' });
    await db
      .insert(passwordResetTokens)
      .values({ userId: planner.id, tokenHash: 'f'.repeat(64), expiresAt: new Date(Date.now() + 60_000) });

    const response = await injectAs(t, admin, 'DELETE', `/api/user/${planner.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'User deleted.' });

    // Every uuid column of every table: nothing still points at the planner, their package or booking.
    const columns = await t.database.rows<{ table_name: string; column_name: string }>(sql`
      select table_name, column_name from information_schema.columns
      where table_schema = 'public' and data_type = 'uuid'`);
    expect(columns.length).toBeGreaterThan(15);
    for (const deletedId of [planner.id, packageId, booking.id]) {
      for (const { table_name, column_name } of columns) {
        const [row] = await t.database.rows<{ n: number }>(
          sql`select count(*)::int as n from ${sql.identifier(table_name)} where ${sql.identifier(column_name)} = ${deletedId}`,
        );
        expect(row?.n, `${table_name}.${column_name} still holds ${deletedId}`).toBe(0);
      }
    }
    // The support message stays, without its sender.
    const [kept] = await db.select().from(contactMessages).where(eq(contactMessages.email, planner.email));
    expect(kept?.userId).toBeNull();
    // The other package's rating no longer counts the deleted review.
    const [other] = await db.select().from(packages).where(eq(packages.id, othersPackage.id));
    expect({ avg: other?.ratingAvg, count: other?.ratingCount }).toEqual({ avg: 0, count: 0 });
    expect(existsSync(imageFile)).toBe(false);
    expect(existsSync(pictureFile)).toBe(false);
    expect((await injectAs(t, planner, 'GET', '/api/user/data')).statusCode).toBe(401);
    const list = await t.app.inject({ method: 'GET', url: `/api/packages?planner=${planner.id}` });
    expect(list.json().data).toEqual([]);
  });

  it('refuses deleting oneself and unknown users', async () => {
    expect((await injectAs(t, admin, 'DELETE', `/api/user/${admin.id}`)).statusCode).toBe(403);
    expect(
      (await injectAs(t, admin, 'DELETE', '/api/user/00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);
  });
});

describe('every admin call', () => {
  it('is refused to guests (401), clients and planners (403), changing nothing', async () => {
    const client = await createUser(t.database.db, { role: 'client' });
    const planner = await createUser(t.database.db, { role: 'planner' });
    const victim = await createUser(t.database.db, { role: 'client' });
    const calls = [
      { method: 'GET' as const, url: '/api/user' },
      { method: 'PATCH' as const, url: `/api/user/${victim.id}/role`, payload: { role: 'admin' } },
      { method: 'DELETE' as const, url: `/api/user/${victim.id}` },
      { method: 'GET' as const, url: '/api/messages' },
    ];
    for (const call of calls) {
      expect((await t.app.inject(call)).statusCode, `${call.method} ${call.url}`).toBe(401);
      for (const user of [client, planner]) {
        expect(
          (await t.app.inject({ ...call, headers: user.headers })).statusCode,
          `${call.method} ${call.url}`,
        ).toBe(403);
      }
    }
    const [row] = await t.database.db.select().from(users).where(eq(users.id, victim.id));
    expect(row?.role).toBe('client');
  });
});
