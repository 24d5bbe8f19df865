// The catalogue search's glossary of event words in Kiswahili and English: a searched word that is
// in an entry also finds the packages with the entry's other words, in either language ("harusi"
// finds the weddings, "wedding" the packages that say harusi). Words are lower case, as a search
// reads them; a word may be in several entries.

/** One entry: words that mean one thing, Kiswahili first, then English. */
export interface GlossaryEntry {
  sw: readonly string[];
  en: readonly string[];
}

export const SEARCH_GLOSSARY: readonly GlossaryEntry[] = [
  { sw: ['harusi', 'arusi', 'ndoa'], en: ['wedding', 'weddings', 'marriage'] },
  // The Kikuyu dowry visit and traditional wedding, as said in Kenya in both languages.
  { sw: ['ruracio', 'ngurario', 'mahari'], en: ['dowry'] },
  { sw: ['kuagana', 'send-off'], en: ['sendoff', 'farewell'] },
  { sw: ['chakula', 'vyakula', 'mlo'], en: ['catering', 'food', 'meals'] },
  { sw: ['mahafali'], en: ['graduation', 'graduations'] },
  { sw: ['kongamano', 'makongamano', 'mkutano'], en: ['conference', 'conferences'] },
  { sw: ['sherehe', 'hafla', 'tafrija'], en: ['party', 'parties', 'celebration', 'celebrations'] },
  { sw: ['mapambo'], en: ['decor', 'décor', 'decoration', 'decorations'] },
  { sw: ['picha'], en: ['photography', 'photographer', 'photo', 'photos'] },
  { sw: ['keki'], en: ['cake', 'cakes'] },
  { sw: ['muziki', 'mziki'], en: ['music', 'dj', 'band'] },
  { sw: ['hema', 'mahema'], en: ['tent', 'tents', 'marquee'] },
  { sw: ['kuzaliwa'], en: ['birthday', 'birthdays'] },
  { sw: ['mtoto', 'watoto'], en: ['baby', 'kids', 'children'] },
  { sw: ['kanisa'], en: ['church'] },
  { sw: ['harambee'], en: ['fundraiser', 'fundraising'] },
  { sw: ['kwaya'], en: ['choir'] },
  { sw: ['ukumbi'], en: ['venue', 'hall'] },
  { sw: ['maua'], en: ['flowers', 'floral'] },
  { sw: ['vinywaji'], en: ['drinks', 'cocktails', 'refreshments'] },
  { sw: ['pwani', 'ufukweni'], en: ['beach', 'coast'] },
  { sw: ['bustani'], en: ['garden'] },
  { sw: ['uchumba', 'posa'], en: ['engagement', 'proposal'] },
  { sw: ['jamii'], en: ['community'] },
  { sw: ['sauti'], en: ['sound'] },
  { sw: ['viti'], en: ['seating', 'chairs'] },
];

const partners = new Map<string, Set<string>>();
for (const { sw, en } of SEARCH_GLOSSARY) {
  const words = [...sw, ...en];
  for (const word of words) {
    const known = partners.get(word) ?? new Set<string>();
    for (const other of words) if (other !== word) known.add(other);
    partners.set(word, known);
  }
}

/**
 * The words a searched word (lower case, as typed) also stands for: the other words of every
 * glossary entry it is in, in both languages, in the glossary's order; none for a word not in it.
 */
export function glossaryPartners(word: string): string[] {
  return [...(partners.get(word) ?? [])];
}
