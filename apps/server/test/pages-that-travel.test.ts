import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { Window } from 'happy-dom';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packages, users } from '../src/db/schema';
import { SHARE_IMAGE_MAX_BYTES } from '../src/modules/sharing/share-image';
import { sitemapSettings } from '../src/modules/sharing/sitemap';
import { createTestApp, type TestContext } from './build-app';
import {
  createBookingRow,
  createCategory,
  createPackage,
  createUser,
  packageFormFields,
  TEST_PASSWORD,
  type TestUser,
} from './factories';
import { form, jpegImage } from './images';

// A stand-in for the web build (server-rendering.test.ts checks what the server does with a
// rendered page); the tags checked here are the server's own, put in every rendered page's <head>.
const INDEX_HTML = (lang: string) =>
  [
    `<!doctype html><html lang="${lang}"><head><meta charset="UTF-8" />`,
    '<meta\n      name="description"\n      content="The site\'s own description."\n    />',
    '<title>Sherehe</title></head><body><div id="root"></div></body></html>',
  ].join('\n');
const RENDERER = `
export const SSR_PATTERNS = ['/packages/:id', '/user/:userId'];
export async function render({ url }) {
  return { html: '<title>Page · Sherehe</title><main>' + url + '</main>', state: '{}' };
}`;

const PUBLIC = 'https://sherehe.example';
let t: TestContext;
let root: string;
let planner: TestUser;
let categoryId: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'sherehe-travel-'));
  for (const lang of ['en', 'sw']) {
    const dist = lang === 'en' ? path.join(root, 'dist') : path.join(root, 'dist', 'sw');
    const ssr = lang === 'en' ? path.join(root, 'dist-ssr') : path.join(root, 'dist-ssr', 'sw');
    await mkdir(dist, { recursive: true });
    await mkdir(ssr, { recursive: true });
    await writeFile(path.join(dist, 'index.html'), INDEX_HTML(lang));
    await writeFile(path.join(ssr, 'entry-server.js'), RENDERER);
  }
  t = await createTestApp({ WEB_DIST: path.join(root, 'dist'), PUBLIC_URL: PUBLIC });
  planner = await createUser(t.database.db, { role: 'planner', planId: 'enterprise' });
  categoryId = (await createCategory(t.database.db, 'Weddings travel')).id;
});

afterAll(async () => {
  await t?.close();
  await rm(root, { recursive: true, force: true });
});

const LONG_DESCRIPTION =
  'A garden wedding for up to two hundred guests in Karen: tents, chairs and tables, flowers on every table, a three-tier cake, a photographer for the whole day, a DJ until midnight and a team that clears up after.';

/** A package in the catalogue: through the API with a photo (the form needs one), else as a row. */
async function createListed(
  overrides: { title?: string; description?: string; price?: string } = {},
  photo?: Buffer,
) {
  if (!photo) {
    const row = await createPackage(t.database.db, {
      plannerId: planner.id,
      categoryId,
      title: overrides.title ?? 'Garden Wedding',
      description: overrides.description ?? LONG_DESCRIPTION,
      price: Number(overrides.price ?? 150000),
    });
    return { _id: row.id, title: row.title, image: null };
  }
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/packages/create',
    headers: planner.headers,
    payload: form(
      packageFormFields(categoryId, { description: LONG_DESCRIPTION, ...overrides }),
      photo ? { bytes: photo, type: 'image/jpeg', name: 'photo.jpg' } : undefined,
    ),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { _id: string; title: string; image: string | null };
}

/**
 * A package out of the catalogue: its planner's was demoted to client, which takes their packages out
 * (a trigger keeps `listed`).
 */
async function createUnlisted(title: string) {
  const demoted = await createUser(t.database.db, { role: 'planner' });
  const row = await createPackage(t.database.db, { plannerId: demoted.id, categoryId, title });
  await t.database.db.update(users).set({ role: 'client' }).where(eq(users.id, demoted.id));
  const [after] = await t.database.db
    .select({ listed: packages.listed })
    .from(packages)
    .where(eq(packages.id, row.id));
  expect(after?.listed).toBe(false);
  return { _id: row.id, id: row.id };
}

