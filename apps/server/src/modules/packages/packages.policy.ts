import type { UserRow } from '../../db/schema';

/** Planners change only their own packages; admins change any (DESIGN.md §4). */
export function canChangePackage(user: Pick<UserRow, 'id' | 'role'>, pkg: { plannerId: string }): boolean {
  return user.role === 'admin' || (user.role === 'planner' && pkg.plannerId === user.id);
}
