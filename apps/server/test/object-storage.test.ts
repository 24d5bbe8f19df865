import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { ObjectStore } from '../src/storage/object-store';
import { S3Storage } from '../src/storage/s3-storage';
import { createTestApp, injectAs, type TestContext } from './build-app';
import { createBookingOf, createBookingRow, createCategory, createUser, type TestUser } from './factories';
import { form, pngImage } from './images';
import { startLocalS3 } from './s3';

// Uploads in an S3-compatible bucket (docs/decisions/018-object-storage.md), through the HTTP API,
// against a local S3 that starts with the tests.
let s3: Awaited<ReturnType<typeof startLocalS3>>;
let t: TestContext;
let bucket: ObjectStore;
let planner: TestUser;
let client: TestUser;
let stranger: TestUser;
let admin: TestUser;
let categoryId: string;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

beforeAll(async () => {
  s3 = await startLocalS3();
  t = await createTestApp(s3.env);
  bucket = new ObjectStore(t.config.objectStorage!);
  const db = t.database.db;
  planner = await createUser(db, { role: 'planner', planId: 'enterprise' });
  client = await createUser(db, { role: 'client' });
  stranger = await createUser(db, { role: 'client' });
  admin = await createUser(db, { role: 'admin' });
  categoryId = (await createCategory(db)).id;
}, 30_000);
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

async function objects(prefix = '') {
  return (await bucket.list(prefix)).sort();
}

async function bytesOf(key: string) {
  const found = await bucket.get(key);
  if (!found) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of found.stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

async function createPackageWithImage(user: TestUser) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/packages/create',
    headers: user.headers,
    payload: form(
      {
        title: 'Garden Wedding',
        description: 'All of it.',
        price: '150000',
        category: categoryId,
        location: 'Nairobi',
      },
      { bytes: await pngImage(400, 300) },
    ),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { _id: string; image: string; imageThumb: string };
}

async function uploadAttachment(
  user: TestUser,
  bookingId: string,
  bytes: Buffer,
  name: string,
  type: string,
) {
  const data = new FormData();
  data.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/bookings/${bookingId}/attachments`,
    headers: user.headers,
    body: data,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().attachment as { _id: string };
}

/** Uploads a square PNG `size` pixels wide as `user`'s profile picture; answers its key in the bucket. */
async function uploadProfilePicture(user: TestUser, size: number) {
  const response = await injectAs(
    t,
    user,
    'POST',
    '/api/user/profile-picture',
    form({}, { bytes: await pngImage(size, size) }),
  );
  expect(response.statusCode).toBe(200);
  return new URL(response.json().user.profilePicture as string).pathname.slice('/uploads/'.length);
}

/** A booking by the client of `host`'s package, with a photo sent by `photoFrom` and a PDF by `pdfFrom`. */
async function bookingWithFiles(
  host: TestUser,
  packageId: string,
  { photoFrom, pdfFrom }: { photoFrom: TestUser; pdfFrom: TestUser },
) {
  const booking = await createBookingRow(t.database.db, {
    clientId: client.id,
    packageId,
    plannerId: host.id,
  });
  await uploadAttachment(photoFrom, booking.id, await pngImage(60, 40), 'a.png', 'image/png');
  await uploadAttachment(pdfFrom, booking.id, PDF, 'b.pdf', 'application/pdf');
}

describe('the settings', () => {
  it('refuse to start with part of the S3 settings, naming what is missing', () => {
    const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/x' };
    expect(() =>
      loadConfig({ ...base, S3_BUCKET: 'uploads', S3_ENDPOINT: 'https://s3.example.com' }),
    ).toThrow(ConfigError);
    expect(() =>
      loadConfig({ ...base, S3_BUCKET: 'uploads', S3_ENDPOINT: 'https://s3.example.com' }),
    ).toThrow(/missing S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ ...base, S3_REGION: 'eu-west-1' })).toThrow(/missing S3_ENDPOINT, S3_BUCKET/);
    expect(() => loadConfig({ ...base, ...s3.env, S3_BUCKET: 'Not_A_Bucket' })).toThrow(/S3_BUCKET/);
    expect(loadConfig(base).objectStorage).toBeUndefined();
    expect(loadConfig({ ...base, ...s3.env }).objectStorage).toMatchObject({
      bucket: 'sherehe-test',
      forcePathStyle: true,
      region: 'us-east-1',
      publicUrl: undefined,
    });
  });

  it('point image URLs at S3_PUBLIC_URL when the bucket’s images are public there', () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      ...s3.env,
      S3_PUBLIC_URL: 'https://cdn.sherehe.example/',
    });
    const storage = new S3Storage(new ObjectStore(config.objectStorage!), config.publicUrl);
    const key = 'images/00000000-0000-4000-8000-000000000000';
    expect(storage.imageUrls(key)).toEqual({
      full: `https://cdn.sherehe.example/${key}.webp`,
      thumb: `https://cdn.sherehe.example/${key}-thumb.webp`,
    });
  });
});