/** The page as a crawler reads it, parsed by a real HTML parser. */
async function head(url: string) {
  const response = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
  expect(response.statusCode).toBe(200);
  const window = new Window();
  const document = new window.DOMParser().parseFromString(response.body, 'text/html');
  const metas = (selector: string) =>
    [...document.querySelectorAll(selector)].map((element) => element.getAttribute('content'));
  const content = (key: string) => {
    const found = metas(`meta[property="${key}"], meta[name="${key}"]`);
    expect(found, key).toHaveLength(1);
    return found[0] ?? '';
  };
  const jsonLd = [...document.querySelectorAll('script[type="application/ld+json"]')].map(
    (script) => JSON.parse(script.textContent ?? '') as Record<string, unknown>,
  );
  const alternates = Object.fromEntries(
    [...document.head.querySelectorAll('link[rel="alternate"][hreflang]')].map((link) => [
      link.getAttribute('hreflang'),
      link.getAttribute('href'),
    ]),
  );
  const canonical = [...document.head.querySelectorAll('link[rel="canonical"]')].map((link) =>
    link.getAttribute('href'),
  );
  return { body: response.body, document, content, metas, jsonLd, alternates, canonical };
}

describe('a package page that travels', () => {
  it('carries its title, description, Open Graph, price, Twitter card, canonical, hreflang and Product JSON-LD', async () => {
    const pkg = await createListed(
      { title: 'Garden Wedding in Karen', price: '150000' },
      await jpegImage(1600, 1000),
    );
    const page = await head(`/packages/${pkg._id}?utm_source=whatsapp`);
    const url = `${PUBLIC}/packages/${pkg._id}`;

    expect(page.document.title).toBe('Page · Sherehe');
    const description = page.content('description');
    expect(description.length).toBeLessThanOrEqual(160);
    expect(description.endsWith('…')).toBe(true);
    // Cut on a word: what is left is the description's own start, up to a whole word.
    const kept = description.slice(0, -1);
    expect(LONG_DESCRIPTION.startsWith(kept)).toBe(true);
    expect(LONG_DESCRIPTION[kept.length]).toMatch(/[\s,]/);
    expect(page.body).not.toContain('The site&#39;s own description.');
    expect(page.body).not.toContain("The site's own description.");

    expect(page.content('og:type')).toBe('product');
    expect(page.content('og:title')).toBe('Garden Wedding in Karen');
    expect(page.content('og:description')).toBe(description);
    expect(page.content('og:url')).toBe(url);
    expect(page.content('og:site_name')).toBe('Sherehe');
    expect(page.content('og:locale')).toBe('en_KE');
    expect(page.content('og:locale:alternate')).toBe('sw_KE');
    const image = page.content('og:image');
    expect(image).toMatch(new RegExp(`^${PUBLIC}/share/packages/${pkg._id}\\.jpg\\?v=[0-9a-f]{16}$`));
    expect(page.content('og:image:width')).toBe('1200');
    expect(page.content('og:image:height')).toBe('630');
    expect(page.content('og:image:alt')).toBe('Garden Wedding in Karen');
    expect(page.content('product:price:amount')).toBe('150000.00');
    expect(page.content('product:price:currency')).toBe('KES');
    expect(page.content('twitter:card')).toBe('summary_large_image');
    expect(page.content('twitter:title')).toBe('Garden Wedding in Karen');
    expect(page.content('twitter:description')).toBe(description);
    expect(page.content('twitter:image')).toBe(image);

    expect(page.canonical).toEqual([url]);
    // The languages are named by their canonical addresses: the query is not part of the page.
    expect(page.alternates).toEqual({
      en: url,
      sw: `${PUBLIC}/sw/packages/${pkg._id}`,
      'x-default': url,
    });

    expect(page.jsonLd).toHaveLength(1);
    const product = page.jsonLd[0]!;
    expect(product).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Garden Wedding in Karen',
      description,
      sku: pkg._id,
      url,
      brand: { name: planner.username },
      offers: {
        '@type': 'Offer',
        price: '150000.00',
        priceCurrency: 'KES',
        availability: 'https://schema.org/InStock',
        url,
      },
    });
    expect(product.image).toEqual([image, pkg.image]);
    // No reviews: no rating (a rating of no reviews is refused by search engines).
    expect(product).not.toHaveProperty('aggregateRating');
  });

  it('in Kiswahili: its own address as canonical, sw_KE, and both languages as alternates', async () => {
    const pkg = await createListed({ title: 'Harusi ya bustani', description: 'Harusi nzuri.' });
    const page = await head(`/sw/packages/${pkg._id}`);
    expect(page.canonical).toEqual([`${PUBLIC}/sw/packages/${pkg._id}`]);
    expect(page.content('og:url')).toBe(`${PUBLIC}/sw/packages/${pkg._id}`);
    expect(page.content('og:locale')).toBe('sw_KE');
    expect(page.content('og:locale:alternate')).toBe('en_KE');
    expect(page.content('description')).toBe('Harusi nzuri.');
    expect(page.alternates).toEqual({
      en: `${PUBLIC}/packages/${pkg._id}`,
      sw: `${PUBLIC}/sw/packages/${pkg._id}`,
      'x-default': `${PUBLIC}/packages/${pkg._id}`,
    });
    expect((page.jsonLd[0]?.offers as { url?: string } | undefined)?.url).toBe(
      `${PUBLIC}/sw/packages/${pkg._id}`,
    );
  });

  it('gives its rating only once it has reviews, and the planner profile too', async () => {
    const pkg = await createListed({ title: 'Reviewed Wedding' });
    const client = await createUser(t.database.db);
    await createBookingRow(t.database.db, {
      clientId: client.id,
      packageId: pkg._id,
      plannerId: planner.id,
      status: 'completed',
    });
    const reviewed = await t.app.inject({
      method: 'POST',
      url: '/api/reviews',
      headers: client.headers,
      payload: { package: pkg._id, rating: 4, comment: 'Lovely day.' },
    });
    expect(reviewed.statusCode, reviewed.body).toBe(201);
    const page = await head(`/packages/${pkg._id}`);
    expect(page.jsonLd[0]?.aggregateRating).toMatchObject({
      '@type': 'AggregateRating',
      ratingValue: 4,
      reviewCount: 1,
    });
    const profile = await head(`/user/${planner.id}`);
    expect(profile.jsonLd[0]?.aggregateRating).toMatchObject({ ratingValue: 4, reviewCount: 1 });
  });

  it('keeps a title holding </script> inside its JSON-LD, which still parses', async () => {
    const title = 'Party </script><script>alert(1)</script> & more';
    const pkg = await createListed({ title });
    const page = await head(`/packages/${pkg._id}`);
    expect(page.body).not.toContain('<script>alert(1)');
    expect(page.jsonLd).toHaveLength(1);
    expect(page.jsonLd[0]?.name).toBe(title);
    expect(page.content('og:title')).toBe(title);
    expect(page.document.querySelectorAll('script:not([type])')).toHaveLength(0);
  });

  it('gives nothing of an unlisted or unknown package', async () => {
    const unlisted = await createUnlisted('Hidden Wedding');
    for (const url of [`/packages/${unlisted._id}`, '/packages/00000000-0000-4000-8000-000000000000']) {
      const page = await head(url);
      expect(page.metas('meta[property^="og:"]')).toEqual([]);
      expect(page.jsonLd).toEqual([]);
      expect(page.canonical).toEqual([]);
    }
  });
});

