import { existsSync } from 'node:fs';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/build-app';
import { packages, users } from './schema';
import { bootstrapAdmin, DEMO_PACKAGES, DEMO_PASSWORD, DEMO_USERS, seedDemo } from './seed';

const t = useTestApp();

describe('demo seed', () => {
  it('fills an empty database once: users of every role, packages with generated images', async () => {
    expect(await seedDemo({ db: t.database.db, storage: t.app.storage })).toBe(true);
    const roles = await t.database.db
      .select({ role: users.role, n: count() })
      .from(users)
      .groupBy(users.role);
    const byRole = Object.fromEntries(roles.map((r) => [r.role, r.n]));
    expect(byRole.admin).toBeGreaterThanOrEqual(1);
    expect(byRole.planner).toBeGreaterThanOrEqual(3);
    expect(byRole.client).toBeGreaterThanOrEqual(3);
    const rows = await t.database.db.select().from(packages);
    expect(rows.length).toBeGreaterThanOrEqual(12);
    expect(rows).toHaveLength(DEMO_PACKAGES.length);
    for (const row of rows) {
      expect(row.image).toMatch(/^images\//);
      expect(existsSync(`${t.dataDir}/uploads/${row.image}.webp`)).toBe(true);
      expect(existsSync(`${t.dataDir}/uploads/${row.image}-thumb.webp`)).toBe(true);
    }
    // A second run leaves the data alone.
    expect(await seedDemo({ db: t.database.db, storage: t.app.storage })).toBe(false);
    const [after] = await t.database.db.select({ n: count() }).from(packages);
    expect(after?.n).toBe(DEMO_PACKAGES.length);
  });

  it('lets every demo account log in with the README password, and serves the images', async () => {
    for (const demo of DEMO_USERS) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: demo.email, password: DEMO_PASSWORD },
        remoteAddress: `10.7.0.${DEMO_USERS.indexOf(demo) + 1}`,
      });
      expect(response.statusCode, demo.email).toBe(200);
      expect(response.json().user.role).toBe(demo.role);
    }
    const list = await t.app.inject({ method: 'GET', url: '/api/packages?page=1&limit=1' });
    const image = new URL(list.json().data[0].image);
    expect(image.origin).toBe('http://localhost:3000');
    const file = await t.app.inject({ method: 'GET', url: image.pathname });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(file.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(file.rawPayload.subarray(8, 12).toString('ascii')).toBe('WEBP');
  });
});

describe('ADMIN_EMAIL bootstrap', () => {
  it('creates the admin once and never touches an existing account', async () => {
    const db = t.database.db;
    expect(await bootstrapAdmin({ db, email: 'owner@example.test', password: 'owner-password' })).toBe(true);
    expect(await bootstrapAdmin({ db, email: 'owner@example.test', password: 'another-password' })).toBe(
      false,
    );
    const [row] = await db.select().from(users).where(eq(users.email, 'owner@example.test'));
    expect(row?.role).toBe('admin');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'owner@example.test', password: 'owner-password' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.role).toBe('admin');
  });
});
