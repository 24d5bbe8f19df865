import type { Translation } from '../../i18n';
import type { securityMessages as en } from '../security';

export const securityMessages = {
  badOrigin: 'Ombi hili limetoka mahali pasiporuhusiwa.',
  rateLimited: (seconds: number) => `Maombi ni mengi mno. Tafadhali jaribu tena baada ya sekunde ${seconds}.`,
  unavailable: 'Huduma haipatikani kwa muda. Tafadhali jaribu tena baada ya muda mfupi.',
  requestTooLarge: 'Ombi hili ni kubwa mno.',
  invalidJson: 'Maudhui ya ombi si JSON sahihi.',
  unsupportedMediaType: 'Aina hii ya maudhui haikubaliwi.',
  invalidValue: 'Thamani si sahihi.',
} as const satisfies Translation<typeof en>;