describe('a planner profile that travels', () => {
  it('is a profile in Open Graph and a LocalBusiness in JSON-LD, with its town', async () => {
    const pro = await createUser(t.database.db, { role: 'planner', username: 'wanjiru-events' });
    await t.database.db
      .update(users)
      .set({ firstName: 'Wanjiru', lastName: 'Kamau', location: 'Nakuru', bio: 'Weddings by the lake.' })
      .where(eq(users.id, pro.id));
    const page = await head(`/user/${pro.id}`);
    const url = `${PUBLIC}/user/${pro.id}`;
    expect(page.content('og:type')).toBe('profile');
    expect(page.content('og:title')).toBe('Wanjiru Kamau');
    expect(page.content('description')).toBe('Weddings by the lake.');
    expect(page.content('og:url')).toBe(url);
    expect(page.canonical).toEqual([url]);
    expect(page.alternates).toMatchObject({ en: url, sw: `${PUBLIC}/sw/user/${pro.id}`, 'x-default': url });
    expect(page.jsonLd[0]).toMatchObject({
      '@type': 'LocalBusiness',
      name: 'Wanjiru Kamau',
      url,
      address: { '@type': 'PostalAddress', addressLocality: 'Nakuru', addressCountry: 'KE' },
    });
    expect(page.jsonLd[0]).not.toHaveProperty('aggregateRating');
    // No picture: the site's icon stands in, as a small card.
    expect(page.content('og:image')).toBe(`${PUBLIC}/apple-touch-icon.png`);
    expect(page.content('twitter:card')).toBe('summary');
  });
});

