import { latestBookableDay } from '@sherehe/shared/booking-dates';
import { todayInNairobi } from '@sherehe/shared/dates';
import { MESSAGES } from '@sherehe/shared/messages';
import { toCents } from '@sherehe/shared/money';
import {
  type ListPackagesQuery,
  PACKAGE_PHOTOS_MAX,
  type PackageFields,
  type PackageUpdateFields,
} from '@sherehe/shared/schemas/packages';
import type { Db, Queryable } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { pageInfo, pageWindow } from '../../lib/paging';
import { isForeignKeyViolation } from '../../lib/pg-errors';
import type { AttachmentStore } from '../../storage/attachments';
import type { Storage } from '../../storage/storage';
import { deleteAttachmentsOfPackage } from '../attachments';
import { type AuditContext, recordAudit } from '../audit';
import { findCategory } from '../categories';
import { findUserPlanLimits } from '../users';
import { type Actor, loadPresentable, lockChangeablePackage } from './package-access';
import { insertPackagePhotos, listPackagePhotos } from './package-photos.queries';
import { applyPhotoChanges, changesPhotos, withStoredPhotos } from './package-photos.service';
import {
  canChangePackage,
  canCreatePackage,
  canListUnlistedPackages,
  canViewPackage,
} from './packages.policy';
import {
  countPlannerPackages,
  deletePackage,
  findPackage,
  insertPackage,
  updatePackage,
} from './packages.queries';
import { searchPackages, searchWords } from './packages-search.queries';
import { SearchMatchesCache } from './search-matches';

const DEFAULT_PAGE_SIZE = 6;

/**
 * The day of a "free on" search: one a booking request could be made for (today or later in
 * Nairobi, within the booking horizon). A past day is refused rather than answered empty: nobody
 * can book it, and the browse page offers none.
 */
function assertBookableDay(day: string) {
  const today = todayInNairobi();
  const message =
    day < today
      ? MESSAGES.packages.freeOnPast
      : day > latestBookableDay(today)
        ? MESSAGES.packages.freeOnTooFar
        : undefined;
  if (message) throw new AppError('VALIDATION', message, { errors: [{ path: 'date', message }] });
}

/**
 * GET /api/packages: one page of the catalogue. Packages out of it (unlisted) only for an admin
 * who asks for them.
 */
export async function searchCatalogue({
  db,
  viewer,
  query,
  kept,
}: {
  db: Db;
  viewer: Actor | undefined;
  query: ListPackagesQuery;
  /** Kept matches of searches (absent: every search asks the database). */
  kept?: SearchMatchesCache | undefined;
}) {
  const { page, limit, sort = query.q ? 'relevance' : 'newest', ...filters } = query;
  if (filters.includeUnlisted) {
    if (!viewer) throw new AppError('UNAUTHENTICATED', MESSAGES.auth.notLoggedIn);
    if (!canListUnlistedPackages(viewer)) throw new AppError('FORBIDDEN', MESSAGES.generic.forbidden);
  }
  if (
    filters.minPrice !== undefined &&
    filters.maxPrice !== undefined &&
    filters.minPrice > filters.maxPrice
  ) {
    throw new AppError('VALIDATION', MESSAGES.packages.priceRange, {
      errors: [{ path: 'minPrice', message: MESSAGES.packages.priceRange }],
    });
  }
  if (filters.date !== undefined) assertBookableDay(filters.date);
  const window = pageWindow({ page, limit }, { defaultSize: DEFAULT_PAGE_SIZE });
  const options = { filters, sort, limit: window.limit, offset: window.offset };
  const set = kept && SearchMatchesCache.matchSet(filters, searchWords(filters.q));
  const { rows, total } =
    (set && (await kept.page(db, set, options))) ?? (await searchPackages(db, options, window.paged));
  if (!total || !window.paged) return { rows, page: undefined };
  return { rows, page: { ...pageInfo(window, total.total), ...(total.capped && { totalCapped: true }) } };
}

