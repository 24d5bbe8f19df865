import { randomUUID } from 'node:crypto';
import type { AttachmentStore } from './attachments';
import { ObjectStore, type ObjectStoreSettings, type StoredObject } from './object-store';
import {
  IMAGE_FILE_PATTERN,
  IMAGE_KEY_PATTERN,
  type ImageUrls,
  type Storage,
  shareImageFile,
} from './storage';

/** Keys are new for every upload, so an object's bytes never change. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Images in an S3-compatible bucket (docs/decisions/018-object-storage.md), under the same names
 * as on disk (`images/{uuid}.webp`, `images/{uuid}-thumb.webp`), so an image's URL is the same
 * whichever process, or store, answers it: this server's /uploads/ (which reads the bucket) unless
 * S3_PUBLIC_URL says where the bucket's images are public.
 */
export class S3Storage implements Storage {
  readonly localRoot = undefined;

  constructor(
    private readonly store: ObjectStore,
    private readonly publicUrl: string,
  ) {}

  async putImage(files: { full: Buffer; thumb: Buffer }): Promise<string> {
    const key = `images/${randomUUID()}`;
    const headers = { 'content-type': 'image/webp', 'cache-control': IMMUTABLE };
    await this.store.put(`${key}.webp`, files.full, headers);
    try {
      await this.store.put(`${key}-thumb.webp`, files.thumb, headers);
    } catch (error) {
      await this.store.delete(`${key}.webp`).catch(() => undefined);
      throw error;
    }
    return key;
  }

  async deleteImage(key: string): Promise<void> {
    if (!IMAGE_KEY_PATTERN.test(key)) return;
    await Promise.all([this.store.delete(`${key}.webp`), this.store.delete(`${key}-thumb.webp`)]);
  }

  imageUrls(key: string): ImageUrls {
    const base = this.store.settings.publicUrl ?? `${this.publicUrl}/uploads`;
    return { full: `${base}/${key}.webp`, thumb: `${base}/${key}-thumb.webp` };
  }

  async openFile(file: string): Promise<StoredObject | undefined> {
    if (!IMAGE_FILE_PATTERN.test(file)) return undefined;
    return this.store.get(file);
  }

  async putShareImage(name: string, body: Buffer): Promise<void> {
    await this.store.put(shareImageFile(name), body, {
      'content-type': 'image/jpeg',
      'cache-control': IMMUTABLE,
    });
  }

  openShareImage(name: string): Promise<StoredObject | undefined> {
    return this.store.get(shareImageFile(name));
  }

  async deleteShareImages(packageId: string, keep?: string): Promise<void> {
    const kept = keep ? shareImageFile(keep) : undefined;
    const stale = (await this.store.list(`share/${packageId}-`)).filter((key) => key !== kept);
    await Promise.all(stale.map((key) => this.store.delete(key)));
  }

  /** How many image files the bucket holds (tests count them before and after a deletion). */
  async countFiles(): Promise<number> {
    return (await this.store.list('images/')).length;
  }
}

const ATTACHMENT_KEY = /^[0-9a-f-]{36}$/;

/**
 * Chat files in the same bucket under `attachments/`: never given a public URL (and never under
 * S3_PUBLIC_URL, which serves `images/` only); the only way in stays GET /api/attachments/{id}.
 */
export class S3AttachmentStore implements AttachmentStore {
  constructor(private readonly store: ObjectStore) {}

  private objectKey(key: string, variant: 'file' | 'thumb') {
    if (!ATTACHMENT_KEY.test(key)) throw new Error(`Invalid attachment key: ${key}`);
    return `attachments/${variant === 'file' ? key : `${key}-thumb`}`;
  }

  async put(files: { body: Buffer; thumb?: Buffer | undefined }): Promise<string> {
    const key = randomUUID();
    const headers = { 'content-type': 'application/octet-stream', 'cache-control': 'private' };
    await this.store.put(this.objectKey(key, 'file'), files.body, headers);
    if (files.thumb) {
      try {
        await this.store.put(this.objectKey(key, 'thumb'), files.thumb, headers);
      } catch (error) {
        await this.delete(key).catch(() => undefined);
        throw error;
      }
    }
    return key;
  }

  open(key: string, variant: 'file' | 'thumb'): Promise<StoredObject | undefined> {
    return this.store.get(this.objectKey(key, variant));
  }

  async delete(key: string): Promise<void> {
    if (!ATTACHMENT_KEY.test(key)) return;
    await Promise.all([
      this.store.delete(this.objectKey(key, 'file')),
      this.store.delete(this.objectKey(key, 'thumb')),
    ]);
  }

  async deleteAll(keys: string[]): Promise<void> {
    await Promise.allSettled(keys.map((key) => this.delete(key)));
  }

  async countFiles(): Promise<number> {
    return (await this.store.list('attachments/')).length;
  }
}

/** The bucket's image storage and attachment store, sharing one client. */
export function s3Stores(settings: ObjectStoreSettings, publicUrl: string) {
  const store = new ObjectStore(settings);
  return { storage: new S3Storage(store, publicUrl), attachmentStore: new S3AttachmentStore(store) };
}