/** The share pictures stored for a package (on the disk: these tests store there). */
async function storedPictures(id: string) {
  const names = await readdir(path.join(t.dataDir, 'share-images', 'share')).catch(() => [] as string[]);
  return names.filter((name) => name.startsWith(`${id}-`));
}

async function shareImageOf(id: string, url?: string) {
  const address = url ?? (await head(`/packages/${id}`)).content('og:image');
  const response = await t.app.inject({ method: 'GET', url: address.replace(PUBLIC, '') });
  return { address, response };
}

describe('the share picture', () => {
  it('is a 1200x630 JPEG under 300 KB, from the photo or from the artwork, kept by its ETag', async () => {
    const withPhoto = await createListed({ title: 'Photo Wedding' }, await jpegImage(1600, 1200));
    const without = await createListed({ title: 'Artwork Wedding' });
    for (const pkg of [withPhoto, without]) {
      const { response } = await shareImageOf(pkg._id);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/jpeg');
      expect(response.rawPayload.length).toBeLessThan(300 * 1024);
      const metadata = await sharp(response.rawPayload).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual(['jpeg', 1200, 630]);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const etag = String(response.headers.etag);
      const again = await t.app.inject({
        method: 'GET',
        url: `/share/packages/${pkg._id}.jpg`,
        headers: { 'if-none-match': etag },
      });
      expect(again.statusCode).toBe(304);
    }
  });

  it('stays within its bound, under 300 KB, from a photo of pure noise', async () => {
    const width = 1600;
    const height = 1000;
    const noise = Buffer.alloc(width * height * 3);
    let seed = 12345;
    for (let i = 0; i < noise.length; i += 1) {
      seed = (seed * 1103515245 + 12345) >>> 0;
      noise[i] = seed >>> 24;
    }
    const busy = await sharp(noise, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 95 })
      .toBuffer();
    const pkg = await createListed({ title: 'Busy Photo Wedding' }, busy);
    const { response } = await shareImageOf(pkg._id);
    expect(response.statusCode).toBe(200);
    // Noise is the worst a photo can do (it does not compress): still within the bound.
    expect(response.rawPayload.length).toBeLessThanOrEqual(SHARE_IMAGE_MAX_BYTES);
    expect(SHARE_IMAGE_MAX_BYTES).toBeLessThan(300 * 1024);
    const metadata = await sharp(response.rawPayload).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['jpeg', 1200, 630]);
  });

  it('changes with the title and with the photo', async () => {
    const pkg = await createListed({ title: 'Before Wedding' });
    const first = await shareImageOf(pkg._id);
    const retitled = await t.app.inject({
      method: 'PUT',
      url: `/api/packages/update/${pkg._id}`,
      headers: planner.headers,
      payload: form({ title: 'After Wedding' }),
    });
    expect(retitled.statusCode, retitled.body).toBe(200);
    const second = await shareImageOf(pkg._id);
    expect(second.address).not.toBe(first.address);
    expect(second.response.headers.etag).not.toBe(first.response.headers.etag);
    expect(Buffer.compare(second.response.rawPayload, first.response.rawPayload)).not.toBe(0);
    const photographed = await t.app.inject({
      method: 'PUT',
      url: `/api/packages/update/${pkg._id}`,
      headers: planner.headers,
      payload: form({}, { bytes: await jpegImage(900, 900), type: 'image/jpeg', name: 'new.jpg' }),
    });
    expect(photographed.statusCode, photographed.body).toBe(200);
    const third = await shareImageOf(pkg._id);
    expect(third.address).not.toBe(second.address);
    expect(Buffer.compare(third.response.rawPayload, second.response.rawPayload)).not.toBe(0);
    expect((await sharp(third.response.rawPayload).metadata()).width).toBe(1200);
    // Stored once, the older versions removed: the storage holds the package's latest picture only.
    expect(await storedPictures(pkg._id)).toEqual([
      `${pkg._id}-${String(third.response.headers.etag).replaceAll('"', '')}.jpg`,
    ]);
    // Never among the uploads, which /uploads/ serves as they are.
    expect(await readdir(path.join(t.dataDir, 'uploads'))).not.toContain('share');
  });

  it('goes with its package, and with its planner’s account', async () => {
    const pkg = await createListed({ title: 'Short-lived Wedding' }, await jpegImage(800, 600));
    expect((await shareImageOf(pkg._id)).response.statusCode).toBe(200);
    expect(await storedPictures(pkg._id)).toHaveLength(1);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/packages/delete/${pkg._id}`,
      headers: planner.headers,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await storedPictures(pkg._id)).toEqual([]);

    const leaving = await createUser(t.database.db, { role: 'planner' });
    const theirs = await createPackage(t.database.db, { plannerId: leaving.id, categoryId, title: 'Theirs' });
    expect((await t.app.inject({ method: 'GET', url: `/share/packages/${theirs.id}.jpg` })).statusCode).toBe(
      200,
    );
    expect(await storedPictures(theirs.id)).toHaveLength(1);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/user/me',
      headers: leaving.headers,
      payload: { password: TEST_PASSWORD },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await storedPictures(theirs.id)).toEqual([]);
  });

  it('is 404 for an unlisted or unknown package', async () => {
    const pkg = await createUnlisted('Soon Hidden');
    for (const id of [pkg._id, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const response = await t.app.inject({ method: 'GET', url: `/share/packages/${id}.jpg` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
  });
});

describe('robots.txt, the sitemaps and the icons', () => {
  it('robots.txt allows the public pages, not the API nor the signed-in pages, and names the sitemap', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = response.body.split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'User-agent: *',
        'Allow: /',
        'Disallow: /api/',
        'Disallow: /dashboard',
        'Disallow: /sw/dashboard',
        'Disallow: /profile',
        `Sitemap: ${PUBLIC}/sitemap.xml`,
      ]),
    );
    expect(lines.some((line) => /^Disallow: \/(sw\/)?(packages|user)\b/.test(line))).toBe(false);
  });

  function parseXml(body: string) {
    const window = new Window();
    return new window.DOMParser().parseFromString(body, 'application/xml');
  }

  async function xml(url: string) {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode, url).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    return parseXml(response.body);
  }

  it('lists every listed package and planner in both languages, with lastmod, in files of at most the limit', async () => {
    sitemapSettings.addresses = 4;
    sitemapSettings.keepMs = 0;
    try {
      const other = await createUser(t.database.db, { role: 'planner' });
      const made = [];
      for (let i = 0; i < 3; i += 1) made.push(await createPackage(t.database.db, { plannerId: other.id }));
      const hidden = await createUnlisted('Not in the sitemap');
      const listed = await t.database.db
        .select({ id: packages.id })
        .from(packages)
        .where(eq(packages.listed, true));
      const planners = await t.database.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.role, 'planner'));

      const index = await xml('/sitemap.xml');
      expect(index.documentElement.tagName).toBe('sitemapindex');
      const files = [...index.getElementsByTagName('loc')].map((loc) => loc.textContent ?? '');
      // Two pages a file (each in both languages: four addresses).
      const packageFiles = Math.ceil(listed.length / 2);
      const plannerFiles = Math.ceil(planners.length / 2);
      expect(files).toEqual([
        `${PUBLIC}/sitemaps/pages.xml`,
        ...Array.from({ length: packageFiles }, (_, i) => `${PUBLIC}/sitemaps/packages-${i + 1}.xml`),
        ...Array.from({ length: plannerFiles }, (_, i) => `${PUBLIC}/sitemaps/planners-${i + 1}.xml`),
      ]);

      const addresses: string[] = [];
      for (const file of files) {
        const doc = await xml(file.replace(PUBLIC, ''));
        expect(doc.documentElement.tagName).toBe('urlset');
        const urls = [...doc.getElementsByTagName('url')];
        if (!file.endsWith('pages.xml')) expect(urls.length).toBeLessThanOrEqual(4);
        for (const url of urls) {
          const loc = url.getElementsByTagName('loc')[0]?.textContent ?? '';
          addresses.push(loc);
          const lastmod = url.getElementsByTagName('lastmod')[0]?.textContent ?? '';
          expect(lastmod).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/);
          expect(new Date(lastmod).getTime()).not.toBeNaN();
          const links = [...url.getElementsByTagName('xhtml:link')].map((link) =>
            link.getAttribute('hreflang'),
          );
          expect(links.sort()).toEqual(['en', 'sw', 'x-default']);
        }
      }
      for (const { id } of listed) {
        expect(addresses).toContain(`${PUBLIC}/packages/${id}`);
        expect(addresses).toContain(`${PUBLIC}/sw/packages/${id}`);
      }
      for (const pkg of made) expect(addresses).toContain(`${PUBLIC}/packages/${pkg.id}`);
      expect(addresses.some((address) => address.includes(hidden.id))).toBe(false);
      expect(addresses).toContain(`${PUBLIC}/user/${other.id}`);
      expect(addresses).toContain(`${PUBLIC}/sw/user/${other.id}`);
      expect(addresses).toContain(`${PUBLIC}/`);
      expect(addresses).toContain(`${PUBLIC}/sw`);
      expect(new Set(addresses).size).toBe(addresses.length);

      const beyond = await t.app.inject({ method: 'GET', url: `/sitemaps/packages-${packageFiles + 1}.xml` });
      expect(beyond.statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: '/sitemaps/secrets.xml' })).statusCode).toBe(404);
    } finally {
      sitemapSettings.addresses = 50_000;
      sitemapSettings.keepMs = 10 * 60_000;
    }
  });

  it('answers /favicon.ico with an icon and /apple-touch-icon.png with a 180 px PNG', async () => {
    const ico = await t.app.inject({ method: 'GET', url: '/favicon.ico' });
    expect(ico.statusCode).toBe(200);
    expect(ico.headers['content-type']).toBe('image/x-icon');
    // The ICO header: reserved 0, type 1 (icon), three images.
    expect([...ico.rawPayload.subarray(0, 6)]).toEqual([0, 0, 1, 0, 3, 0]);
    const touch = await t.app.inject({ method: 'GET', url: '/apple-touch-icon.png' });
    expect(touch.headers['content-type']).toBe('image/png');
    const metadata = await sharp(touch.rawPayload).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['png', 180, 180]);
  });

  it('are in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const route of [
      '/robots.txt',
      '/sitemap.xml',
      '/sitemaps/{name}.xml',
      '/share/packages/{id}.jpg',
      '/favicon.ico',
      '/apple-touch-icon.png',
    ]) {
      expect(doc.paths[route]?.get, route).toBeDefined();
    }
    expect(doc.paths['/share/packages/{id}.jpg'].get.responses['200'].content['image/jpeg']).toBeDefined();
  });
});
