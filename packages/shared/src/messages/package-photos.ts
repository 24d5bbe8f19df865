// User-facing texts of one domain: a package's photos (the form's photo list and the gallery).
// Apart from `packagesMessages`, which the home page carries, so the home page's bundle stays as it is.

export const packagePhotosMessages = {
  tooLarge: (megabytes: number) => `Each photo must be less than ${megabytes}MB`,
  tooMany: (max: number) => `A package can have at most ${max} photos.`,
  photoIds: 'Name photos by their ids, separated by commas.',
  notFound: 'Photo not found.',
  unknownPhoto: 'One of the photos named is not a photo of this package.',
  keepOne: 'A package needs at least one photo: add another before removing the last one.',
  added: 'Photo added.',
  removed: 'Photo removed.',
  photos: 'Photos',
  hint: (max: number, megabytes: number) =>
    `Up to ${max} photos, each at most ${megabytes} MB. The first one is the cover: it shows on cards and at the top of the page.`,
  addPhotos: 'Add photos',
  count: (count: number, max: number) => `${count} of ${max} photos`,
  cover: 'Cover',
  makeCover: 'Make cover',
  makeCoverOf: (number: number) => `Make photo ${number} the cover`,
  remove: 'Remove',
  removeOf: (number: number) => `Remove photo ${number}`,
  photoAlt: (number: number) => `Photo ${number}`,
  newPhoto: 'New',
  uploading: (current: number, total: number) => `Uploading photo ${current} of ${total}…`,
  uploadFailed: (name: string) => `The photo ${name} could not be uploaded.`,
  gallery: 'Photos of this package',
  showPhoto: (number: number, total: number) => `Show photo ${number} of ${total}`,
  bigPhotoAlt: (title: string, number: number, total: number) => `${title}: photo ${number} of ${total}`,
} as const;
