import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { injectAs, useTestApp } from '../../../test/build-app';
import {
  createCategory,
  createPackage,
  createUser,
  packageFormFields,
  type TestUser,
} from '../../../test/factories';
import { form, jpegImage, pngImage, SVG_WITH_SCRIPT } from '../../../test/images';
import { packages } from '../../db/schema';

let admin: TestUser;
let planner: TestUser;
let otherPlanner: TestUser;
let client: TestUser;
let categoryId: string;
let png: Buffer;

const t = useTestApp();
beforeAll(async () => {
  const db = t.database.db;
  admin = await createUser(db, { role: 'admin' });
  planner = await createUser(db, { role: 'planner', planId: 'enterprise' });
  otherPlanner = await createUser(db, { role: 'planner', planId: 'enterprise' });
  client = await createUser(db, { role: 'client' });
  categoryId = (await createCategory(db, 'Weddings')).id;
  png = await pngImage();
});

const fields = (overrides: Record<string, string | number> = {}) => packageFormFields(categoryId, overrides);

function create(user: TestUser | undefined, data: FormData) {
  return t.app.inject({
    method: 'POST',
    url: '/api/packages/create',
    headers: user?.headers ?? {},
    payload: data,
  });
}

async function packageCount() {
  const [row] = await t.database.db.select({ n: count() }).from(packages);
  return row?.n ?? 0;
}

/** Checks that a package with each of `values` as its `name` is refused, naming the field, and none is stored. */
async function expectEachRefused(name: string, values: string[]) {
  const before = await packageCount();
  for (const value of values) {
    const response = await create(planner, form(fields({ [name]: value }), { bytes: png }));
    expect(response.statusCode, value).toBe(400);
    expect(response.json().errors[0].path).toBe(name);
  }
  expect(await packageCount()).toBe(before);
}

async function storedFiles(): Promise<string[]> {
  try {
    return (await readdir(path.join(t.dataDir, 'uploads/images'))).sort();
  } catch {
    return [];
  }
}

function keyOf(url: string) {
  return new URL(url).pathname.replace('/uploads/', '').replace(/\.webp$/, '');
}

