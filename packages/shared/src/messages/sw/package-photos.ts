import type { Translation } from '../../i18n';
import type { packagePhotosMessages as en } from '../package-photos';

export const packagePhotosMessages = {
  tooLarge: (megabytes) => `Kila picha lazima iwe chini ya ${megabytes}MB`,
  tooMany: (max) => `Kifurushi kinaweza kuwa na picha zisizozidi ${max}.`,
  photoIds: 'Taja picha kwa vitambulisho vyake, vikitenganishwa kwa koma.',
  notFound: 'Picha haikupatikana.',
  unknownPhoto: 'Mojawapo ya picha zilizotajwa si picha ya kifurushi hiki.',
  keepOne: 'Kifurushi kinahitaji angalau picha moja: ongeza nyingine kabla ya kuondoa ya mwisho.',
  added: 'Picha imeongezwa.',
  removed: 'Picha imeondolewa.',
  photos: 'Picha',
  hint: (max, megabytes) =>
    `Hadi picha ${max}, kila moja isiyozidi MB ${megabytes}. Ya kwanza ndiyo ya jalada: inaonekana kwenye kadi na juu ya ukurasa.`,
  addPhotos: 'Ongeza picha',
  count: (count, max) => `Picha ${count} kati ya ${max}`,
  cover: 'Jalada',
  makeCover: 'Ifanye jalada',
  makeCoverOf: (number) => `Ifanye picha ya ${number} kuwa jalada`,
  remove: 'Ondoa',
  removeOf: (number) => `Ondoa picha ya ${number}`,
  photoAlt: (number) => `Picha ya ${number}`,
  newPhoto: 'Mpya',
  uploading: (current, total) => `Inapakia picha ${current} kati ya ${total}…`,
  uploadFailed: (name) => `Picha ${name} haikuweza kupakiwa.`,
  gallery: 'Picha za kifurushi hiki',
  showPhoto: (number, total) => `Onyesha picha ya ${number} kati ya ${total}`,
  bigPhotoAlt: (title, number, total) => `${title}: picha ya ${number} kati ya ${total}`,
} as const satisfies Translation<typeof en>;
