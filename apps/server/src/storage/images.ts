import sharp from 'sharp';
import type { Storage } from './storage';

/** Longest side of the stored full-size image and of the thumbnail, in pixels. */
export const IMAGE_MAX_SIDE = 1600;
export const THUMB_MAX_SIDE = 480;

/** Re-encodes any image sharp can read into a full-size WebP and a thumbnail. */
export async function encodeImage(input: Buffer): Promise<{ full: Buffer; thumb: Buffer }> {
  const source = sharp(input, { failOn: 'error', limitInputPixels: 40_000_000 }).rotate();
  const [full, thumb] = await Promise.all([
    source
      .clone()
      .resize(IMAGE_MAX_SIDE, IMAGE_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer(),
    source
      .clone()
      .resize(THUMB_MAX_SIDE, THUMB_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 72 })
      .toBuffer(),
  ]);
  return { full, thumb };
}

export async function storeImage(storage: Storage, input: Buffer): Promise<string> {
  return storage.putImage(await encodeImage(input));
}
