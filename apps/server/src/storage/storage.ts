import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { StoredObject } from './object-store';

export interface ImageUrls {
  full: string;
  thumb: string;
}

/**
 * Where uploaded images live: this machine's disk (DiskStorage), or an S3-compatible bucket when
 * S3_* is set (S3Storage, docs/decisions/018-object-storage.md).
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
  /** A file under /uploads (`images/{uuid}.webp` or `…-thumb.webp`), or undefined when there is none. */
  openFile(file: string): Promise<StoredObject | undefined>;
  /** How many image files are stored (tests count them before and after a deletion). */
  countFiles(): Promise<number>;
  /** Stores a package's share picture (`share/{name}.jpg`, docs/seo.md), replacing one of the same name. */
  putShareImage(name: string, body: Buffer): Promise<void>;
  /** A stored share picture, or undefined when there is none. */
  openShareImage(name: string): Promise<StoredObject | undefined>;
  /** Removes a package's share pictures: all of them, or all but the one named `keep`. */
  deleteShareImages(packageId: string, keep?: string): Promise<void>;
}

/** A share picture's name: the package's id and the version of what it shows. */
export const SHARE_IMAGE_NAME_PATTERN = /^[0-9a-f-]{36}-[0-9a-f]{16}$/;

export function shareImageFile(name: string): string {
  if (!SHARE_IMAGE_NAME_PATTERN.test(name)) throw new Error(`Invalid share image name: ${name}`);
  return `share/${name}.jpg`;
}

export const IMAGE_KEY_PATTERN = /^images\/[0-9a-f-]{36}$/;
/** The names an image's two files are served under at /uploads/. */
export const IMAGE_FILE_PATTERN = /^images\/[0-9a-f-]{36}(-thumb)?\.webp$/;
const KEY_PATTERN = IMAGE_KEY_PATTERN;

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

  async openFile(file: string): Promise<StoredObject | undefined> {
    if (!IMAGE_FILE_PATTERN.test(file)) return undefined;
    const filePath = path.join(this.localRoot, file);
    const info = await stat(filePath).catch(() => undefined);
    if (!info?.isFile()) return undefined;
    return { stream: createReadStream(filePath), size: info.size };
  }

  /**
   * Share pictures sit beside the uploads, not among them: /uploads/ serves that folder as it is,
   * and a picture is only ever served by its route, which answers for packages in the catalogue.
   */
  private get shareRoot() {
    return path.join(path.dirname(this.localRoot), 'share-images');
  }

  async putShareImage(name: string, body: Buffer): Promise<void> {
    const file = path.join(this.shareRoot, shareImageFile(name));
    await mkdir(path.dirname(file), { recursive: true });
    // Written aside and renamed: a reader never sees half a picture.
    const partial = `${file}.${randomUUID()}.part`;
    await writeFile(partial, body);
    await rename(partial, file);
  }

  async openShareImage(name: string): Promise<StoredObject | undefined> {
    const file = path.join(this.shareRoot, shareImageFile(name));
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile()) return undefined;
    return { stream: createReadStream(file), size: info.size };
  }

  async deleteShareImages(packageId: string, keep?: string): Promise<void> {
    const folder = path.join(this.shareRoot, 'share');
    const names = await readdir(folder).catch(() => [] as string[]);
    const stale = names.filter((name) => name.startsWith(`${packageId}-`) && name !== `${keep ?? ''}.jpg`);
    await Promise.all(stale.map((name) => rm(path.join(folder, name), { force: true })));
  }

  async countFiles(): Promise<number> {
    const entries = await readdir(path.join(this.localRoot, 'images'), { withFileTypes: true }).catch(
      () => [],
    );
    return entries.filter((entry) => entry.isFile()).length;
  }
}
