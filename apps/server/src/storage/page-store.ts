import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { ObjectStore } from './object-store';

/**
 * A guest's page rendered ahead (docs/decisions/023): its HTML with its compressed bodies, the
 * hashes its CSP must allow, its ETag, the build that rendered it and when the rendering started.
 */
export interface StoredPage {
  url: string;
  html: string;
  br: Buffer;
  gzip: Buffer;
  etag: string;
  styleHash?: string;
  scriptHash?: string;
  /** The web build's fingerprint: a page of another build names files this one does not serve. */
  build: string;
  /** When its rendering started (ms since the epoch): a write after that makes it stale. */
  renderedAt: number;
}

/**
 * Where rendered pages are kept: DATA_DIR/pages, or the bucket's `pages/` when S3_* is set, so
 * every process finds what any of them rendered. Besides the pages, one small object: the time of
 * the last write that may change a public page, which processes that missed the news of a write
 * read to stop using older pages.
 */
export interface PageStore {
  get(url: string): Promise<StoredPage | undefined>;
  put(page: StoredPage): Promise<void>;
  /** Removes the page stored for `url`, if any: what it showed is gone (docs/decisions/023). */
  delete(url: string): Promise<void>;
  /** The time of the last public write any process recorded, or 0. */
  lastWrite(): Promise<number>;
  recordWrite(at: number): Promise<void>;
  /** Records that the pages at `urls` rendered up to `at` are stale (one small object a write). */
  recordStale(at: number, urls: string[]): Promise<void>;
  /**
   * The stale records not in `seen` (by key), those before `forgetBefore` removed instead: a page
   * rendered before then is stale anyway.
   */
  staleRecords(seen: ReadonlySet<string>, forgetBefore: number): Promise<StaleRecord[]>;
}

/** A write that made some pages stale, as kept in the store for the processes that missed its news. */
export interface StaleRecord {
  key: string;
  at: number;
  urls: string[];
}

const WRITES_KEY = 'pages/last-write';
const STALE_PREFIX = 'pages/stale/';

function staleKey(at: number): string {
  return `${STALE_PREFIX}${at}-${Math.random().toString(36).slice(2, 10)}.json`;
}

const staleAt = (key: string) => Number(key.slice(STALE_PREFIX.length).split('-')[0]) || 0;

/** Reads the records not seen yet, and removes the old ones. */
async function readStaleRecords(
  keys: string[],
  seen: ReadonlySet<string>,
  forgetBefore: number,
  read: (key: string) => Promise<Buffer | undefined>,
  remove: (key: string) => Promise<void>,
): Promise<StaleRecord[]> {
  const records: StaleRecord[] = [];
  for (const key of keys) {
    if (!key.endsWith('.json') || seen.has(key)) continue;
    const at = staleAt(key);
    if (at < forgetBefore) {
      await remove(key).catch(() => undefined);
      continue;
    }
    const bytes = await read(key).catch(() => undefined);
    if (!bytes) continue;
    try {
      const urls = JSON.parse(bytes.toString('utf8')) as unknown;
      if (Array.isArray(urls)) records.push({ key, at, urls: urls.map(String) });
    } catch {
      // Half written (the bucket has no rename): read again at the next look.
    }
  }
  return records;
}

/** A page's object key: its address hashed (addresses hold `?` and `=`, and may be long). */
export function pageKey(url: string): string {
  return `pages/${createHash('sha256').update(url).digest('hex')}.page`;
}

/** One object: a header (JSON, with its length first) then the HTML, brotli and gzip bodies. */
export function encodePage(page: StoredPage): Buffer {
  const html = Buffer.from(page.html, 'utf8');
  const { br, gzip, html: _, ...meta } = page;
  const header = Buffer.from(
    JSON.stringify({ ...meta, sizes: [html.length, br.length, gzip.length] }),
    'utf8',
  );
  const length = Buffer.alloc(4);
  length.writeUInt32BE(header.length);
  return Buffer.concat([length, header, html, br, gzip]);
}

