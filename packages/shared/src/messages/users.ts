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
  you: 'You',
  noneFound: 'No users match your filters.',
} as const;
