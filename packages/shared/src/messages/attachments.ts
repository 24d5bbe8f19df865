// User-facing texts of chat attachments (docs/chat-and-files.md#files-in-chat).

export const attachmentsMessages = {
  uploaded: 'File uploaded.',
  selectFirst: 'Choose a file to send (field "file").',
  notAllowed: 'This kind of file cannot be sent. Send a photo (JPEG, PNG or WebP) or a PDF document.',
  damaged: 'The file could not be read. It may be damaged or incomplete.',
  pdfActive: 'This PDF contains scripts or actions that start programs, so it cannot be sent.',
  tooLarge: (megabytes: number) => `A file can be at most ${megabytes} MB.`,
  bookingFull: (megabytes: number) =>
    `The files of one booking can take at most ${megabytes} MB together, and this one would go past it. Share a link instead.`,
  notFound: 'File not found.',
  bookingNotFound: 'Booking not found.',
  tooMany: (max: number) => `A message can carry at most ${max} files.`,
  notSendable:
    'A file of this message was not found, is not yours, belongs to another booking, or was already sent.',
  connectionLost: 'The connection was lost. Try again.',
  attach: 'Attach files',
  files: 'Files',
  noFiles: 'No files shared yet.',
  cancel: 'Cancel upload',
  retry: 'Retry',
  remove: 'Remove',
  uploading: 'Uploading…',
  viewer: (name: string) => `Image: ${name}`,
  close: 'Close',
  download: (name: string) => `Download ${name}`,
} as const;