/**
 * A package as `viewer` may see it: one out of the catalogue (its planner may no longer offer
 * packages) only for the admins and its own planner; for anyone else it does not exist.
 */
export async function getPackage({ db, viewer, id }: { db: Db; viewer: Actor | undefined; id: string }) {
  const row = await findPackage(db, id);
  if (!row || !canViewPackage(viewer, row.package)) {
    throw new AppError('NOT_FOUND', MESSAGES.packages.notFound);
  }
  return row;
}

/** GET /api/packages/:id: the package as `viewer` may see it, with its photos. */
export async function readPackage(options: { db: Db; viewer: Actor | undefined; id: string }) {
  const row = await getPackage(options);
  return { ...row, photos: await listPackagePhotos(options.db, options.id) };
}

/**
 * Whether the actor may create one more package: their role as it is now (a planner demoted a
 * moment ago may not), and the planner's package limit (docs/product-rules.md, What plans enforce). Inside a transaction the
 * actor's row is locked first, so two parallel creations cannot both see room for one more, and a
 * role change waits for the creation (its triggers then see the new package) or is waited for.
 */
async function assertMayCreatePackage(db: Queryable, actor: Actor, lock: boolean) {
  const row = await findUserPlanLimits(db, actor.id, { lock });
  if (!row || !canCreatePackage({ id: actor.id, role: row.role })) {
    throw new AppError('FORBIDDEN', MESSAGES.generic.forbidden);
  }
  if (row.role === 'admin') return;
  const max = row.maxPackages;
  if (max === null) return;
  if ((await countPlannerPackages(db, actor.id)) >= max) {
    throw new AppError('PLAN_LIMIT', MESSAGES.packages.limitReached(max), { upgradePrompt: true });
  }
}

async function assertCategory(db: Queryable, id: string) {
  if (!(await findCategory(db, id))) {
    throw new AppError('VALIDATION', MESSAGES.packages.categoryMissing, {
      errors: [{ path: 'category', message: MESSAGES.packages.categoryMissing }],
    });
  }
}

/** Runs a write with new photos stored; a category deleted meanwhile is the form's mistake. */
async function writeWithPhotos<T>(storage: Storage, photos: Buffer[], write: (keys: string[]) => Promise<T>) {
  try {
    return await withStoredPhotos(storage, photos, write);
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new AppError('VALIDATION', MESSAGES.packages.categoryMissing);
    throw error;
  }
}

export async function createPackage(options: {
  db: Db;
  storage: Storage;
  actor: Actor;
  fields: PackageFields;
  /** The cover. */
  image: Buffer | undefined;
  /** More photos, after the cover. */
  images?: Buffer[] | undefined;
}) {
  const { db, storage, actor, fields, image, images = [] } = options;
  if (!image) {
    throw new AppError('VALIDATION', MESSAGES.packages.imageRequired, {
      errors: [{ path: 'image', message: MESSAGES.packages.imageRequired }],
    });
  }
  // Cheap checks first, so a refused request costs no image processing.
  await assertMayCreatePackage(db, actor, false);
  await assertCategory(db, fields.category);
  if (images.length + 1 > PACKAGE_PHOTOS_MAX) {
    const message = MESSAGES.packagePhotos.tooMany(PACKAGE_PHOTOS_MAX);
    throw new AppError('VALIDATION', message, { errors: [{ path: 'images', message }] });
  }
  const id = await writeWithPhotos(storage, [image, ...images], (keys) =>
    db.transaction(async (tx) => {
      await assertMayCreatePackage(tx, actor, true);
      const row = await insertPackage(tx, {
        title: fields.title,
        description: fields.description,
        priceCents: toCents(fields.price),
        ...(fields.depositPercent !== undefined && { depositPercent: fields.depositPercent }),
        ...(fields.cancellationPolicy !== undefined && { cancellationPolicy: fields.cancellationPolicy }),
        categoryId: fields.category,
        location: fields.location,
        image: keys[0] ?? null,
        plannerId: actor.id,
      });
      await insertPackagePhotos(
        tx,
        keys.map((storageKey, position) => ({ packageId: row.id, position, storageKey })),
      );
      return row.id;
    }),
  );
  return loadPresentable(db, id);
}