export function decodePage(bytes: Buffer): StoredPage | undefined {
  try {
    const headerLength = bytes.readUInt32BE(0);
    const { sizes, ...meta } = JSON.parse(bytes.subarray(4, 4 + headerLength).toString('utf8')) as Omit<
      StoredPage,
      'html' | 'br' | 'gzip'
    > & { sizes: [number, number, number] };
    const [htmlSize, brSize, gzipSize] = sizes;
    const htmlAt = 4 + headerLength;
    const brAt = htmlAt + htmlSize;
    const gzipAt = brAt + brSize;
    if (gzipAt + gzipSize !== bytes.length) return undefined;
    return {
      ...meta,
      html: bytes.subarray(htmlAt, brAt).toString('utf8'),
      br: bytes.subarray(brAt, gzipAt),
      gzip: bytes.subarray(gzipAt),
    };
  } catch {
    // A damaged or half-written object is a page not stored: it is rendered again.
    return undefined;
  }
}

/** Pages on this machine's disk, under `root` (DATA_DIR) in `pages/`, as in the bucket. */
export class DiskPageStore implements PageStore {
  constructor(readonly root: string) {}

  async get(url: string): Promise<StoredPage | undefined> {
    const bytes = await readFile(path.join(this.root, pageKey(url))).catch(() => undefined);
    const page = bytes && decodePage(bytes);
    return page && page.url === url ? page : undefined;
  }

  async put(page: StoredPage): Promise<void> {
    await this.#write(pageKey(page.url), encodePage(page));
  }

  async delete(url: string): Promise<void> {
    await rm(path.join(this.root, pageKey(url)), { force: true });
  }

  async lastWrite(): Promise<number> {
    const text = await readFile(path.join(this.root, WRITES_KEY), 'utf8').catch(() => '0');
    return Number(text) || 0;
  }

  async recordWrite(at: number): Promise<void> {
    await this.#write(WRITES_KEY, Buffer.from(String(at)));
  }

  async recordStale(at: number, urls: string[]): Promise<void> {
    await this.#write(staleKey(at), Buffer.from(JSON.stringify(urls)));
  }

  async staleRecords(seen: ReadonlySet<string>, forgetBefore: number): Promise<StaleRecord[]> {
    const folder = path.join(this.root, STALE_PREFIX);
    const names = await readdir(folder).catch(() => [] as string[]);
    return readStaleRecords(
      names.map((name) => `${STALE_PREFIX}${name}`),
      seen,
      forgetBefore,
      (key) => readFile(path.join(this.root, key)),
      (key) => rm(path.join(this.root, key), { force: true }),
    );
  }

  /** Written aside then renamed: a reader finds the old file or the new one, never half of one. */
  async #write(key: string, bytes: Buffer) {
    const file = path.join(this.root, key);
    await mkdir(path.dirname(file), { recursive: true });
    const aside = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
    await writeFile(aside, bytes);
    await rename(aside, file);
  }
}

export class S3PageStore implements PageStore {
  constructor(private readonly store: ObjectStore) {}

  async get(url: string): Promise<StoredPage | undefined> {
    const found = await this.store.get(pageKey(url));
    const page = found && decodePage(await readAll(found.stream));
    return page && page.url === url ? page : undefined;
  }

  async put(page: StoredPage): Promise<void> {
    await this.store.put(pageKey(page.url), encodePage(page), {
      'content-type': 'application/octet-stream',
      'cache-control': 'no-cache',
    });
  }

  async delete(url: string): Promise<void> {
    await this.store.delete(pageKey(url));
  }

  async lastWrite(): Promise<number> {
    const found = await this.store.get(WRITES_KEY);
    return found ? Number((await readAll(found.stream)).toString('utf8')) || 0 : 0;
  }

  async recordWrite(at: number): Promise<void> {
    await this.store.put(WRITES_KEY, Buffer.from(String(at)), {
      'content-type': 'text/plain',
      'cache-control': 'no-cache',
    });
  }

  async recordStale(at: number, urls: string[]): Promise<void> {
    await this.store.put(staleKey(at), Buffer.from(JSON.stringify(urls)), {
      'content-type': 'application/json',
      'cache-control': 'no-cache',
    });
  }

  async staleRecords(seen: ReadonlySet<string>, forgetBefore: number): Promise<StaleRecord[]> {
    return readStaleRecords(
      await this.store.list(STALE_PREFIX),
      seen,
      forgetBefore,
      async (key) => {
        const found = await this.store.get(key);
        return found ? readAll(found.stream) : undefined;
      },
      (key) => this.store.delete(key),
    );
  }
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}
