import { loadSharp } from '../../storage/sharp';

/** The site's mark, as apps/web/public/favicon.svg draws it: the star on terracotta. */
const STAR = 'M32 12l4.7 11.8L49 25l-9.4 8.1L42.5 46 32 39.2 21.5 46l2.9-12.9L15 25l12.3-1.2z';
const mark = (corner: number) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="512" height="512"><rect width="64" height="64" rx="${corner}" fill="#c2410c"/><path d="${STAR}" fill="#fff"/></svg>`,
  );

const png = async (size: number, corner: number) =>
  (await loadSharp())(mark(corner)).resize(size, size).png().toBuffer();

/**
 * favicon.ico: the mark at 16, 32 and 48 pixels, each a PNG inside the ICO container (readable by
 * every browser since Windows Vista's format).
 */
export async function faviconIco(): Promise<Buffer> {
  const sizes = [16, 32, 48];
  const images = await Promise.all(sizes.map((size) => png(size, 14)));
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // an icon
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map((image, i) => {
    const entry = Buffer.alloc(16);
    const size = sizes[i] ?? 0;
    entry.writeUInt8(size, 0);
    entry.writeUInt8(size, 1);
    entry.writeUInt8(0, 2); // no palette
    entry.writeUInt8(0, 3);
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(image.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += image.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images]);
}

/** apple-touch-icon.png: 180 pixels, square (the phone rounds its corners itself). */
export function appleTouchIcon(): Promise<Buffer> {
  return png(180, 0);
}
