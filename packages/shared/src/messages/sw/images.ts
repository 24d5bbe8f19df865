import type { Translation } from '../../i18n';
import type { imagesMessages as en } from '../images';

export const imagesMessages = {
  pictureUpdated: 'Picha ya wasifu imesasishwa!',
  selectFirst: 'Tafadhali chagua picha kwanza',
  tooLarge: 'Ukubwa wa faili lazima uwe chini ya 5MB',
  notImage: 'Tafadhali pakia faili ya picha (JPEG, PNG, WebP, GIF au AVIF).',
  damaged: 'Imeshindikana kusoma picha. Huenda imeharibika au haijakamilika.',
  notMultipart: 'Tuma fomu kama multipart/form-data.',
  uploadFailed: 'Imeshindikana kupakia picha',
  tooManyPixels: (megapixels) =>
    `Picha hii ina pikseli nyingi mno: inakubaliwa isiyozidi megapikseli ${megapixels}. Tafadhali chagua picha ndogo zaidi au upunguze ukubwa wake.`,
  busy: 'Seva inashughulikia picha nyingine. Tafadhali jaribu tena baada ya sekunde chache.',
} as const satisfies Translation<typeof en>;