describe('creating a package', () => {
  it('stores the package and its re-encoded image, served as WebP from an absolute URL', async () => {
    const response = await create(
      planner,
      form(fields({ price: '150000.50' }), {
        bytes: await jpegImage(2400, 1800),
        name: 'x.jpg',
        type: 'image/jpeg',
      }),
    );
    expect(response.statusCode).toBe(201);
    const data = response.json().data;
    expect(response.json().message).toBe('Package created successfully!');
    expect(data).toMatchObject({
      title: 'Garden Wedding',
      price: 150000.5,
      location: 'Nairobi',
      category: { _id: categoryId, name: 'Weddings' },
      planner: { _id: planner.id, username: planner.username, email: planner.email },
      rating: { average: 0, count: 0 },
    });
    expect(data.image).toMatch(/^http:\/\/localhost:3000\/uploads\/images\/[0-9a-f-]{36}\.webp$/);
    expect(data.imageThumb).toBe(data.image.replace('.webp', '-thumb.webp'));
    const full = await t.app.inject({ method: 'GET', url: new URL(data.image).pathname });
    expect(full.headers['content-type']).toBe('image/webp');
    expect(full.headers['cache-control']).toContain('immutable');
    const sharp = (await import('sharp')).default;
    const meta = await sharp(full.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    // Package photos are stored as chat photos are: at most 2,048 px.
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(2048);
    const thumb = await t.app.inject({ method: 'GET', url: new URL(data.imageThumb).pathname });
    expect(Math.max((await sharp(thumb.rawPayload).metadata()).width ?? 0)).toBeLessThanOrEqual(480);
    const fetched = await t.app.inject({ method: 'GET', url: `/api/packages/${data._id}` });
    expect(fetched.json()).toMatchObject({ success: true, data: { _id: data._id, image: data.image } });
  });

  it('accepts a price of 0 and refuses negative, malformed and over-precise prices', async () => {
    expect((await create(planner, form(fields({ price: '0' }), { bytes: png }))).statusCode).toBe(201);
    await expectEachRefused('price', ['-1', 'abc', '12.345', '', '1e5']);
  });

  it('takes a deposit share of 0–100 % (30 % when left out) and refuses anything else', async () => {
    const plain = (await create(planner, form(fields(), { bytes: png }))).json().data;
    expect(plain.depositPercent).toBe(30);
    const none = await create(planner, form(fields({ depositPercent: '0' }), { bytes: png }));
    expect(none.json().data.depositPercent).toBe(0);
    await expectEachRefused('depositPercent', ['-1', '101', '12.5', 'abc', '']);
    const changed = await injectAs(
      t,
      planner,
      'PUT',
      `/api/packages/update/${plain._id}`,
      form({ depositPercent: '50' }),
    );
    expect(changed.json().data).toMatchObject({ depositPercent: 50, price: plain.price });
  });

  it('needs every field and an image', async () => {
    const before = await packageCount();
    const noImage = await create(planner, form(fields()));
    expect(noImage.statusCode).toBe(400);
    expect(noImage.json().message).toBe('Please choose an image for the package.');
    for (const missing of ['title', 'description', 'price', 'category', 'location']) {
      const data = fields();
      delete (data as Record<string, unknown>)[missing];
      const response = await create(planner, form(data, { bytes: png }));
      expect(response.statusCode, missing).toBe(400);
      expect(response.json().errors.map((e: { path: string }) => e.path)).toContain(missing);
    }
    const unknownCategory = await create(
      planner,
      form(fields({ category: '00000000-0000-4000-8000-000000000000' }), { bytes: png }),
    );
    expect(unknownCategory.statusCode).toBe(400);
    const json = await injectAs(t, planner, 'POST', '/api/packages/create', fields());
    expect(json.statusCode).toBe(415);
    expect(await packageCount()).toBe(before);
  });

  it('judges uploads by their bytes: non-images 415, damaged 415, over 15 MB 413; nothing is kept', async () => {
    const before = await packageCount();
    const filesBefore = await storedFiles();
    const textAsPng = await create(
      planner,
      form(fields(), {
        bytes: Buffer.from('just some text, honestly'),
        name: 'photo.png',
        type: 'image/png',
      }),
    );
    expect(textAsPng.statusCode).toBe(415);
    expect(textAsPng.json()).toMatchObject({ success: false, code: 'UNSUPPORTED_MEDIA_TYPE' });
    const truncated = await create(
      planner,
      form(fields(), { bytes: png.subarray(0, Math.floor(png.length / 2)) }),
    );
    expect(truncated.statusCode).toBe(415);
    const svg = await create(
      planner,
      form(fields(), { bytes: SVG_WITH_SCRIPT, name: 'logo.svg', type: 'image/svg+xml' }),
    );
    expect(svg.statusCode).toBe(415);
    const huge = Buffer.concat([png, Buffer.alloc(16 * 1024 * 1024, 1)]);
    const tooBig = await create(planner, form(fields(), { bytes: huge }));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({ success: false, message: 'Each photo must be less than 15MB' });
    expect(await packageCount()).toBe(before);
    expect(await storedFiles()).toEqual(filesBefore);
  });

  it('lets only planners and admins create: guest 401, client 403', async () => {
    const before = await packageCount();
    expect((await create(undefined, form(fields(), { bytes: png }))).statusCode).toBe(401);
    expect((await create(client, form(fields(), { bytes: png }))).statusCode).toBe(403);
    expect(await packageCount()).toBe(before);
    const byAdmin = await create(admin, form(fields({ title: 'Admin package' }), { bytes: png }));
    expect(byAdmin.statusCode).toBe(201);
  });
});

describe("the planner's package limit", () => {
  it('stops a Free planner at 3 packages with an upgrade prompt', async () => {
    const free = await createUser(t.database.db, { role: 'planner', planId: 'free' });
    for (let i = 0; i < 3; i++) await createPackage(t.database.db, { plannerId: free.id, categoryId });
    const response = await create(free, form(fields(), { bytes: png }));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      success: false,
      upgradePrompt: true,
      code: 'PLAN_LIMIT',
      message: 'Your plan allows 3 packages. Please upgrade your plan to publish more.',
    });
  });

  it('holds under parallel requests: five at once with room for one make exactly one', async () => {
    const free = await createUser(t.database.db, { role: 'planner', planId: 'free' });
    for (let i = 0; i < 2; i++) await createPackage(t.database.db, { plannerId: free.id, categoryId });
    const responses = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        create(free, form(fields({ title: `Parallel ${i}` }), { bytes: png })),
      ),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 403, 403, 403, 403]);
    const [row] = await t.database.db
      .select({ n: count() })
      .from(packages)
      .where(eq(packages.plannerId, free.id));
    expect(row?.n).toBe(3);
  });
});

