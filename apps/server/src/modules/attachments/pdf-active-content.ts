import { promisify } from 'node:util';
import zlib from 'node:zlib';

const inflate = promisify(zlib.inflate);

/**
 * Names that make a PDF viewer do something beyond showing pages: run a script (`/JavaScript`,
 * `/JS`, `/Rendition`), start a program or open another file (`/Launch`, `/GoToR`, `/GoToE`,
 * `/ImportData`), send what is typed (`/SubmitForm`), act on events (`/AA`), or carry files, media
 * or forms with scripts of their own (`/EmbeddedFile(s)`, `/RichMedia`, `/XFA`). A name ends at
 * whitespace or a delimiter, so `/JSON` is not `/JS`.
 */
const ACTIVE_NAME =
  /\/(JavaScript|JS|Rendition|Launch|GoToR|GoToE|ImportData|SubmitForm|AA|EmbeddedFiles?|RichMedia|XFA)(?=[\s/[\]<>(){}%]|$)/;
/**
 * What a viewer does on opening: a destination (`/OpenAction [page /Fit]`, as word processors
 * write) only shows a page; anything else (an action such as `/URI`, which opens a web address,
 * or a reference to one) is refused.
 */
const OPEN_ACTION = /\/OpenAction(?=[\s/[\]<>(){}%]|$)(?!\s*\[)/;

/** Most bytes inflated from one file's streams: a small file that inflates beyond it is refused. */
const MAX_INFLATED_BYTES = 32 * 1024 * 1024;

/** `#xx` escapes in names decoded, as a viewer reads them (`/J#61vaScript` is `/JavaScript`). */
function decodeNames(text: string): string {
  return text.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16)),
  );
}

function namesActive(latin1: string): boolean {
  const text = decodeNames(latin1);
  return ACTIVE_NAME.test(text) || OPEN_ACTION.test(text);
}

function asciiHexDecode(data: Buffer): Buffer {
  const hex = data
    .toString('latin1')
    .replace(/>[\s\S]*$/, '')
    .replace(/[^0-9a-fA-F]/g, '');
  return Buffer.from(hex.length % 2 ? `${hex}0` : hex, 'hex');
}

function ascii85Decode(data: Buffer): Buffer {
  const text = data
    .toString('latin1')
    .replace(/~>[\s\S]*$/, '')
    .replace(/^<~/, '')
    .replace(/\s+/g, '');
  const out: number[] = [];
  let group: number[] = [];
  for (const char of text) {
    if (char === 'z' && group.length === 0) {
      out.push(0, 0, 0, 0);
      continue;
    }
    const code = char.charCodeAt(0) - 33;
    if (code < 0 || code > 84) continue;
    group.push(code);
    if (group.length === 5) {
      const value = group.reduce((sum, digit) => sum * 85 + digit, 0);
      out.push((value >>> 24) & 255, (value >>> 16) & 255, (value >>> 8) & 255, value & 255);
      group = [];
    }
  }
  if (group.length > 1) {
    const missing = 5 - group.length;
    const value = [...group, ...Array<number>(missing).fill(84)].reduce((sum, digit) => sum * 85 + digit, 0);
    out.push(
      ...[(value >>> 24) & 255, (value >>> 16) & 255, (value >>> 8) & 255, value & 255].slice(0, 4 - missing),
    );
  }
  return Buffer.from(out);
}

/** The filters a stream's dictionary names, in order (`/Filter /FlateDecode`, `/Filter [/AHx /Fl]`). */
function filtersOf(dictionary: string): string[] {
  const match = /\/Filter\s*(\[[^\]]*\]|\/[^\s/[\]<>(){}%]+)/.exec(dictionary);
  if (!match) return [];
  return [...match[1]!.matchAll(/\/([^\s/[\]<>(){}%]+)/g)].map((name) => name[1]!);
}

type Decoded = { ok: true; data: Buffer } | { ok: false };

/** A stream's data through its filters, or not ok when a filter is unknown or the data is broken. */
async function decodeStream(data: Buffer, filters: string[], budget: { left: number }): Promise<Decoded> {
  let current = data;
  for (const filter of filters) {
    if (filter === 'FlateDecode' || filter === 'Fl') {
      if (budget.left <= 0) return { ok: false };
      try {
        // What a lenient viewer reads of a cut-off stream is read here too.
        current = await inflate(current, {
          finishFlush: zlib.constants.Z_SYNC_FLUSH,
          maxOutputLength: budget.left,
        });
      } catch (error) {
        if ((error as { code?: unknown }).code === 'ERR_BUFFER_TOO_LARGE') budget.left = 0;
        return { ok: false };
      }
      budget.left -= current.length;
    } else if (filter === 'ASCIIHexDecode' || filter === 'AHx') current = asciiHexDecode(current);
    else if (filter === 'ASCII85Decode' || filter === 'A85') current = ascii85Decode(current);
    else return { ok: false };
  }
  return { ok: true, data: current };
}

/** The dictionary (`<< … >>`, nested ones included) that ends just before `at`, or undefined. */
function dictionaryBefore(text: string, at: number): string | undefined {
  let end = at;
  while (end > 0 && /\s/.test(text[end - 1]!)) end -= 1;
  if (text.slice(end - 2, end) !== '>>') return undefined;
  let depth = 0;
  for (let i = end - 2; i >= 1; i -= 1) {
    const pair = text.slice(i, i + 2);
    if (pair === '>>') {
      depth += 1;
      i -= 1;
    } else if (pair === '<<') {
      depth -= 1;
      if (depth === 0) return text.slice(i, end);
      i -= 1;
    }
  }
  return undefined;
}

/**
 * Whether a PDF carries anything active, wherever it hides: in the file's own text (names also
 * written with `#xx` escapes) and inside its compressed streams (object streams hold whole
 * dictionaries), inflated with a bound on the bytes. Images and font programs are not read. An
 * object stream that cannot be read (an unknown filter, a predictor, broken or encrypted data) is
 * taken as active, since what it holds cannot be seen; so is a file inflating beyond the bound.
 */
export async function hasActiveContent(pdf: Buffer): Promise<boolean> {
  const text = pdf.toString('latin1');
  if (namesActive(text)) return true;
  const budget = { left: MAX_INFLATED_BYTES };
  const streamStart = /stream\r?\n/g;
  for (let match = streamStart.exec(text); match; match = streamStart.exec(text)) {
    const start = match.index + match[0].length;
    const found = dictionaryBefore(text, match.index);
    if (found === undefined) continue;
    const dictionary = decodeNames(found);
    const end = text.indexOf('endstream', start);
    const data = pdf.subarray(start, end === -1 ? pdf.length : end);
    streamStart.lastIndex = end === -1 ? pdf.length : end;
    const isObjectStream = /\/Type\s*\/ObjStm\b/.test(dictionary);
    if (!isObjectStream && (/\/Subtype\s*\/Image\b/.test(dictionary) || /\/Length[123]\b/.test(dictionary)))
      continue;
    const filters = filtersOf(dictionary);
    if (filters.length === 0) continue; // Not compressed: already read with the file's text.
    const predicted = /\/Predictor\s*(\d+)/.exec(dictionary);
    if (predicted && Number(predicted[1]) > 1 && !/\/Type\s*\/XRef\b/.test(dictionary)) {
      if (isObjectStream) return true;
      continue;
    }
    const decoded = await decodeStream(data, filters, budget);
    if (!decoded.ok) {
      if (isObjectStream || budget.left <= 0) return true;
      continue;
    }
    if (namesActive(decoded.data.toString('latin1'))) return true;
  }
  return false;
}
