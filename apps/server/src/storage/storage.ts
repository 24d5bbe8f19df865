import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface ImageUrls {
  full: string;
  thumb: string;
}

/**
 * Where uploaded files live. The disk implementation is the only one today; an S3-compatible
 * store implements the same four methods.
 */
export interface Storage {
  /** Stores the files of one image under a new key and returns the key. */
  putImage(files: { full: Buffer; thumb: Buffer }): Promise<string>;
  /** Removes an image's files; a missing file is not an error. */
  deleteImage(key: string): Promise<void>;
  /** Absolute URLs of an image's files. */
  imageUrls(key: string): ImageUrls;
  /** The folder served at /uploads, when the files are on this machine. */
  readonly localRoot: string | undefined;
}

const KEY_PATTERN = /^images\/[0-9a-f-]{36}$/;

export class DiskStorage implements Storage {
  readonly localRoot: string;

  constructor(
    root: string,
    private readonly publicUrl: string,
  ) {
    this.localRoot = root;
  }

  private filePaths(key: string) {
    if (!KEY_PATTERN.test(key)) throw new Error(`Invalid storage key: ${key}`);
    const base = path.join(this.localRoot, key);
    return { full: `${base}.webp`, thumb: `${base}-thumb.webp` };
  }

  async putImage(files: { full: Buffer; thumb: Buffer }): Promise<string> {
    const key = `images/${randomUUID()}`;
    const paths = this.filePaths(key);
    await mkdir(path.dirname(paths.full), { recursive: true });
    await writeFile(paths.full, files.full);
    await writeFile(paths.thumb, files.thumb);
    return key;
  }

  async deleteImage(key: string): Promise<void> {
    if (!KEY_PATTERN.test(key)) return;
    const paths = this.filePaths(key);
    await Promise.all([rm(paths.full, { force: true }), rm(paths.thumb, { force: true })]);
  }

  imageUrls(key: string): ImageUrls {
    return {
      full: `${this.publicUrl}/uploads/${key}.webp`,
      thumb: `${this.publicUrl}/uploads/${key}-thumb.webp`,
    };
  }
}
