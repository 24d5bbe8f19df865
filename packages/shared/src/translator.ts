/**
 * Turns a finished English text back into the other language's (docs/languages.md#languages): the server words its
 * answers in English, and this rewrites an answer's `message` for a Kiswahili caller in one place.
 *
 * Plain texts map one to one. A text function (`passwordTooLong(200)`) is called with sentinel
 * arguments to learn the shape of its outputs, so "Password must be at most 200 characters." is
 * recognised, 200 captured, and the Kiswahili function called with it. Functions that branch on a
 * number (plurals, "today"/"tomorrow") are also learnt with 0 and 1 in each place.
 */

type Text = (...args: never[]) => unknown;

interface Pattern {
  regex: RegExp;
  /** For each argument: a fixed value, or which capture group holds it. */
  args: Array<{ fixed: unknown } | { group: number }>;
  translate: Text;
  /** Letters outside the captures: the more, the more specific the pattern. */
  weight: number;
}

const OPEN = '\uE000';
const CLOSE = '\uE001';
const SENTINEL = new RegExp(`${OPEN}(\\d+)${CLOSE}`, 'g');
const SENTINEL_IN = new RegExp(`${OPEN}\\d+${CLOSE}`);
/** A pattern must carry this many letters of its own, or it would match any text (`(month) => month`). */
const MIN_LETTERS = 6;

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function learn(english: Text, translate: Text, exact: Map<string, string>, patterns: Pattern[]): void {
  const arity = english.length;
  if (arity === 0) return;
  const sentinels = Array.from({ length: arity }, (_, i) => `${OPEN}${i}${CLOSE}`);
  const variants: unknown[][] = [sentinels];
  for (let i = 0; i < arity; i++)
    for (const fixed of [0, 1]) variants.push(sentinels.map((s, j) => (j === i ? fixed : s)));
  const seen = new Set<string>();
  for (const values of variants) {
    let output: unknown;
    try {
      output = (english as (...args: unknown[]) => unknown)(...values);
    } catch {
      continue;
    }
    if (typeof output !== 'string') continue;
    if (!SENTINEL_IN.test(output)) {
      // Fixed arguments only ("today" for 0 days): a plain text, as specific as any.
      let other: unknown;
      try {
        other = (translate as (...args: unknown[]) => unknown)(...values);
      } catch {
        continue;
      }
      if (typeof other === 'string' && output !== '' && !exact.has(output)) exact.set(output, other);
      continue;
    }
    const literals = output.split(SENTINEL).filter((_, index) => index % 2 === 0);
    const letters = literals.join('').replace(/[^\p{L}]/gu, '').length;
    if (letters < MIN_LETTERS) continue;
    let source = '^';
    let group = 0;
    const groupOf = new Map<number, number>();
    let last = 0;
    for (const match of output.matchAll(SENTINEL)) {
      source += escapeRegex(output.slice(last, match.index));
      const position = Number(match[1]);
      const known = groupOf.get(position);
      if (known === undefined) {
        groupOf.set(position, ++group);
        source += '([\\s\\S]+?)';
      } else source += `\\${known}`;
      last = match.index + match[0].length;
    }
    source += `${escapeRegex(output.slice(last))}$`;
    if (seen.has(source)) continue;
    seen.add(source);
    const args = values.map((value, position) => {
      const g = groupOf.get(position);
      return g === undefined ? { fixed: typeof value === 'number' ? value : undefined } : { group: g };
    });
    patterns.push({ regex: new RegExp(source), args, translate, weight: letters });
  }
}

function walk(english: unknown, other: unknown, exact: Map<string, string>, patterns: Pattern[]): void {
  if (typeof english === 'string') {
    if (typeof other === 'string' && english !== '' && !exact.has(english)) exact.set(english, other);
  } else if (typeof english === 'function') {
    if (typeof other === 'function') learn(english as Text, other as Text, exact, patterns);
  } else if (english && typeof english === 'object' && other && typeof other === 'object') {
    for (const [key, value] of Object.entries(english))
      walk(value, (other as Record<string, unknown>)[key], exact, patterns);
  }
}

/** A captured number goes back as a number, as the function was given one. */
function argumentOf(text: string): string | number {
  return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
}

export type Translator = (text: string) => string;

/**
 * A translator from the texts of `english` to those of `other`, two dictionaries of the same shape.
 * A text it does not know comes back unchanged.
 */
export function createTranslator(english: object, other: object): Translator {
  const exact = new Map<string, string>();
  const patterns: Pattern[] = [];
  walk(english, other, exact, patterns);
  patterns.sort((a, b) => b.weight - a.weight);
  return (text) => {
    const known = exact.get(text);
    if (known !== undefined) return known;
    for (const pattern of patterns) {
      const match = pattern.regex.exec(text);
      if (!match) continue;
      // A captured text that is one of ours (a field's label in "Full name is required.") is said
      // in the other language too.
      const captured = pattern.args.map((arg) => {
        if (!('group' in arg)) return arg.fixed;
        const value = match[arg.group] ?? '';
        return exact.get(value) ?? value;
      });
      // Numbers back to numbers; should a function want text where digits were captured, text it is.
      for (const values of [captured.map((v) => (typeof v === 'string' ? argumentOf(v) : v)), captured]) {
        try {
          const result = (pattern.translate as (...args: unknown[]) => unknown)(...values);
          if (typeof result === 'string') return result;
        } catch {
          // the other try, or the next pattern
        }
      }
    }
    return text;
  };
}
