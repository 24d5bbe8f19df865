import { fromCents } from '@sherehe/shared/money';
import type { Package } from '@sherehe/shared/schemas/packages';
import type { PackageImageRow } from '../../db/schema';
import type { Storage } from '../../storage/storage';
import type { PackageRowWithRelations } from './packages.queries';

/** A package's average rating, as every view shows it: with one decimal. */
export function roundAverage(value: number): number {
  return Math.round(value * 10) / 10;
}

/** A package; with `photos` (the read of one package, the writes) its `images` too, the cover first. */
export function presentPackage(
  row: PackageRowWithRelations & { photos?: PackageImageRow[] },
  storage: Storage,
): Package {
  const urls = row.package.image ? storage.imageUrls(row.package.image) : null;
  return {
    _id: row.package.id,
    title: row.package.title,
    description: row.package.description,
    price: fromCents(row.package.priceCents),
    depositPercent: row.package.depositPercent,
    cancellationPolicy: row.package.cancellationPolicy,
    category: { _id: row.category.id, name: row.category.name, nameSw: row.category.nameSw },
    location: row.package.location,
    image: urls?.full ?? null,
    imageThumb: urls?.thumb ?? null,
    ...(row.photos && {
      images: row.photos.map((photo) => {
        const photoUrls = storage.imageUrls(photo.storageKey);
        return { _id: photo.id, url: photoUrls.full, thumbnailUrl: photoUrls.thumb };
      }),
    }),
    planner: { _id: row.planner.id, username: row.planner.username, email: row.planner.email },
    rating: { average: roundAverage(row.package.ratingAvg), count: row.package.ratingCount },
    listed: row.package.listed,
    createdAt: row.package.createdAt.toISOString(),
    updatedAt: row.package.updatedAt.toISOString(),
  };
}