describe('with S3_* set', () => {
  it('stores a package image in the bucket, not on the disk, and serves it under /uploads/', async () => {
    const before = await objects('images/');
    const pkg = await createPackageWithImage(planner);
    const key = new URL(pkg.image).pathname.replace('/uploads/', '').replace(/\.webp$/, '');
    expect(pkg.image).toBe(`http://localhost:3000/uploads/${key}.webp`);
    expect(pkg.imageThumb).toBe(`http://localhost:3000/uploads/${key}-thumb.webp`);
    expect(await objects('images/')).toEqual([...before, `${key}-thumb.webp`, `${key}.webp`].sort());
    expect(await readdir(path.join(t.dataDir, 'uploads')).catch(() => [])).toEqual([]);

    for (const url of [pkg.image, pkg.imageThumb]) {
      const served = await t.app.inject({ method: 'GET', url: new URL(url).pathname });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
      expect(
        served.rawPayload.equals((await bytesOf(new URL(url).pathname.slice('/uploads/'.length)))!),
      ).toBe(true);
    }
    const missing = await t.app.inject({
      method: 'GET',
      url: '/uploads/images/00000000-0000-4000-8000-000000000000.webp',
    });
    expect(missing.statusCode).toBe(404);
  });

  it('stores a package’s share picture in the bucket once, and only its latest version', async () => {
    const pkg = await createPackageWithImage(planner);
    const first = await t.app.inject({ method: 'GET', url: `/share/packages/${pkg._id}.jpg` });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/jpeg');
    const version = String(first.headers.etag).replaceAll('"', '');
    expect(await objects(`share/${pkg._id}-`)).toEqual([`share/${pkg._id}-${version}.jpg`]);
    expect(await bytesOf(`share/${pkg._id}-${version}.jpg`)).toEqual(first.rawPayload);
    expect(await readdir(path.join(t.dataDir, 'uploads')).catch(() => [])).not.toContain('share');
    // Served from the bucket the second time: the same bytes.
    const again = await t.app.inject({ method: 'GET', url: `/share/packages/${pkg._id}.jpg` });
    expect(again.rawPayload).toEqual(first.rawPayload);

    const renamed = await injectAs(
      t,
      planner,
      'PUT',
      `/api/packages/update/${pkg._id}`,
      form({ title: 'Lake Wedding' }),
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    const changed = await t.app.inject({ method: 'GET', url: `/share/packages/${pkg._id}.jpg` });
    const next = String(changed.headers.etag).replaceAll('"', '');
    expect(next).not.toBe(version);
    expect(await objects(`share/${pkg._id}-`)).toEqual([`share/${pkg._id}-${next}.jpg`]);
  });

  it('stores a profile picture there too, and removes the previous one from the bucket', async () => {
    const user = await createUser(t.database.db, { role: 'client' });
    const first = await uploadProfilePicture(user, 120);
    expect(await bytesOf(first)).toBeDefined();
    const second = await uploadProfilePicture(user, 120);
    expect(await bytesOf(first)).toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url: `/uploads/${second}` })).statusCode).toBe(200);
  });

  it('keeps chat files private in the bucket: only the booking’s parties fetch them, through the API', async () => {
    const { booking } = await createBookingOf(t.database.db, client, planner);
    const before = await objects('attachments/');
    const photo = await uploadAttachment(client, booking.id, await pngImage(200, 100), 'a.png', 'image/png');
    const pdf = await uploadAttachment(planner, booking.id, PDF, 'quote.pdf', 'application/pdf');
    const added = (await objects('attachments/')).filter((key) => !before.includes(key));
    expect(added).toHaveLength(3); // the photo, its thumbnail, the PDF
    const pdfKey = added.find((key) => !key.endsWith('-thumb') && !added.includes(`${key}-thumb`)) as string;
    expect((await bytesOf(pdfKey))?.equals(PDF)).toBe(true);

    // Not sent yet: its uploader (and admins) fetch it; anyone else is told it does not exist.
    const socketless = await injectAs(t, client, 'GET', `/api/attachments/${photo._id}`);
    expect(socketless.statusCode).toBe(200);
    expect(socketless.headers['content-type']).toBe('image/webp');
    expect(socketless.headers['cache-control']).toBe('private, no-store');
    const asPdf = await injectAs(t, planner, 'GET', `/api/attachments/${pdf._id}`);
    expect(asPdf.statusCode).toBe(200);
    expect(asPdf.rawPayload.equals(PDF)).toBe(true);
    expect(asPdf.headers['content-disposition']).toMatch(/^attachment;/);
    const thumb = await injectAs(t, admin, 'GET', `/api/attachments/${photo._id}/thumbnail`);
    expect(thumb.statusCode).toBe(200);

    for (const [user, id] of [
      [stranger, photo._id],
      [stranger, pdf._id],
    ] as const) {
      const refused = await injectAs(t, user, 'GET', `/api/attachments/${id}`);
      expect(refused.statusCode).toBe(404);
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/attachments/${pdf._id}` })).statusCode).toBe(401);
    // Nothing of the bucket's attachments is reachable under /uploads/.
    for (const key of added) {
      const open = await t.app.inject({ method: 'GET', url: `/uploads/${key}` });
      expect(open.statusCode).toBe(404);
    }
  });

  it('removes a deleted package’s image and its bookings’ files from the bucket', async () => {
    const pkg = await createPackageWithImage(planner);
    await bookingWithFiles(planner, pkg._id, { photoFrom: client, pdfFrom: planner });
    const before = (await objects()).length;
    const response = await injectAs(t, planner, 'DELETE', `/api/packages/delete/${pkg._id}`);
    expect(response.statusCode).toBe(200);
    // The image and its thumbnail, the photo and its thumbnail, the PDF.
    expect((await objects()).length).toBe(before - 5);
    expect(await bytesOf(new URL(pkg.image).pathname.slice('/uploads/'.length))).toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url: new URL(pkg.image).pathname })).statusCode).toBe(404);
  });

  it('removes a deleted user’s picture, packages’ images and bookings’ files from the bucket', async () => {
    const host = await createUser(t.database.db, { role: 'planner', planId: 'enterprise' });
    const pkg = await createPackageWithImage(host);
    await uploadProfilePicture(host, 100);
    await bookingWithFiles(host, pkg._id, { photoFrom: host, pdfFrom: client });
    const before = (await objects()).length;
    const response = await injectAs(t, admin, 'DELETE', `/api/user/${host.id}`);
    expect(response.statusCode).toBe(200);
    // Two images with their thumbnails, the photo and its thumbnail, the PDF.
    expect((await objects()).length).toBe(before - 7);
    expect(await t.app.storage.countFiles()).toBe((await objects('images/')).length);
    expect(await t.app.attachmentStore.countFiles()).toBe((await objects('attachments/')).length);
  });
});