describe('changing and deleting a package', () => {
  it('changes only the fields sent, keeps the image without a new one, and replaces it with one', async () => {
    const created = (await create(planner, form(fields(), { bytes: png }))).json().data;
    const oldKey = keyOf(created.image);
    const noImage = await injectAs(
      t,
      planner,
      'PUT',
      `/api/packages/update/${created._id}`,
      form({ title: 'Renamed Wedding', price: '99.99' }),
    );
    expect(noImage.statusCode).toBe(200);
    expect(noImage.json()).toMatchObject({
      message: 'Package updated successfully!',
      data: {
        title: 'Renamed Wedding',
        price: 99.99,
        description: created.description,
        location: 'Nairobi',
        image: created.image,
      },
    });
    const withImage = await injectAs(
      t,
      planner,
      'PUT',
      `/api/packages/update/${created._id}`,
      form({}, { bytes: await jpegImage(300, 200), type: 'image/jpeg', name: 'new.jpg' }),
    );
    expect(withImage.statusCode).toBe(200);
    const newImage = withImage.json().data.image;
    expect(newImage).not.toBe(created.image);
    const files = await storedFiles();
    expect(files).toContain(`${keyOf(newImage).replace('images/', '')}.webp`);
    expect(files).not.toContain(`${oldKey.replace('images/', '')}.webp`);
    expect(files).not.toContain(`${oldKey.replace('images/', '')}-thumb.webp`);
    const gone = await t.app.inject({ method: 'GET', url: new URL(created.image).pathname });
    expect(gone.statusCode).toBe(404);
  });

  it('refuses bad values on update and changes nothing', async () => {
    const created = (await create(planner, form(fields(), { bytes: png }))).json().data;
    for (const payload of [
      form({ price: '-5' }),
      form({ title: '' }),
      form({}, { bytes: Buffer.from('nope') }),
    ]) {
      const response = await t.app.inject({
        method: 'PUT',
        url: `/api/packages/update/${created._id}`,
        headers: planner.headers,
        payload,
      });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
    }
    const fetched = await t.app.inject({ method: 'GET', url: `/api/packages/${created._id}` });
    expect(fetched.json().data).toMatchObject({
      title: created.title,
      price: created.price,
      image: created.image,
    });
  });

  it('lets a planner change only their own packages; admins any; guests and clients none', async () => {
    const created = (await create(planner, form(fields(), { bytes: png }))).json().data;
    const update = (user?: TestUser) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/packages/update/${created._id}`,
        headers: user?.headers ?? {},
        payload: form({ title: 'Hijacked' }),
      });
    const remove = (user?: TestUser) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/packages/delete/${created._id}`,
        headers: user?.headers ?? {},
      });
    expect((await update()).statusCode).toBe(401);
    expect((await update(client)).statusCode).toBe(403);
    const other = await update(otherPlanner);
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe('You can only change your own packages.');
    expect((await remove()).statusCode).toBe(401);
    expect((await remove(client)).statusCode).toBe(403);
    expect((await remove(otherPlanner)).statusCode).toBe(403);
    const fetched = await t.app.inject({ method: 'GET', url: `/api/packages/${created._id}` });
    expect(fetched.json().data.title).toBe(created.title);

    const byAdmin = await update(admin);
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().data.title).toBe('Hijacked');
    expect(byAdmin.json().data.planner._id).toBe(planner.id);
  });

  it('deletes a package and its image files', async () => {
    const created = (await create(planner, form(fields(), { bytes: png }))).json().data;
    const key = keyOf(created.image).replace('images/', '');
    const response = await injectAs(t, planner, 'DELETE', `/api/packages/delete/${created._id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Package deleted successfully!' });
    expect((await t.app.inject({ method: 'GET', url: `/api/packages/${created._id}` })).statusCode).toBe(404);
    const files = await storedFiles();
    expect(files.filter((f) => f.startsWith(key))).toEqual([]);
    const again = await injectAs(t, planner, 'DELETE', `/api/packages/delete/${created._id}`);
    expect(again.statusCode).toBe(404);
  });

  it('answers 404 with the specification’s text for unknown and malformed ids', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'abc', '1%20or%201=1']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/packages/${id}` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ success: false, message: 'Package not found.' });
    }
  });
});
