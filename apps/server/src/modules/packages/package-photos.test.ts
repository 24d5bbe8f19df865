import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, injectAs, type TestContext } from '../../../test/build-app';
import { createCategory, createUser, packageFormFields, type TestUser } from '../../../test/factories';
import { form, pngImage } from '../../../test/images';
import { packageImages, packages } from '../../db/schema';

const MB = 1024 * 1024;

let t: TestContext;
let admin: TestUser;
let planner: TestUser;
let otherPlanner: TestUser;
let categoryId: string;
let png: Buffer;

beforeAll(async () => {
  // Every photo is an upload: these tests send more than one planner's hourly allowance.
  t = await createTestApp({ RATE_UPLOADS_PER_USER: '1000/1h' });
  const db = t.database.db;
  admin = await createUser(db, { role: 'admin' });
  planner = await createUser(db, { role: 'planner', planId: 'enterprise' });
  otherPlanner = await createUser(db, { role: 'planner', planId: 'enterprise' });
  categoryId = (await createCategory(db, 'Weddings')).id;
  png = await pngImage(64, 48);
}, 30_000);
afterAll(() => t.close());

/** A PNG of noise stored uncompressed: `width × height × 3` bytes and a little more. */
async function noisePng(width: number, height: number): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i += 1) raw[i] = (i * 2654435761) >>> 24;
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

function photoForm(fields: Record<string, string>, photos: Buffer[]) {
  const data = form(fields, photos[0] ? { bytes: photos[0] } : undefined);
  for (const bytes of photos.slice(1)) {
    data.append('images', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'more.png');
  }
  return data;
}

const fields = () => packageFormFields(categoryId);

async function createWithPhotos(count: number) {
  const response = await injectAs(
    t,
    planner,
    'POST',
    '/api/packages/create',
    photoForm(fields(), Array(count).fill(png)),
  );
  expect(response.statusCode).toBe(201);
  return response.json().data as { _id: string; image: string; images: { _id: string; url: string }[] };
}

function addPhoto(user: TestUser, id: string, bytes: Buffer) {
  return injectAs(t, user, 'POST', `/api/packages/${id}/images`, form({}, { bytes }));
}

function update(user: TestUser, id: string, data: FormData) {
  return injectAs(t, user, 'PUT', `/api/packages/update/${id}`, data);
}

async function photoRows(packageId: string) {
  return t.database.db
    .select()
    .from(packageImages)
    .where(eq(packageImages.packageId, packageId))
    .orderBy(asc(packageImages.position));
}

async function storedFiles(): Promise<Set<string>> {
  try {
    return new Set(await readdir(path.join(t.dataDir, 'uploads/images')));
  } catch {
    return new Set();
  }
}

/** The file names a photo's URL stands for: the photo and its thumbnail. */
function filesOf(url: string): string[] {
  const name = path.basename(new URL(url).pathname, '.webp');
  return [`${name}.webp`, `${name}-thumb.webp`];
}

