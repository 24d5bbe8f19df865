// User-facing texts of one domain; the specification's quotes are copied word for word.

export const usersMessages = {
  loadFailed: 'Failed to load users.',
  deleteFailed: 'Failed to delete user.',
  roleFailed: 'Failed to update user role.',
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
