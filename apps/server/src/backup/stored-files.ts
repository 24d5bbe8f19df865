import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config';
import { ObjectStore } from '../storage/object-store';
import { IMMUTABLE } from '../storage/s3-storage';

/**
 * Every stored object (uploaded images, share pictures, chat files) under one name whichever store
 * holds it: the bucket's key (`images/…`, `share/…`, `attachments/…`). An archive made from a disk
 * restores into a bucket and the other way round.
 */
export interface StoredFiles {
  /** Where the files are, for messages. */
  readonly where: string;
  list(): Promise<string[]>;
  read(key: string): Promise<Buffer>;
  write(key: string, body: Buffer): Promise<void>;
  remove(key: string): Promise<void>;
}

const KEY =
  /^(images\/[0-9a-f-]{36}(-thumb)?\.webp|share\/[0-9a-f-]{36}-[0-9a-f]{16}\.jpg|attachments\/[0-9a-f-]{36}(-thumb)?)$/;

/** Whether a name is one a store holds (an archive's names are checked before they are written). */
export function isStoredFileKey(key: string): boolean {
  return KEY.test(key);
}

/** The disk layout of app.ts: DATA_DIR/uploads/images, DATA_DIR/share-images/share, DATA_DIR/attachments/ab/…. */
function diskFiles(dataDir: string): StoredFiles {
  const fileOf = (key: string) => {
    if (!KEY.test(key)) throw new Error(`not a stored file's name: ${key}`);
    if (key.startsWith('images/')) return path.join(dataDir, 'uploads', key);
    if (key.startsWith('share/')) return path.join(dataDir, 'share-images', key);
    const name = key.slice('attachments/'.length);
    return path.join(dataDir, 'attachments', name.slice(0, 2), name);
  };
  const under = async (folder: string) =>
    (await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []))
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name));
  return {
    where: dataDir,
    async list() {
      const keys: string[] = [];
      for (const file of await under(path.join(dataDir, 'uploads', 'images')))
        keys.push(`images/${path.basename(file)}`);
      for (const file of await under(path.join(dataDir, 'share-images', 'share')))
        keys.push(`share/${path.basename(file)}`);
      for (const file of await under(path.join(dataDir, 'attachments')))
        keys.push(`attachments/${path.basename(file)}`);
      // Half-written share pictures (`….part`) and strangers are not the app's files.
      return keys.filter((key) => KEY.test(key)).sort();
    },
    read: (key) => readFile(fileOf(key)),
    async write(key, body) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, body);
    },
    async remove(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}

function bucketFiles(store: ObjectStore): StoredFiles {
  return {
    where: `bucket ${store.settings.bucket}`,
    async list() {
      const keys = [
        ...(await store.list('images/')),
        ...(await store.list('share/')),
        ...(await store.list('attachments/')),
      ];
      return keys.filter((key) => KEY.test(key)).sort();
    },
    async read(key) {
      const found = await store.get(key);
      if (!found) throw new Error(`${key} is not in the bucket`);
      const chunks: Buffer[] = [];
      for await (const chunk of found.stream) chunks.push(Buffer.from(chunk));
      return Buffer.concat(chunks);
    },
    async write(key, body) {
      if (!KEY.test(key)) throw new Error(`not a stored file's name: ${key}`);
      // The headers the app's stores (storage/s3-storage.ts) give each kind of object.
      const headers = key.startsWith('images/')
        ? { 'content-type': 'image/webp', 'cache-control': IMMUTABLE }
        : key.startsWith('share/')
          ? { 'content-type': 'image/jpeg', 'cache-control': IMMUTABLE }
          : { 'content-type': 'application/octet-stream', 'cache-control': 'private' };
      await store.put(key, body, headers);
    },
    remove: (key) => store.delete(key),
  };
}

/** The files of the app configured by `config`: its bucket with S3_*, its DATA_DIR otherwise. */
export function storedFilesOf(config: Pick<Config, 'dataDir' | 'objectStorage'>): StoredFiles {
  return config.objectStorage
    ? bucketFiles(new ObjectStore(config.objectStorage))
    : diskFiles(config.dataDir);
}
