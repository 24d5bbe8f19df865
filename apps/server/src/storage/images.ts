import { MESSAGES } from '@sherehe/shared/messages';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { AppError } from '../lib/app-error';
import type { Storage } from './storage';

/** Longest side of the stored full-size image and of the thumbnail, in pixels. */
export const IMAGE_MAX_SIDE = 1600;
export const THUMB_MAX_SIDE = 480;

/** Formats accepted from users, recognised by their bytes. SVG is not among them (it can carry script). */
const ACCEPTED = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif']);

/** Re-encodes an image into a full-size WebP and a thumbnail; metadata (EXIF, GPS) is dropped. */
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

/**
 * An uploaded file, judged by its bytes (never its name or declared type): 415 unless it is an
 * image of an accepted format that decodes completely.
 */
export async function encodeUpload(input: Buffer): Promise<{ full: Buffer; thumb: Buffer }> {
  const type = await fileTypeFromBuffer(input);
  if (!type || !ACCEPTED.has(type.mime))
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', MESSAGES.images.notImage);
  try {
    return await encodeImage(input);
  } catch (error) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', MESSAGES.images.damaged, { cause: error });
  }
}

/** Stores generated artwork (demo data): trusted input, no format check. */
export async function storeImage(storage: Storage, input: Buffer): Promise<string> {
  return storage.putImage(await encodeImage(input));
}
