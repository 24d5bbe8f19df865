import { MESSAGES } from '@sherehe/shared/messages';
import type { Queryable } from '../../db/client';
import type { PackageImageRow, UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { lockCurrentRole } from '../users';
import { listPackagePhotos } from './package-photos.queries';
import { canChangePackage } from './packages.policy';
import { findPackage, lockPackage, type PackageRowWithRelations } from './packages.queries';

export type Actor = Pick<UserRow, 'id' | 'role'>;

/** A package as a write answers it: with its photos, the cover first. */
export type PackageWithPhotos = PackageRowWithRelations & { photos: PackageImageRow[] };

/**
 * The package locked for a change by `actor`, who must still be allowed to change it. The actor's
 * role is read first, under a lock (the order a role change takes them in: user, then packages),
 * so a planner demoted while the request was on its way is refused.
 */
export async function lockChangeablePackage(tx: Queryable, actor: Actor, id: string) {
  const role = await lockCurrentRole(tx, actor.id);
  const locked = await lockPackage(tx, id);
  if (!locked) throw new AppError('NOT_FOUND', MESSAGES.packages.notFound);
  if (!role || !canChangePackage({ id: actor.id, role }, locked)) {
    throw new AppError('FORBIDDEN', MESSAGES.packages.notYours);
  }
  return locked;
}

/** The package as it is now, with its photos, for the presenter. */
export async function loadPresentable(db: Queryable, id: string): Promise<PackageWithPhotos> {
  const row = await findPackage(db, id);
  if (!row) throw new AppError('NOT_FOUND', MESSAGES.packages.notFound);
  return { ...row, photos: await listPackagePhotos(db, id) };
}
