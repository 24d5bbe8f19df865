import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { StoredObject } from './object-store';

/**
 * Where chat attachments live (docs/chat-and-files.md#files-in-chat): private, never served as static files; the only way in
 * is GET /api/attachments/{id}, which checks who asks. On disk (DiskAttachmentStore) or, with S3_*,
 * in the bucket under `attachments/` (S3AttachmentStore).
 */
export interface AttachmentStore {
  /** Stores a file (and a photo's thumbnail) under a new key and returns the key. */
  put(files: { body: Buffer; thumb?: Buffer | undefined }): Promise<string>;
  /** A stream of the stored bytes and their length, or undefined when the file is gone. */
  open(key: string, variant: 'file' | 'thumb'): Promise<StoredObject | undefined>;
  /** Removes a file and its thumbnail; a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** Removes many, each on its own: one failure does not keep the others. */
  deleteAll(keys: string[]): Promise<void>;
  /** How many files the store holds (tests count them before and after a deletion). */
  countFiles(): Promise<number>;
}

/** Chat attachments in a private folder (`DATA_DIR/attachments`). */
export class DiskAttachmentStore implements AttachmentStore {
  constructor(readonly root: string) {}

  private filePath(key: string, variant: 'file' | 'thumb') {
    if (!/^[0-9a-f-]{36}$/.test(key)) throw new Error(`Invalid attachment key: ${key}`);
    return path.join(this.root, key.slice(0, 2), variant === 'file' ? key : `${key}-thumb`);
  }

  /** Stores a file (and a photo's thumbnail) under a new key and returns the key. */
  async put(files: { body: Buffer; thumb?: Buffer | undefined }): Promise<string> {
    const key = randomUUID();
    const file = this.filePath(key, 'file');
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, files.body);
    if (files.thumb) await writeFile(this.filePath(key, 'thumb'), files.thumb);
    return key;
  }

  /** A stream of the stored bytes and their length, or undefined when the file is gone. */
  async open(key: string, variant: 'file' | 'thumb'): Promise<StoredObject | undefined> {
    const file = this.filePath(key, variant);
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile()) return undefined;
    return { stream: createReadStream(file), size: info.size };
  }

  /** Removes a file and its thumbnail; a missing file is not an error. */
  async delete(key: string): Promise<void> {
    if (!/^[0-9a-f-]{36}$/.test(key)) return;
    await Promise.all([
      rm(this.filePath(key, 'file'), { force: true }),
      rm(this.filePath(key, 'thumb'), { force: true }),
    ]);
  }

  /** Removes many, each on its own: one failure does not keep the others. */
  async deleteAll(keys: string[]): Promise<void> {
    await Promise.allSettled(keys.map((key) => this.delete(key)));
  }

  /** How many files the store holds (tests count them before and after a deletion). */
  async countFiles(): Promise<number> {
    const entries = await readdir(this.root, { recursive: true, withFileTypes: true }).catch(() => []);
    return entries.filter((entry) => entry.isFile()).length;
  }
}
