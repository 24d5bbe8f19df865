import { asc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { type PackageImageRow, packageImages, packages } from '../../db/schema';

/** A package's photos in their order, the cover first. */
export async function listPackagePhotos(db: Queryable, packageId: string): Promise<PackageImageRow[]> {
  return db
    .select()
    .from(packageImages)
    .where(eq(packageImages.packageId, packageId))
    .orderBy(asc(packageImages.position), asc(packageImages.createdAt), asc(packageImages.id));
}

export async function insertPackagePhotos(
  db: Queryable,
  rows: { packageId: string; position: number; storageKey: string }[],
) {
  if (rows.length === 0) return;
  await db.insert(packageImages).values(rows);
}

export async function deletePackagePhoto(db: Queryable, id: string) {
  await db.delete(packageImages).where(eq(packageImages.id, id));
}

export async function setPackagePhotoPosition(db: Queryable, id: string, position: number) {
  await db.update(packageImages).set({ position }).where(eq(packageImages.id, id));
}

export async function setPackagePhotoKey(db: Queryable, id: string, storageKey: string) {
  await db.update(packageImages).set({ storageKey }).where(eq(packageImages.id, id));
}

/** The package's `image` follows its cover, so lists and cards read it without the photos. */
export async function setPackageCover(db: Queryable, packageId: string, storageKey: string | null) {
  await db
    .update(packages)
    .set({ image: storageKey, updatedAt: new Date() })
    .where(eq(packages.id, packageId));
}
