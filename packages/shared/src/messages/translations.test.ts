import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Every English dictionary has a Kiswahili twin (the compiler checks each twin's keys and shapes);
// this lists the Kiswahili texts still identical to their English ones, which a translator missed.

const here = path.dirname(fileURLToPath(import.meta.url));
const domains = readdirSync(here)
  .filter((file) => /^[a-z-]+\.ts$/.test(file) && file !== 'lang.ts')
  .map((file) => file.replace(/\.ts$/, ''));

/** Words that are the same in both languages: names, brands, places, and each language's own name. */
const SAME_IN_BOTH =
  /\b(Sherehe|M-Pesa|Paystack|Google|Apple|Outlook|Ksh|KES|PDF|JPEG|PNG|WebP|Basic|Pro|Enterprise|English|Kiswahili|Nairobi|Kenya|Daraja|iCalendar|ics|OK)\b/g;

function onlyNamesAndNumbers(text: string): boolean {
  return !/\p{L}{2,}/u.test(text.replace(SAME_IN_BOTH, ''));
}

/** The text a value shows: strings as they are, functions called with sample arguments. */
function texts(value: unknown, at: string, into: Map<string, string>): void {
  if (typeof value === 'string') into.set(at, value);
  else if (typeof value === 'function') {
    for (const sample of ['Ⓧ', 3, [] as unknown]) {
      try {
        const shown = (value as (...args: unknown[]) => unknown)(
          ...Array(Math.max(value.length, 1)).fill(sample),
        );
        texts(shown, `${at}()`, into);
        return;
      } catch {
        // Another kind of argument, then.
      }
    }
  } else if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) texts(item, `${at}[${index}]`, into);
  } else if (value && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) texts(item, `${at}.${key}`, into);
}

describe('the Kiswahili dictionaries', () => {
  it.each(domains)('%s has a Kiswahili twin with the same exports', async (domain) => {
    const english = await import(`./${domain}.ts`);
    const kiswahili = await import(`./sw/${domain}.ts`);
    expect(Object.keys(kiswahili).sort()).toEqual(Object.keys(english).sort());
  });

  it('leave no text identical to its English one, names, brands and numbers aside', async () => {
    const identical: string[] = [];
    for (const domain of domains) {
      const english = await import(`./${domain}.ts`);
      const kiswahili = await import(`./sw/${domain}.ts`);
      const en = new Map<string, string>();
      const sw = new Map<string, string>();
      texts(english, domain, en);
      texts(kiswahili, domain, sw);
      for (const [at, text] of en) {
        if (sw.get(at) === text && !onlyNamesAndNumbers(text)) identical.push(`${at}: ${text}`);
      }
    }
    expect(identical).toEqual([]);
  });
});
