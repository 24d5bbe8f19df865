import { createHash } from 'node:crypto';
import { formatKsh } from '@sherehe/shared/money';
import type { Package } from '@sherehe/shared/schemas/packages';
import { escapeHtml } from '../../lib/html';
import { runImageWork } from '../../storage/images';
import { loadSharp } from '../../storage/sharp';
import type { Storage } from '../../storage/storage';

/** The size link previews (WhatsApp, Facebook, X) show large. */
export const SHARE_IMAGE = { width: 1200, height: 630 } as const;

/** WhatsApp ignores a larger og:image; a little under its 300 KB. */
export const SHARE_IMAGE_MAX_BYTES = 280 * 1024;
const JPEG_QUALITIES = [80, 65, 50, 35];

/** Bumped when the picture's design changes, so every package gets a new one. */
const DESIGN = 'v1';

/** The package's fields the picture shows: a change to any of them makes a new picture. */
type Shown = Pick<Package, '_id' | 'title' | 'price' | 'image'>;

/** A short hash of what the picture shows: its stored name and its ETag. */
export function shareImageVersion(pkg: Shown): string {
  return createHash('sha256')
    .update(JSON.stringify([DESIGN, pkg.title, pkg.price, pkg.image]))
    .digest('hex')
    .slice(0, 16);
}

/**
 * The picture's address. Its version in the query makes a changed picture a new address for the
 * caches of link previews, which keep an image by its address.
 */
export function shareImagePath(pkg: Shown): string {
  return `/share/packages/${pkg._id}.jpg?v=${shareImageVersion(pkg)}`;
}

/** Breaks a title into at most `lines` lines of about `width` characters, the last one cut with an ellipsis. */
function wrap(text: string, width: number, lines: number): string[] {
  const words = text.replace(/\s+/g, ' ').trim().split(' ');
  const out: string[] = [];
  let line = '';
  for (const word of words) {
    if (line && `${line} ${word}`.length > width) {
      out.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) out.push(line);
  if (out.length <= lines) return out.map((l) => (l.length > width ? `${l.slice(0, width - 1)}…` : l));
  const kept = out.slice(0, lines);
  const last = kept[lines - 1] ?? '';
  kept[lines - 1] = `${last.slice(0, width - 1).trimEnd()}…`;
  return kept;
}

const STAR = 'M32 12l4.7 11.8L49 25l-9.4 8.1L42.5 46 32 39.2 21.5 46l2.9-12.9L15 25l12.3-1.2z';

/** The title and the price over the lower part of the picture, in a generic sans-serif. */
function caption(pkg: Shown, onPhoto: boolean): string {
  const { width, height } = SHARE_IMAGE;
  const lines = wrap(pkg.title, 30, 2);
  const ink = onPhoto ? '#ffffff' : '#431407';
  const priceInk = onPhoto ? '#fed7aa' : '#9a3412';
  const top = height - 130 - (lines.length - 1) * 66;
  const text = lines
    .map(
      (line, i) =>
        `<text x="64" y="${top + i * 66}" font-size="54" font-weight="700" fill="${ink}">${escapeHtml(line)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="DejaVu Sans, Arial, Helvetica, sans-serif">
<defs><linearGradient id="shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.78"/></linearGradient></defs>
${onPhoto ? `<rect y="${height * 0.4}" width="${width}" height="${height * 0.6}" fill="url(#shade)"/>` : ''}
${text}
<text x="64" y="${height - 52}" font-size="44" font-weight="700" fill="${priceInk}">${escapeHtml(formatKsh(pkg.price, 'en'))}</text>
<text x="${width - 64}" y="${height - 52}" font-size="32" font-weight="700" text-anchor="end" fill="${ink}">Sherehe</text>
</svg>`;
}

/** The web app's artwork for a package without a photo (a warm gradient and a star), at share size. */
function artwork(): string {
  const { width, height } = SHARE_IMAGE;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<defs><linearGradient id="warm" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fed7aa"/><stop offset="0.5" stop-color="#fef3c7"/><stop offset="1" stop-color="#fecdd3"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#warm)"/>
<g transform="translate(${width - 330} 40) scale(4.4)"><path d="${STAR}" fill="#9a3412" fill-opacity="0.6"/></g>
</svg>`;
}

/** A stored photo's file, by its URL (`…/images/{uuid}.webp`, on this server or the bucket's public address). */
async function readPhoto(storage: Storage, url: string): Promise<Buffer | undefined> {
  const file = /(images\/[0-9a-f-]{36}\.webp)$/.exec(url)?.[1];
  const found = file ? await storage.openFile(file) : undefined;
  return found ? bytesOf(found.stream) : undefined;
}

async function bytesOf(stream: AsyncIterable<unknown>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Draws the 1200x630 JPEG: the cover photo cropped to fill, with the title and price over it; or,
 * without a photo (or when its file is gone), the artwork the web app shows in its place.
 */
export async function drawShareImage(storage: Storage, pkg: Shown): Promise<Buffer> {
  const photo = pkg.image ? await readPhoto(storage, pkg.image) : undefined;
  const sharp = await loadSharp();
  return runImageWork(async () => {
    const base = photo
      ? sharp(photo, { failOn: 'none' }).resize(SHARE_IMAGE.width, SHARE_IMAGE.height, { fit: 'cover' })
      : sharp(Buffer.from(artwork()));
    const drawn = await base
      .composite([{ input: Buffer.from(caption(pkg, photo !== undefined)), top: 0, left: 0 }])
      .png()
      .toBuffer();
    // A busy photo may need a lower quality to stay under what link previews accept.
    let jpeg = Buffer.alloc(0);
    for (const quality of JPEG_QUALITIES) {
      jpeg = await sharp(drawn).jpeg({ quality, mozjpeg: true }).toBuffer();
      if (jpeg.length <= SHARE_IMAGE_MAX_BYTES) break;
    }
    return jpeg;
  });
}

/** The stored picture of a package as it is now: drawn and stored on its first request after a change. */
export async function shareImage(storage: Storage, pkg: Shown): Promise<{ body: Buffer; version: string }> {
  const version = shareImageVersion(pkg);
  const name = `${pkg._id}-${version}`;
  const stored = await storage.openShareImage(name);
  if (stored) return { body: await bytesOf(stored.stream), version };
  const body = await drawShareImage(storage, pkg);
  await storage.putShareImage(name, body);
  // What it showed before is gone: its older pictures with it.
  await storage.deleteShareImages(pkg._id, name);
  return { body, version };
}
