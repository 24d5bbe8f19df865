import { count } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { injectAs, useTestApp } from '../../../test/build-app';
import { createUser, type TestUser } from '../../../test/factories';
import { contactMessages } from '../../db/schema';

let admin: TestUser;

const t = useTestApp();
beforeAll(async () => {
  admin = await createUser(t.database.db, { role: 'admin' });
});

const body = { name: 'Achieng', email: 'achieng@example.test', message: 'Can you help me choose a planner?' };

function send(user: TestUser | undefined, payload: Record<string, unknown> = body) {
  return t.app.inject({ method: 'POST', url: '/api/messages', headers: user?.headers ?? {}, payload });
}

async function stored() {
  const [row] = await t.database.db.select({ n: count() }).from(contactMessages);
  return row?.n ?? 0;
}

describe('contact messages', () => {
  it('takes a message from a logged-in client or planner and shows it to admins, newest first', async () => {
    const client = await createUser(t.database.db, { username: 'Achieng' });
    const vip = await createUser(t.database.db, {
      role: 'planner',
      planId: 'enterprise',
      username: 'VIP Planner',
    });
    const first = await send(client);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      success: true,
      message: 'Message sent successfully! We will get back to you soon.',
      data: { name: 'Achieng', priority: false, user: { _id: client.id } },
    });
    expect((await send(vip, { ...body, name: 'VIP' })).statusCode).toBe(201);
    const list = await injectAs(t, admin, 'GET', '/api/messages');
    expect(list.statusCode).toBe(200);
    expect(
      list.json().messages.map((m: { name: string; priority: boolean }) => [m.name, m.priority]),
    ).toEqual([
      ['VIP', true],
      ['Achieng', false],
    ]);
    const paged = await injectAs(t, admin, 'GET', '/api/messages?page=2&limit=1');
    expect(paged.json()).toMatchObject({ total: 2, page: 2, pages: 2 });
    expect(paged.json().messages[0].name).toBe('Achieng');
  });

  it('refuses guests (401) and admins (403, the specification’s text), with the text in `error` too', async () => {
    const before = await stored();
    const guest = await send(undefined);
    expect(guest.statusCode).toBe(401);
    expect(guest.json().error).toBe(guest.json().message);
    const byAdmin = await send(admin);
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json()).toMatchObject({
      success: false,
      message: 'Admins are not allowed to send messages via this form.',
      error: 'Admins are not allowed to send messages via this form.',
    });
    expect(await stored()).toBe(before);
  });

  it('validates the fields', async () => {
    const client = await createUser(t.database.db);
    const before = await stored();
    for (const payload of [
      {},
      { ...body, email: 'nope' },
      { ...body, message: '   ' },
      { ...body, message: 'x'.repeat(5001) },
    ]) {
      const response = await send(client, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual(expect.any(String));
    }
    expect(await stored()).toBe(before);
  });

  it('lets only admins read messages', async () => {
    const client = await createUser(t.database.db);
    const planner = await createUser(t.database.db, { role: 'planner' });
    expect((await t.app.inject({ method: 'GET', url: '/api/messages' })).statusCode).toBe(401);
    for (const user of [client, planner]) {
      expect((await injectAs(t, user, 'GET', '/api/messages')).statusCode).toBe(403);
    }
  });

  it('limits how many messages one person sends', async () => {
    const client = await createUser(t.database.db);
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/messages',
        headers: client.headers,
        payload: body,
        remoteAddress: '10.50.0.1',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });
});
