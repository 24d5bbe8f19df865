// User-facing texts of one domain; the specification's quotes are copied word for word.

export const profileMessages = {
  updated: 'Profile updated successfully!',
  updateFailed: 'Failed to update profile',
  notFound: 'Profile not found',
  loadFailed: 'Failed to load profile',
  notFoundTitle: 'Profile Not Found',
  uploadPicture: 'Upload Picture',
  saveChanges: 'Save Changes',
  viewPackages: 'View Packages',
  sendMessage: 'Send Message',
  professionalInfo: 'Professional Information',
  goBack: 'Go Back',
} as const;
