// User-facing texts of one domain; the specification's quotes are copied word for word.

export const usersMessages = {
  loadFailed: 'Failed to load users.',
  deleteFailed: 'Failed to delete user.',
  roleFailed: 'Failed to update user role.',
  roleConfirmTitle: 'Change role',
  roleConfirm: 'Change role',
  roleSaving: 'Saving...',
  roleSignsOut: 'They will be signed out on every device and sign in again with the new role.',
  adminPowers: 'An admin can change and delete every user, package, category and message.',
  roleUpdated: (role: string) => `Role changed to ${role}.`,
  deleted: 'User deleted.',
  notFound: 'User not found.',
  notYourself: 'You cannot change or delete your own account here.',
  lastAdmin: 'There must always be at least one admin.',
  deleteWarning:
    'Deleting this user also deletes their packages, bookings and reviews. This cannot be undone.',
  /** Shown with the warning above: what a deletion never removes. */
  recordsKept: 'Payment records are kept, as the law requires.',
  /** The name a deleted account keeps where its bookings and payments are still shown. */
  deletedName: 'Deleted user',
  /** DELETE /api/user/me. */
  accountDeleted: 'Your account has been deleted.',
  wrongPassword: 'That is not your password.',
  lastAdminSelf: 'You are the last admin: make someone else an admin before deleting your account.',
  you: 'You',
  noneFound: 'No users match your filters.',
  noneFoundHint: 'Try another role or a shorter part of the name.',
  loading: 'Loading users…',
  intro: 'Everyone with an account, their roles and plans.',
  count: (total: number) => `${total} user${total === 1 ? '' : 's'}`,
  deleteTitle: 'Delete user',
  /** The user's name (in bold) and email address go where `name` and `email` are. */
  deleteConfirm: <T>(name: T, email: T) => ['Delete ', name, ' (', email, ')?'] as const,
  /** The same, and the new role (in bold) where `to` is. */
  roleChangeConfirm: <T>(name: T, email: T, from: string, to: T) =>
    ['Change ', name, ' (', email, `) from ${from} to `, to, '?'] as const,
  filtersLabel: 'Filter users',
  search: 'Search by name or email',
  allRoles: 'All roles',
  roleOf: (name: string) => ` of ${name}`,
  planJoined: (plan: string, joined: string) => `${plan} plan · joined ${joined}`,
} as const;