describe('package photos', () => {
  it('creates a package with a cover and more photos: image stays the cover, images lists all', async () => {
    const data = await createWithPhotos(3);
    expect(data.images).toHaveLength(3);
    expect(data.images[0]!.url).toBe(data.image);
    const rows = await photoRows(data._id);
    expect(rows.map((row) => row.position)).toEqual([0, 1, 2]);
    const [pkg] = await t.database.db.select().from(packages).where(eq(packages.id, data._id));
    expect(pkg!.image).toBe(rows[0]!.storageKey);
    const files = await storedFiles();
    for (const photo of data.images)
      for (const file of filesOf(photo.url)) expect(files.has(file)).toBe(true);

    const read = await t.app.inject({ method: 'GET', url: `/api/packages/${data._id}` });
    expect(read.json().data.images.map((photo: { _id: string }) => photo._id)).toEqual(
      rows.map((row) => row.id),
    );
    expect(read.json().data.images[1].thumbnailUrl).toMatch(/-thumb\.webp$/);
  });

  it('accepts a photo of 15 MB and refuses a larger one with its message', async () => {
    const data = await createWithPhotos(1);
    const large = await noisePng(2260, 2300);
    expect(large.length).toBeGreaterThan(14 * MB);
    expect(large.length).toBeLessThanOrEqual(15 * MB);
    const accepted = await addPhoto(planner, data._id, large);
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json().data.images).toHaveLength(2);
    const meta = await sharp(await readFileOf(accepted.json().data.images[1].url)).metadata();
    // Re-encoded as a chat photo is: WebP, at most 2,048 px.
    expect(meta.format).toBe('webp');
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(2048);

    const tooLarge = Buffer.concat([png, Buffer.alloc(15 * MB + 1 - png.length)]);
    const refused = await addPhoto(planner, data._id, tooLarge);
    expect(refused.statusCode).toBe(413);
    expect(refused.json().message).toBe('Each photo must be less than 15MB');
    expect(await photoRows(data._id)).toHaveLength(2);
  }, 60_000);

  it('keeps the profile picture at 5 MB with its message', async () => {
    const six = Buffer.concat([png, Buffer.alloc(6 * MB - png.length)]);
    const response = await injectAs(
      t,
      planner,
      'POST',
      '/api/user/profile-picture',
      form({}, { bytes: six }),
    );
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('File size must be less than 5MB');
  });

  it('takes 8 photos and refuses the 9th, in English and Kiswahili', async () => {
    const data = await createWithPhotos(7);
    expect((await addPhoto(planner, data._id, png)).statusCode).toBe(201);
    const before = await storedFiles();
    const ninth = await addPhoto(planner, data._id, png);
    expect(ninth.statusCode).toBe(400);
    expect(ninth.json().message).toBe('A package can have at most 8 photos.');
    expect(await photoRows(data._id)).toHaveLength(8);
    expect(await storedFiles()).toEqual(before);

    const swahili = await t.app.inject({
      method: 'POST',
      url: `/api/packages/${data._id}/images`,
      // The language cookie picks the answer's language.
      headers: { ...planner.headers, cookie: 'lang=sw' },
      payload: form({}, { bytes: png }),
    });
    expect(swahili.statusCode).toBe(400);
    expect(swahili.json().message).toBe('Kifurushi kinaweza kuwa na picha zisizozidi 8.');

    // Nine in one form are refused too, and nothing is stored.
    const nine = await injectAs(
      t,
      planner,
      'POST',
      '/api/packages/create',
      photoForm(fields(), Array(9).fill(png)),
    );
    expect(nine.statusCode).toBe(400);
    expect(nine.json().message).toBe('A package can have at most 8 photos.');
    expect(await storedFiles()).toEqual(before);

    // An edit that would end with nine is refused as a whole.
    const edit = await update(planner, data._id, photoForm({ title: 'Changed' }, []));
    expect(edit.statusCode).toBe(200);
    const add = photoForm({ title: 'Not saved' }, []);
    add.append('images', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'x.png');
    const refusedEdit = await update(planner, data._id, add);
    expect(refusedEdit.statusCode).toBe(400);
    const [pkg] = await t.database.db.select().from(packages).where(eq(packages.id, data._id));
    expect(pkg!.title).toBe('Changed');
    expect(await storedFiles()).toEqual(before);
  }, 60_000);

  it('holds at 8 under parallel requests: four at once with room for one add exactly one', async () => {
    const data = await createWithPhotos(7);
    const before = await storedFiles();
    const answers = await Promise.all([1, 2, 3, 4].map(() => addPhoto(planner, data._id, png)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 400, 400, 400]);
    expect(await photoRows(data._id)).toHaveLength(8);
    // The refused photos' files were removed again: only the added one's two files are new.
    expect((await storedFiles()).size).toBe(before.size + 2);
  });

  it('removes, reorders and picks the cover in one edit; removed files go', async () => {
    const data = await createWithPhotos(4);
    const [a, b, c, d] = data.images;
    const edit = await update(
      planner,
      data._id,
      photoForm({ removeImages: `${a!._id},${b!._id}`, imageOrder: `${d!._id}` }, []),
    );
    expect(edit.statusCode).toBe(200);
    const images = edit.json().data.images as { _id: string; url: string }[];
    expect(images.map((photo) => photo._id)).toEqual([d!._id, c!._id]);
    expect(edit.json().data.image).toBe(d!.url);
    const rows = await photoRows(data._id);
    expect(rows.map((row) => row.id)).toEqual([d!._id, c!._id]);
    const files = await storedFiles();
    for (const gone of [a!, b!]) for (const file of filesOf(gone.url)) expect(files.has(file)).toBe(false);
    for (const kept of [c!, d!]) for (const file of filesOf(kept.url)) expect(files.has(file)).toBe(true);
    // The list shows the new cover too.
    const [pkg] = await t.database.db.select().from(packages).where(eq(packages.id, data._id));
    expect(pkg!.image).toBe(rows[0]!.storageKey);
  });

  it('refuses photo ids of another package, and removing the last photo', async () => {
    const one = await createWithPhotos(1);
    const other = await createWithPhotos(2);
    const foreign = await update(planner, one._id, photoForm({ imageOrder: other.images[1]!._id }, []));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe('One of the photos named is not a photo of this package.');
    const last = await injectAs(
      t,
      planner,
      'DELETE',
      `/api/packages/${one._id}/images/${one.images[0]!._id}`,
    );
    expect(last.statusCode).toBe(400);
    const missing = await injectAs(
      t,
      planner,
      'DELETE',
      `/api/packages/${one._id}/images/${other.images[0]!._id}`,
    );
    expect(missing.statusCode).toBe(404);
  });

  it('removes one photo by id: the next becomes the cover and the files go', async () => {
    const data = await createWithPhotos(2);
    const response = await injectAs(
      t,
      admin,
      'DELETE',
      `/api/packages/${data._id}/images/${data.images[0]!._id}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().data.image).toBe(data.images[1]!.url);
    const files = await storedFiles();
    for (const file of filesOf(data.images[0]!.url)) expect(files.has(file)).toBe(false);
  });

  it("refuses a planner's photos to another planner", async () => {
    const data = await createWithPhotos(2);
    const before = await storedFiles();
    expect((await addPhoto(otherPlanner, data._id, png)).statusCode).toBe(403);
    const remove = await injectAs(
      t,
      otherPlanner,
      'DELETE',
      `/api/packages/${data._id}/images/${data.images[1]!._id}`,
    );
    expect(remove.statusCode).toBe(403);
    const edit = await update(otherPlanner, data._id, photoForm({ removeImages: data.images[1]!._id }, []));
    expect(edit.statusCode).toBe(403);
    expect(await photoRows(data._id)).toHaveLength(2);
    expect(await storedFiles()).toEqual(before);
  });

  it('deleting a package removes every photo file', async () => {
    const data = await createWithPhotos(3);
    const response = await injectAs(t, planner, 'DELETE', `/api/packages/delete/${data._id}`);
    expect(response.statusCode).toBe(200);
    const files = await storedFiles();
    for (const photo of data.images)
      for (const file of filesOf(photo.url)) expect(files.has(file)).toBe(false);
    expect(await photoRows(data._id)).toHaveLength(0);
  });

  it("deleting a planner's account removes every photo file of their packages", async () => {
    const leaving = await createUser(t.database.db, { role: 'planner', planId: 'enterprise' });
    const created = await injectAs(
      t,
      leaving,
      'POST',
      '/api/packages/create',
      photoForm(fields(), [png, png, png]),
    );
    expect(created.statusCode).toBe(201);
    const images = created.json().data.images as { url: string }[];
    const response = await injectAs(t, admin, 'DELETE', `/api/user/${leaving.id}`);
    expect(response.statusCode).toBe(200);
    const files = await storedFiles();
    for (const photo of images) for (const file of filesOf(photo.url)) expect(files.has(file)).toBe(false);
  });
});

async function readFileOf(url: string): Promise<Buffer> {
  const response = await t.app.inject({ method: 'GET', url: new URL(url).pathname });
  return response.rawPayload;
}

describe('package photos and the upload limit', () => {
  let small: TestContext;
  beforeAll(async () => {
    small = await createTestApp({ RATE_UPLOADS_PER_USER: '3/1h' });
  }, 30_000);
  afterAll(() => small.close());

  it('counts every photo of a form, and each added one, against the per-user upload limit', async () => {
    const db = small.database.db;
    const user = await createUser(db, { role: 'planner', planId: 'enterprise' });
    const category = await createCategory(db, 'Weddings');
    const created = await injectAs(
      small,
      user,
      'POST',
      '/api/packages/create',
      photoForm({ ...fields(), category: category.id }, [png, png]),
    );
    expect(created.statusCode).toBe(201);
    const id = created.json().data._id;
    const third = await injectAs(small, user, 'POST', `/api/packages/${id}/images`, form({}, { bytes: png }));
    expect(third.statusCode).toBe(201);
    const fourth = await injectAs(
      small,
      user,
      'POST',
      `/api/packages/${id}/images`,
      form({}, { bytes: png }),
    );
    expect(fourth.statusCode).toBe(429);
  });
});
