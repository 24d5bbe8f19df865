import { MESSAGES } from '@sherehe/shared/messages';
import { PACKAGE_PHOTOS_MAX } from '@sherehe/shared/schemas/packages';
import type { Db, Queryable } from '../../db/client';
import type { PackageImageRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { encodePackagePhoto } from '../../storage/images';
import type { Storage } from '../../storage/storage';
import { type Actor, loadPresentable, lockChangeablePackage } from './package-access';
import {
  deletePackagePhoto,
  insertPackagePhotos,
  listPackagePhotos,
  setPackageCover,
  setPackagePhotoKey,
  setPackagePhotoPosition,
} from './package-photos.queries';
import { canChangePackage } from './packages.policy';
import { findPackage } from './packages.queries';

/** What one write does to a package's photos; every part optional. */
export interface PhotoChanges {
  /** A new photo's key that takes the cover's place (the cover's old file goes). */
  cover?: string | undefined;
  /** New photos' keys, added after the others. */
  added?: string[] | undefined;
  /** Photo ids to remove. */
  remove?: string[] | undefined;
  /** Photo ids to put first, in this order (the first becomes the cover). */
  order?: string[] | undefined;
}

export function changesPhotos(changes: PhotoChanges): boolean {
  return Boolean(changes.cover || changes.added?.length || changes.remove?.length || changes.order?.length);
}

function refuse(path: string, message: string): AppError {
  return new AppError('VALIDATION', message, { errors: [{ path, message }] });
}

/**
 * Encodes and stores new photos (judged by their bytes, 415 when one is not an image), runs
 * `write` with their keys, and removes the files again if anything fails: no file is left that
 * no row names.
 */
export async function withStoredPhotos<T>(
  storage: Storage,
  photos: Buffer[],
  write: (keys: string[]) => Promise<T>,
): Promise<T> {
  const keys: string[] = [];
  try {
    for (const photo of photos) keys.push(await storage.putImage(await encodePackagePhoto(photo)));
    return await write(keys);
  } catch (error) {
    await Promise.all(keys.map((key) => storage.deleteImage(key)));
    throw error;
  }
}

/**
 * Applies `changes` to the locked package's photos: at most PACKAGE_PHOTOS_MAX, at least one once
 * it has any, and the package's `image` set to the cover. Returns the keys of the files the
 * change leaves unused, to delete once the transaction has committed.
 */
export async function applyPhotoChanges(
  tx: Queryable,
  pkg: { id: string; image: string | null },
  changes: PhotoChanges,
): Promise<string[]> {
  let rows = await listPackagePhotos(tx, pkg.id);
  // A package whose image predates its photos' rows gets the row it should have.
  if (rows.length === 0 && pkg.image) {
    await insertPackagePhotos(tx, [{ packageId: pkg.id, position: 0, storageKey: pkg.image }]);
    rows = await listPackagePhotos(tx, pkg.id);
  }
  const unused: string[] = [];
  const [first] = rows;
  if (changes.cover && first) {
    await setPackagePhotoKey(tx, first.id, changes.cover);
    unused.push(first.storageKey);
  }
  const known = new Map(rows.map((row) => [row.id, row]));
  const remove = new Set(changes.remove ?? []);
  for (const id of remove)
    if (!known.has(id)) throw refuse('removeImages', MESSAGES.packagePhotos.unknownPhoto);
  const kept = rows.filter((row) => !remove.has(row.id));
  for (const id of changes.order ?? []) {
    if (!known.has(id) || remove.has(id)) throw refuse('imageOrder', MESSAGES.packagePhotos.unknownPhoto);
  }
  const named = (changes.order ?? []).map((id) => known.get(id) as PackageImageRow);
  const ordered = [...named, ...kept.filter((row) => !named.includes(row))];
  const added = [...(changes.cover && !first ? [changes.cover] : []), ...(changes.added ?? [])];
  const total = ordered.length + added.length;
  if (total > PACKAGE_PHOTOS_MAX) throw refuse('images', MESSAGES.packagePhotos.tooMany(PACKAGE_PHOTOS_MAX));
  if (total === 0 && rows.length > 0) throw refuse('removeImages', MESSAGES.packagePhotos.keepOne);

  const keyOf = (row: PackageImageRow) => (row === first && changes.cover ? changes.cover : row.storageKey);
  for (const row of rows.filter((row) => remove.has(row.id))) {
    await deletePackagePhoto(tx, row.id);
    unused.push(keyOf(row));
  }
  for (const [position, row] of ordered.entries()) {
    if (row.position !== position) await setPackagePhotoPosition(tx, row.id, position);
  }
  await insertPackagePhotos(
    tx,
    added.map((storageKey, index) => ({ packageId: pkg.id, position: ordered.length + index, storageKey })),
  );
  const cover = [...ordered.map(keyOf), ...added][0] ?? null;
  if (cover !== pkg.image) await setPackageCover(tx, pkg.id, cover);
  return unused;
}

/** Changes a package's photos in one transaction; the files they leave go after the commit. */
async function changePhotos(options: {
  db: Db;
  storage: Storage;
  actor: Actor;
  id: string;
  photo?: Buffer | undefined;
  change: (photos: PackageImageRow[]) => PhotoChanges;
}) {
  const { db, storage, actor, id, photo } = options;
  const unused = await withStoredPhotos(storage, photo ? [photo] : [], ([key]) =>
    db.transaction(async (tx) => {
      const locked = await lockChangeablePackage(tx, actor, id);
      const changes = options.change(await listPackagePhotos(tx, id));
      return applyPhotoChanges(tx, locked, { ...changes, ...(key && { added: [key] }) });
    }),
  );
  await Promise.all(unused.map((key) => storage.deleteImage(key)));
  return loadPresentable(db, id);
}

/** POST /api/packages/:id/images: one more photo, after the others. */
export async function addPackagePhoto(options: {
  db: Db;
  storage: Storage;
  actor: Actor;
  id: string;
  photo: Buffer | undefined;
}) {
  const { db, actor, id, photo } = options;
  if (!photo) throw refuse('image', MESSAGES.images.selectFirst);
  // Cheap checks first, so a refused request costs no image processing; repeated under the lock.
  const existing = await findPackage(db, id);
  if (!existing) throw new AppError('NOT_FOUND', MESSAGES.packages.notFound);
  if (!canChangePackage(actor, existing.package)) throw new AppError('FORBIDDEN', MESSAGES.packages.notYours);
  if ((await listPackagePhotos(db, id)).length >= PACKAGE_PHOTOS_MAX) {
    throw refuse('images', MESSAGES.packagePhotos.tooMany(PACKAGE_PHOTOS_MAX));
  }
  return changePhotos({ ...options, photo, change: () => ({}) });
}

/** DELETE /api/packages/:id/images/:imageId: one photo fewer (the next becomes the cover). */
export async function removePackagePhoto(options: {
  db: Db;
  storage: Storage;
  actor: Actor;
  id: string;
  imageId: string;
}) {
  return changePhotos({
    ...options,
    change: (photos) => {
      if (!photos.some((photo) => photo.id === options.imageId)) {
        throw new AppError('NOT_FOUND', MESSAGES.packagePhotos.notFound);
      }
      return { remove: [options.imageId] };
    },
  });
}
