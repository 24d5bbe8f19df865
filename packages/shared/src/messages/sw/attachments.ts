import type { Translation } from '../../i18n';
import type { attachmentsMessages as en } from '../attachments';

export const attachmentsMessages = {
  uploaded: 'Faili imepakiwa.',
  selectFirst: 'Chagua faili ya kutuma (sehemu "file").',
  notAllowed: 'Aina hii ya faili haiwezi kutumwa. Tuma picha (JPEG, PNG au WebP) au hati ya PDF.',
  damaged: 'Imeshindikana kusoma faili. Huenda imeharibika au haijakamilika.',
  pdfActive: 'PDF hii ina skripti au vitendo vinavyoanzisha programu, kwa hivyo haiwezi kutumwa.',
  tooLarge: (megabytes) => `Faili moja haiwezi kuzidi ${megabytes} MB.`,
  bookingFull: (megabytes) =>
    `Faili za nafasi moja haziwezi kuzidi ${megabytes} MB kwa jumla, na faili hii ingepita kiwango hicho. Badala yake, tuma kiungo.`,
  notFound: 'Faili haikupatikana.',
  bookingNotFound: 'Nafasi haikupatikana.',
  tooMany: (max) => `Ujumbe mmoja hauwezi kubeba zaidi ya faili ${max}.`,
  notSendable:
    'Faili moja ya ujumbe huu haikupatikana, si yako, ni ya nafasi nyingine, au tayari ilishatumwa.',
  connectionLost: 'Muunganisho umekatika. Jaribu tena.',
  attach: 'Ambatisha faili',
  files: 'Faili',
  noFiles: 'Bado hakuna faili zilizoshirikiwa.',
  cancel: 'Ghairi upakiaji',
  retry: 'Jaribu tena',
  remove: 'Ondoa',
  uploading: 'Inapakia…',
  viewer: (name) => `Picha: ${name}`,
  close: 'Funga',
  download: (name) => `Pakua ${name}`,
} as const satisfies Translation<typeof en>;
