import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';

/**
 * Just enough of the tar format (POSIX ustar, gzipped) for backup archives: regular files only,
 * written one after another and read back into a folder. Any tar tool opens them (`tar -xzf`).
 */
const BLOCK = 512;
/** The size field holds 11 octal digits: 8 GiB less a byte. */
const MAX_SIZE = 8 ** 11 - 1;

function header(name: string, size: number, mtime: Date): Buffer {
  if (size > MAX_SIZE) throw new Error(`${name} is too large for the archive (${size} bytes)`);
  let prefix = '';
  let base = name;
  if (Buffer.byteLength(name) > 100) {
    // ustar splits a long name at a slash into a prefix (155 bytes) and a name (100).
    const cut = name.lastIndexOf('/', 155);
    prefix = name.slice(0, cut);
    base = name.slice(cut + 1);
    if (cut <= 0 || Buffer.byteLength(base) > 100 || Buffer.byteLength(prefix) > 155)
      throw new Error(`${name}: name too long for the archive`);
  }
  const block = Buffer.alloc(BLOCK);
  const put = (text: string, offset: number, length: number) => block.write(text, offset, length, 'utf8');
  const octal = (value: number, length: number) => `${value.toString(8).padStart(length - 1, '0')}\0`;
  put(base, 0, 100);
  put(octal(0o644, 8), 100, 8);
  put(octal(0, 8), 108, 8);
  put(octal(0, 8), 116, 8);
  put(octal(size, 12), 124, 12);
  put(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 12);
  put('        ', 148, 8);
  put('0', 156, 1);
  put('ustar\u000000', 257, 8);
  put(prefix, 345, 155);
  let sum = 0;
  for (const byte of block) sum += byte;
  put(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8);
  return block;
}

/** Writes a gzipped tar archive to `file`, entry by entry. */
export class TarWriter {
  readonly #gzip = createGzip();
  readonly #out;
  readonly #done: Promise<void>;

  constructor(file: string) {
    this.#out = createWriteStream(file);
    this.#gzip.pipe(this.#out);
    this.#done = new Promise((resolve, reject) => {
      this.#out.on('finish', resolve);
      this.#out.on('error', reject);
      this.#gzip.on('error', reject);
    });
    // Keeps an early write error from being unhandled; `finish` reports it.
    this.#done.catch(() => {});
  }

  async #write(chunk: Buffer) {
    if (!this.#gzip.write(chunk)) await once(this.#gzip, 'drain');
  }

  async #pad(size: number) {
    const rest = size % BLOCK;
    if (rest) await this.#write(Buffer.alloc(BLOCK - rest));
  }

  /** Adds an entry from bytes in memory. */
  async add(name: string, body: Buffer): Promise<void> {
    await this.#write(header(name, body.length, new Date()));
    await this.#write(body);
    await this.#pad(body.length);
  }

  /** Adds an entry from a file on disk (a database dump), streamed. */
  async addFile(name: string, file: string): Promise<void> {
    const handle = await open(file);
    const { size } = await handle.stat();
    await handle.close();
    await this.#write(header(name, size, new Date()));
    let written = 0;
    for await (const chunk of createReadStream(file)) {
      written += (chunk as Buffer).length;
      await this.#write(chunk as Buffer);
    }
    if (written !== size) throw new Error(`${file} changed while it was archived`);
    await this.#pad(size);
  }

  /** Writes the end of the archive and waits until it is on disk. */
  async finish(): Promise<void> {
    await this.#write(Buffer.alloc(BLOCK * 2));
    this.#gzip.end();
    await this.#done;
  }
}

/** A name from an archive that stays inside `dir` once joined to it. */
function safeJoin(dir: string, name: string): string {
  const target = path.resolve(dir, name);
  if (!target.startsWith(path.resolve(dir) + path.sep))
    throw new Error(`unsafe name in the archive: ${name}`);
  return target;
}

/** Extracts a gzipped tar archive (regular files only) into `dir`; returns the names found. */
export async function extractTar(file: string, dir: string): Promise<string[]> {
  const names: string[] = [];
  let pending: Buffer = Buffer.alloc(0);
  let entry: { out: ReturnType<typeof createWriteStream>; left: number; pad: number } | undefined;
  let skip = 0;
  let ended = false;
  const input: Readable = createReadStream(file).pipe(createGunzip());
  for await (const chunk of input) {
    pending = pending.length ? Buffer.concat([pending, chunk as Buffer]) : (chunk as Buffer);
    for (;;) {
      if (skip > 0) {
        const n = Math.min(skip, pending.length);
        pending = pending.subarray(n);
        skip -= n;
        if (skip > 0) break;
      }
      if (entry) {
        const n = Math.min(entry.left, pending.length);
        if (n > 0 && !entry.out.write(pending.subarray(0, n))) await once(entry.out, 'drain');
        pending = pending.subarray(n);
        entry.left -= n;
        if (entry.left > 0) break;
        entry.out.end();
        await once(entry.out, 'finish');
        skip = entry.pad;
        entry = undefined;
        continue;
      }
      if (ended || pending.length < BLOCK) break;
      const block = pending.subarray(0, BLOCK);
      pending = pending.subarray(BLOCK);
      if (block.every((byte) => byte === 0)) {
        ended = true;
        break;
      }
      const text = (offset: number, length: number) =>
        block
          .subarray(offset, offset + length)
          .toString('utf8')
          .replace(/\0.*$/s, '');
      const size = Number.parseInt(text(124, 12).trim() || '0', 8);
      const type = text(156, 1);
      const prefix = text(345, 155);
      const name = prefix ? `${prefix}/${text(0, 100)}` : text(0, 100);
      const pad = (BLOCK - (size % BLOCK)) % BLOCK;
      if (type !== '0' && type !== '') {
        // Folders, links and extended headers are not written by TarWriter: passed over.
        skip = size + pad;
        continue;
      }
      const target = safeJoin(dir, name);
      await mkdir(path.dirname(target), { recursive: true });
      names.push(name);
      entry = { out: createWriteStream(target), left: size, pad };
      if (size === 0) {
        entry.out.end();
        await once(entry.out, 'finish');
        entry = undefined;
        skip = 0;
      }
    }
  }
  if (entry) throw new Error(`${file} ends in the middle of ${names.at(-1)}: the archive is cut short`);
  return names;
}
