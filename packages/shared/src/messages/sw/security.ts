import type { Translation } from '../../i18n';
import type { securityMessages as en } from '../security';

export const securityMessages = {
  badOrigin: 'Ombi hili limetoka mahali pasiporuhusiwa.',
  rateLimited: (minutes) =>
    `Maombi ni mengi mno. Tafadhali jaribu tena baada ya takriban dakika ${minutes <= 1 ? 'moja' : minutes}.`,
  unavailable: 'Huduma haipatikani kwa muda. Tafadhali jaribu tena baada ya muda mfupi.',
  tooLarge: 'Ombi ni kubwa mno.',
  invalidJson: 'Maudhui ya ombi si JSON sahihi.',
  unsupportedType: 'Aina ya maudhui haikubaliki.',
  nul: 'Maandishi hayawezi kuwa na herufi ya NUL.',
  controlCharacters:
    'Maandishi hayawezi kuwa na herufi za udhibiti (kama NUL); ujumbe unaweza kuwa na mistari mipya na vichupo.',
  noRoute: (method, path) => `Hakuna njia ya ${method} ${path}.`,
  invalidValue: 'Thamani si sahihi.',
} as const satisfies Translation<typeof en>;
