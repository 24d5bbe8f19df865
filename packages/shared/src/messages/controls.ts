// User-facing texts of one domain; the specification's quotes are copied word for word.

/**
 * Words on the buttons and controls many pages share. Apart from genericMessages, which the first
 * page of every visit loads: these come with the pages that use them.
 */
export const controlsMessages = {
  cancel: 'Cancel',
  saving: 'Saving...',
  tryAgain: 'Try Again',
  close: 'Close',
  edit: 'Edit',
  delete: 'Delete',
  deleting: 'Deleting...',
  saveChanges: 'Save Changes',
  editNamed: (name: string) => `Edit ${name}`,
  deleteNamed: (name: string) => `Delete ${name}`,
  pagination: 'Pagination',
  previous: 'Prev',
  next: 'Next',
  page: (page: number) => `Page ${page}`,
  logIn: 'Log in',
  /** Read before a status badge by screen readers. */
  statusPrefix: 'Status: ',
  locationPrefix: 'Location: ',
  opensInNewTab: ' (opens in a new tab)',
  back: 'Back',
  characterCount: (count: number, max: number) => `${count} / ${max} characters`,
  loadingForm: 'Loading the form…',
  /** The Share button of a package page and a planner's profile: the phone's share sheet, else WhatsApp. */
  share: 'Share',
  shareNamed: (name: string) => `Share ${name}`,
  shareText: (name: string) => `${name} on Sherehe`,
} as const;
