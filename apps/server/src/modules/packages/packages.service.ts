import { MESSAGES } from '@sherehe/shared/messages';
import type { ListPackagesQuery, PackageFields, PackageUpdateFields } from '@sherehe/shared/schemas/packages';
import type { Db, Queryable } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { pageInfo, pageWindow } from '../../lib/paging';
import { isForeignKeyViolation } from '../../lib/pg-errors';
import type { AttachmentStore } from '../../storage/attachments';
import { encodeUpload } from '../../storage/images';
import type { Storage } from '../../storage/storage';
import { deleteAttachmentsOfPackage } from '../attachments';
import { findCategory } from '../categories';
import { findUserPlanLimits, lockCurrentRole } from '../users';
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
  lockPackage,
  updatePackage,
} from './packages.queries';
import { searchPackages, searchWords } from './packages-search.queries';
import { SearchMatchesCache } from './search-matches';

type Actor = Pick<UserRow, 'id' | 'role'>;

const DEFAULT_PAGE_SIZE = 6;

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

/**
 * Whether the actor may create one more package: their role as it is now (a planner demoted a
 * moment ago may not), and the planner's package limit (docs/architecture.md, What plans enforce). Inside a transaction the
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

/**
 * The package locked for a change by `actor`, who must still be allowed to change it. The actor's
 * role is read first, under a lock (the order a role change takes them in: user, then packages),
 * so a planner demoted while the request was on its way is refused.
 */
async function lockChangeablePackage(tx: Queryable, actor: Actor, id: string) {
  const role = await lockCurrentRole(tx, actor.id);
  const locked = await lockPackage(tx, id);
  if (!locked) throw new AppError('NOT_FOUND', MESSAGES.packages.notFound);
  if (!role || !canChangePackage({ id: actor.id, role }, locked)) {
    throw new AppError('FORBIDDEN', MESSAGES.packages.notYours);
  }
  return locked;
}

async function assertCategory(db: Queryable, id: string) {
  if (!(await findCategory(db, id))) {
    throw new AppError('VALIDATION', MESSAGES.packages.categoryMissing, {
      errors: [{ path: 'category', message: MESSAGES.packages.categoryMissing }],
    });
  }
}

/** Runs `write` with freshly stored image files, removing them again if the write fails. */
async function withStoredImage<T>(
  storage: Storage,
  image: Buffer | undefined,
  write: (imageKey: string | undefined) => Promise<T>,
): Promise<T> {
  const imageKey = image ? await storage.putImage(await encodeUpload(image)) : undefined;
  try {
    return await write(imageKey);
  } catch (error) {
    if (imageKey) await storage.deleteImage(imageKey);
    if (isForeignKeyViolation(error)) throw new AppError('VALIDATION', MESSAGES.packages.categoryMissing);
    throw error;
  }
}

async function loadPresentable(db: Queryable, id: string) {
  const row = await findPackage(db, id);
  if (!row) throw new AppError('NOT_FOUND', MESSAGES.packages.notFound);
  return row;
}

export async function createPackage(options: {
  db: Db;
  storage: Storage;
  actor: Actor;
  fields: PackageFields;
  image: Buffer | undefined;
}) {
  const { db, storage, actor, fields, image } = options;
  if (!image) {
    throw new AppError('VALIDATION', MESSAGES.packages.imageRequired, {
      errors: [{ path: 'image', message: MESSAGES.packages.imageRequired }],
    });
  }
  // Cheap checks first, so a refused request costs no image processing.
  await assertMayCreatePackage(db, actor, false);
  await assertCategory(db, fields.category);
  const id = await withStoredImage(storage, image, (imageKey) =>
    db.transaction(async (tx) => {
      await assertMayCreatePackage(tx, actor, true);
      const row = await insertPackage(tx, {
        title: fields.title,
        description: fields.description,
        price: fields.price,
        ...(fields.depositPercent !== undefined && { depositPercent: fields.depositPercent }),
        categoryId: fields.category,
        location: fields.location,
        image: imageKey ?? null,
        plannerId: actor.id,
      });
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
  image: Buffer | undefined;
}) {
  const { db, storage, actor, id, fields, image } = options;
  const existing = await findPackage(db, id);
  if (!existing) throw new AppError('NOT_FOUND', MESSAGES.packages.notFound);
  if (!canChangePackage(actor, existing.package)) throw new AppError('FORBIDDEN', MESSAGES.packages.notYours);
  if (fields.category) await assertCategory(db, fields.category);

  const replacedImage = await withStoredImage(storage, image, (imageKey) =>
    db.transaction(async (tx) => {
      const locked = await lockChangeablePackage(tx, actor, id);
      await updatePackage(tx, id, {
        ...(fields.title !== undefined && { title: fields.title }),
        ...(fields.description !== undefined && { description: fields.description }),
        ...(fields.price !== undefined && { price: fields.price }),
        ...(fields.depositPercent !== undefined && { depositPercent: fields.depositPercent }),
        ...(fields.category !== undefined && { categoryId: fields.category }),
        ...(fields.location !== undefined && { location: fields.location }),
        ...(imageKey !== undefined && { image: imageKey }),
      });
      return imageKey ? locked.image : null;
    }),
  );
  // After commit: the replaced image's files go.
  if (replacedImage) await storage.deleteImage(replacedImage);
  return loadPresentable(db, id);
}

export async function removePackage(options: {
  db: Db;
  storage: Storage;
  attachmentStore: AttachmentStore;
  actor: Actor;
  id: string;
}) {
  const { db, storage, attachmentStore, actor, id } = options;
  const { image, files } = await db.transaction(async (tx) => {
    const locked = await lockChangeablePackage(tx, actor, id);
    // The bookings stay in both parties' history; the files shared in them go (DESIGN §9).
    const files = await deleteAttachmentsOfPackage(tx, id);
    await deletePackage(tx, id);
    return { image: locked.image, files };
  });
  if (image) await storage.deleteImage(image);
  await attachmentStore.deleteAll(files);
}
