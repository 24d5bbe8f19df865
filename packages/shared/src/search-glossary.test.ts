import { describe, expect, it } from 'vitest';
import { glossaryPartners, SEARCH_GLOSSARY } from './search-glossary';

// Every word of the glossary, with the words it must widen to (its entries' other words).
const words = [...new Set(SEARCH_GLOSSARY.flatMap(({ sw, en }) => [...sw, ...en]))];

describe('the search glossary', () => {
  it('has the event words of both languages', () => {
    const pairs: [string, string][] = [
      ['harusi', 'wedding'],
      ['chakula', 'catering'],
      ['chakula', 'food'],
      ['mahafali', 'graduation'],
      ['kongamano', 'conference'],
      ['sherehe', 'party'],
      ['sherehe', 'celebration'],
      ['ruracio', 'dowry'],
      ['ngurario', 'ruracio'],
      ['send-off', 'farewell'],
      ['mapambo', 'decor'],
      ['picha', 'photography'],
      ['keki', 'cake'],
      ['muziki', 'music'],
      ['muziki', 'dj'],
      ['hema', 'tents'],
    ];
    for (const [sw, en] of pairs) {
      expect(glossaryPartners(sw), sw).toContain(en);
      expect(glossaryPartners(en), en).toContain(sw);
    }
  });

  describe('maps every word both ways', () => {
    for (const word of words) {
      it(word, () => {
        const entries = SEARCH_GLOSSARY.filter(({ sw, en }) => sw.includes(word) || en.includes(word));
        const expected = new Set(entries.flatMap(({ sw, en }) => [...sw, ...en]).filter((w) => w !== word));
        expect(new Set(glossaryPartners(word))).toEqual(expected);
        // And back: each partner widens to this word.
        for (const partner of expected) expect(glossaryPartners(partner), partner).toContain(word);
      });
    }
  });

  it('holds lower-case words only, letters and digits (a hyphen between), each entry in both languages', () => {
    for (const { sw, en } of SEARCH_GLOSSARY) {
      expect(sw.length, en.join()).toBeGreaterThan(0);
      expect(en.length, sw.join()).toBeGreaterThan(0);
      for (const word of [...sw, ...en]) {
        expect(word).toMatch(/^[\p{Ll}\p{N}]+(-[\p{Ll}\p{N}]+)*$/u);
      }
    }
  });

  it('widens no other word', () => {
    for (const word of ['nairobi', 'garden-party', 'Harusi', 'weddingz', '']) {
      expect(glossaryPartners(word), word).toEqual([]);
    }
  });
});