export async function changePackage(options: {
  db: Db;
  storage: Storage;
  actor: Actor;
  id: string;
  fields: PackageUpdateFields;
  /** A new cover, in the old one's place. */
  image: Buffer | undefined;
  /** More photos, after the others. */
  images?: Buffer[] | undefined;
  audit: AuditContext;
}) {
  const { db, storage, actor, id, fields, image, images = [], audit } = options;
  const existing = await findPackage(db, id);
  if (!existing) throw new AppError('NOT_FOUND', MESSAGES.packages.notFound);
  if (!canChangePackage(actor, existing.package)) throw new AppError('FORBIDDEN', MESSAGES.packages.notYours);
  if (fields.category) await assertCategory(db, fields.category);

  const photos = image ? [image, ...images] : images;
  const unused = await writeWithPhotos(storage, photos, (keys) =>
    db.transaction(async (tx) => {
      const locked = await lockChangeablePackage(tx, actor, id);
      // An admin changing someone's package is moderation: on the audit trail, with what changed.
      if (actor.role === 'admin' && locked.plannerId !== actor.id)
        await recordAudit(tx, audit, {
          action: 'package.changed',
          subjectType: 'package',
          subjectId: id,
          summary: {
            fields: Object.keys(fields).filter((key) => fields[key as keyof typeof fields] !== undefined),
            photos: photos.length,
          },
        });
      await updatePackage(tx, id, {
        ...(fields.title !== undefined && { title: fields.title }),
        ...(fields.description !== undefined && { description: fields.description }),
        ...(fields.price !== undefined && { priceCents: toCents(fields.price) }),
        ...(fields.depositPercent !== undefined && { depositPercent: fields.depositPercent }),
        ...(fields.cancellationPolicy !== undefined && { cancellationPolicy: fields.cancellationPolicy }),
        ...(fields.category !== undefined && { categoryId: fields.category }),
        ...(fields.location !== undefined && { location: fields.location }),
      });
      const changes = {
        cover: image ? keys[0] : undefined,
        added: image ? keys.slice(1) : keys,
        remove: fields.removeImages,
        order: fields.imageOrder,
      };
      return changesPhotos(changes) ? applyPhotoChanges(tx, locked, changes) : [];
    }),
  );
  // After commit: the files of replaced and removed photos go.
  await Promise.all(unused.map((key) => storage.deleteImage(key)));
  return loadPresentable(db, id);
}

export async function removePackage(options: {
  db: Db;
  storage: Storage;
  attachmentStore: AttachmentStore;
  actor: Actor;
  id: string;
  audit: AuditContext;
}) {
  const { db, storage, attachmentStore, actor, id, audit } = options;
  const { images, files } = await db.transaction(async (tx) => {
    const locked = await lockChangeablePackage(tx, actor, id);
    // An admin removing someone's package is moderation: on the audit trail.
    if (actor.role === 'admin' && locked.plannerId !== actor.id)
      await recordAudit(tx, audit, {
        action: 'package.removed',
        subjectType: 'package',
        subjectId: id,
        summary: { title: locked.title, categoryId: locked.categoryId },
      });
    const photos = await listPackagePhotos(tx, id);
    // The bookings stay in both parties' history; the files shared in their chats go.
    const files = await deleteAttachmentsOfPackage(tx, id);
    await deletePackage(tx, id);
    const keys = photos.map((photo) => photo.storageKey);
    return { images: [...new Set(locked.image ? [locked.image, ...keys] : keys)], files };
  });
  // After commit: every photo's files go, and the share pictures made of them.
  await Promise.all(images.map((key) => storage.deleteImage(key)));
  await storage.deleteShareImages(id);
  await attachmentStore.deleteAll(files);
}
