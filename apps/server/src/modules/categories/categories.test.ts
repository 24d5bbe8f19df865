import { count } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { injectAs, useTestApp } from '../../../test/build-app';
import { createCategory, createPackage, createUser, type TestUser } from '../../../test/factories';
import { categories } from '../../db/schema';

let admin: TestUser;
let planner: TestUser;
let client: TestUser;

const t = useTestApp();
beforeAll(async () => {
  admin = await createUser(t.database.db, { role: 'admin' });
  planner = await createUser(t.database.db, { role: 'planner' });
  client = await createUser(t.database.db, { role: 'client' });
});

async function categoryCount() {
  const [row] = await t.database.db.select({ n: count() }).from(categories);
  return row?.n ?? 0;
}

describe('categories', () => {
  it('lists categories publicly, by name', async () => {
    await createCategory(t.database.db, 'Weddings');
    await createCategory(t.database.db, 'birthdays');
    const response = await t.app.inject({ method: 'GET', url: '/api/category' });
    expect(response.statusCode).toBe(200);
    const names = response.json().categories.map((c: { name: string }) => c.name);
    expect(names.indexOf('birthdays')).toBeLessThan(names.indexOf('Weddings'));
    expect(response.json().categories[0]).toMatchObject({
      _id: expect.any(String),
      name: expect.any(String),
      description: '',
    });
  });

  it('lets an admin create, rename and delete a category', async () => {
    const created = await injectAs(t, admin, 'POST', '/api/category/create', {
      name: '  Corporate Retreats ',
      description: 'Team building',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      success: true,
      message: 'Category created successfully!',
      category: { name: 'Corporate Retreats', description: 'Team building' },
    });
    const id = created.json().category._id;
    const updated = await injectAs(t, admin, 'PUT', `/api/category/update/${id}`, { name: 'Retreats' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().category).toMatchObject({ _id: id, name: 'Retreats', description: '' });
    const deleted = await injectAs(t, admin, 'DELETE', `/api/category/delete/${id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ success: true, message: 'Category deleted successfully!' });
    const list = await t.app.inject({ method: 'GET', url: '/api/category' });
    expect(list.json().categories.find((c: { _id: string }) => c._id === id)).toBeUndefined();
  });

  it('keeps a Kiswahili name: given at creation, shown with the category and its packages, kept by a change that leaves it out', async () => {
    const created = await injectAs(t, admin, 'POST', '/api/category/create', {
      name: 'Anniversaries',
      nameSw: '  Maadhimisho ',
      description: '',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().category._id as string;
    expect(created.json().category).toMatchObject({ name: 'Anniversaries', nameSw: 'Maadhimisho' });
    const pkg = await createPackage(t.database.db, { plannerId: planner.id, categoryId: id });
    const shown = await t.app.inject({ method: 'GET', url: `/api/packages/${pkg.id}` });
    expect(shown.json().data.category).toEqual({ _id: id, name: 'Anniversaries', nameSw: 'Maadhimisho' });
    // A client that knows nothing of nameSw (the specification's body) leaves it as it was.
    const renamed = await injectAs(t, admin, 'PUT', `/api/category/update/${id}`, {
      name: 'Wedding Anniversaries',
      description: 'Years together',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().category).toMatchObject({ name: 'Wedding Anniversaries', nameSw: 'Maadhimisho' });
    // Emptied on purpose.
    const cleared = await injectAs(t, admin, 'PUT', `/api/category/update/${id}`, {
      name: 'Wedding Anniversaries',
      nameSw: '',
      description: 'Years together',
    });
    expect(cleared.json().category.nameSw).toBe('');
    const tooLong = await injectAs(t, admin, 'PUT', `/api/category/update/${id}`, {
      name: 'Wedding Anniversaries',
      nameSw: 'x'.repeat(61),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors[0]).toMatchObject({ path: 'nameSw' });
  });

  it('refuses a duplicate name (any case) with 409', async () => {
    await createCategory(t.database.db, 'Graduations');
    const before = await categoryCount();
    const response = await injectAs(t, admin, 'POST', '/api/category/create', { name: 'GRADUATIONS' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('A category with this name already exists.');
    expect(await categoryCount()).toBe(before);
    const other = await createCategory(t.database.db, 'Anniversaries');
    const rename = await injectAs(t, admin, 'PUT', `/api/category/update/${other.id}`, {
      name: 'graduations',
    });
    expect(rename.statusCode).toBe(409);
  });

  it('refuses to delete a category a package uses, with 409, and keeps it', async () => {
    const category = await createCategory(t.database.db, 'Baby Showers');
    await createPackage(t.database.db, { categoryId: category.id });
    const response = await injectAs(t, admin, 'DELETE', `/api/category/delete/${category.id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ success: false, code: 'CONFLICT' });
    const list = await t.app.inject({ method: 'GET', url: '/api/category' });
    expect(list.json().categories.some((c: { _id: string }) => c._id === category.id)).toBe(true);
  });

  it('answers 400 for a missing or oversized name and 404 for an unknown id', async () => {
    for (const payload of [{}, { name: '' }, { name: 'x'.repeat(61) }, { name: 5 }]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/category/create',
        headers: admin.headers,
        payload,
      });
      expect(response.statusCode).toBe(400);
    }
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id', "1' or '1'='1"]) {
      const response = await injectAs(t, admin, 'PUT', `/api/category/update/${encodeURIComponent(id)}`, {
        name: 'Whatever',
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Category not found.');
    }
  });

  it('lets only admins write: guest 401, client and planner 403, nothing changes', async () => {
    const category = await createCategory(t.database.db);
    const before = await categoryCount();
    const calls = [
      { method: 'POST' as const, url: '/api/category/create', payload: { name: 'Sneaky' } },
      { method: 'PUT' as const, url: `/api/category/update/${category.id}`, payload: { name: 'Sneaky' } },
      { method: 'DELETE' as const, url: `/api/category/delete/${category.id}` },
    ];
    for (const call of calls) {
      expect((await t.app.inject(call)).statusCode).toBe(401);
      for (const user of [client, planner]) {
        const response = await t.app.inject({ ...call, headers: user.headers });
        expect(response.statusCode).toBe(403);
        expect(response.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
      }
    }
    expect(await categoryCount()).toBe(before);
  });
});
