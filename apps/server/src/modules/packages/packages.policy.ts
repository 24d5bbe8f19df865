import { mayOfferPackages } from '@sherehe/shared/roles';
import type { UserRow } from '../../db/schema';

type Viewer = Pick<UserRow, 'id' | 'role'>;

/**
 * Planners change only their own packages; admins change any (docs/security.md, Authorization). `user.role` must be
 * the role as it is now (the services read it under a lock): a planner demoted to client changes
 * nothing, not even their old packages.
 */
export function canChangePackage(user: Viewer, pkg: { plannerId: string }): boolean {
  return user.role === 'admin' || (user.role === 'planner' && pkg.plannerId === user.id);
}

/** Who may create packages (and so have theirs in the catalogue): planners and admins. */
export function canCreatePackage(user: Viewer): boolean {
  return mayOfferPackages(user.role);
}

/** Admins manage every package, those out of the catalogue too, so they may list them all. */
export function canListUnlistedPackages(viewer: Viewer | undefined): boolean {
  return viewer?.role === 'admin';
}

/**
 * A package out of the catalogue (its planner may no longer offer packages) is still seen by the
 * admins, who manage it, and by its own planner, whose content it is; for anyone else it does not
 * exist.
 */
export function canViewPackage(viewer: Viewer | undefined, pkg: { plannerId: string; listed: boolean }) {
  return pkg.listed || canListUnlistedPackages(viewer) || viewer?.id === pkg.plannerId;
}
