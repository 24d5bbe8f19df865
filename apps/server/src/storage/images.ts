import { MESSAGES } from '@sherehe/shared/messages';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../lib/app-error';
import { loadSharp } from './sharp';
import type { Storage } from './storage';

/** Longest side of the stored full-size image and of the thumbnail, in pixels. */
export const IMAGE_MAX_SIDE = 1600;
export const THUMB_MAX_SIDE = 480;

/** Formats accepted from users, recognised by their bytes. SVG is not among them (it can carry script). */
const ACCEPTED = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif']);

/** Re-encodes an image into a full-size WebP and a thumbnail; metadata (EXIF, GPS) is dropped. */
export async function encodeImage(
  input: Buffer,
  maxPixels = imageWork.maxPixels,
  full: { maxSide: number; quality: number } = { maxSide: IMAGE_MAX_SIDE, quality: 80 },
): Promise<{ full: Buffer; thumb: Buffer }> {
  const sharp = await loadSharp();
  const source = sharp(input, { failOn: 'error', limitInputPixels: maxPixels }).rotate();
  // One after the other: an encode holds one of libuv's threads at a time, not two.
  const large = await source
    .clone()
    .resize(full.maxSide, full.maxSide, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: full.quality })
    .toBuffer();
  const thumb = await source
    .clone()
    .resize(THUMB_MAX_SIDE, THUMB_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 72 })
    .toBuffer();
  return { full: large, thumb };
}

/**
 * A bound on image work in this process. sharp and argon2 (password hashing) both run on libuv's
 * thread pool, four threads by default: sixteen uploads at once filled it, and a login waited
 * seconds for its hash. Encodes run `size` at a time; up to `queue` more wait their turn, and
 * beyond that an upload is refused with 503 and Retry-After rather than queued without end.
 */
export class ImageWorkGate {
  #active = 0;
  readonly #waiting: Array<() => void> = [];

  constructor(
    readonly size: number,
    readonly queue: number,
  ) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.#active < this.size) this.#active += 1;
    else if (this.#waiting.length >= this.queue) throw new AppError('UNAVAILABLE', MESSAGES.images.busy);
    // A finishing encode hands its slot straight to the first in line.
    else await new Promise<void>((resolve) => this.#waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = this.#waiting.shift();
      if (next) next();
      else this.#active -= 1;
    }
  }
}

/**
 * Image settings of this process (config `limits`, docs/decisions/013-rate-limits.md). The thread
 * pool they protect is the process's, so they are too: the app sets them when it is built.
 */
const imageWork = { maxPixels: 25_000_000, gate: new ImageWorkGate(1, 32) };

/** Runs image work within this process's bound: waits its turn, or 503 when the queue is full. */
export function runImageWork<T>(work: () => Promise<T>): Promise<T> {
  return imageWork.gate.run(work);
}

export function configureImageWork(options: { maxPixels: number; encodesAtOnce: number; queue: number }) {
  imageWork.maxPixels = options.maxPixels;
  imageWork.gate = new ImageWorkGate(options.encodesAtOnce, options.queue);
}

/**
 * An uploaded file, judged by its bytes (never its name or declared type): 415 unless it is an
 * image of an accepted format that decodes completely; 413 when it has more pixels than the
 * setting allows (read from its header, before anything is decoded).
 */
export async function encodeUpload(
  input: Buffer,
  full: { maxSide: number; quality: number } = { maxSide: IMAGE_MAX_SIDE, quality: 80 },
): Promise<{ full: Buffer; thumb: Buffer }> {
  const type = await fileTypeFromBuffer(input);
  if (!type || !ACCEPTED.has(type.mime))
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', MESSAGES.images.notImage);
  const { maxPixels } = imageWork;
  // Outside the try: a library that does not load is the server's failure, not a damaged image.
  const sharp = await loadSharp();
  let size: { width?: number | undefined; height?: number | undefined };
  try {
    size = await sharp(input).metadata();
  } catch (error) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', MESSAGES.images.damaged, { cause: error });
  }
  if ((size.width ?? 0) * (size.height ?? 0) > maxPixels) throw tooManyPixels(maxPixels);
  return runImageWork(async () => {
    try {
      return await encodeImage(input, maxPixels, full);
    } catch (error) {
      if (error instanceof Error && /pixel limit/i.test(error.message)) throw tooManyPixels(maxPixels);
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', MESSAGES.images.damaged, { cause: error });
    }
  });
}

/** Longest side of a chat photo as stored (docs/chat-and-files.md#files-in-chat); its thumbnail is THUMB_MAX_SIDE. */
export const ATTACHMENT_MAX_SIDE = 2048;

/**
 * A chat photo (already recognised by its bytes as JPEG, PNG or WebP): turned upright by its EXIF
 * orientation and re-encoded to WebP at most 2,048 px with a thumbnail, all metadata (EXIF, GPS,
 * XMP) dropped; within this process's bound on image work. 413 past the pixel setting, 415 when
 * it does not decode.
 */
export async function encodeAttachmentImage(input: Buffer): Promise<{ full: Buffer; thumb: Buffer }> {
  const { maxPixels } = imageWork;
  // Outside the try: a library that does not load is the server's failure, not a damaged image.
  const sharp = await loadSharp();
  let size: { width?: number | undefined; height?: number | undefined };
  try {
    size = await sharp(input).metadata();
  } catch (error) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', MESSAGES.attachments.damaged, { cause: error });
  }
  if ((size.width ?? 0) * (size.height ?? 0) > maxPixels) throw tooManyPixels(maxPixels);
  return runImageWork(async () => {
    try {
      return await encodeImage(input, maxPixels, { maxSide: ATTACHMENT_MAX_SIDE, quality: 82 });
    } catch (error) {
      if (error instanceof Error && /pixel limit/i.test(error.message)) throw tooManyPixels(maxPixels);
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', MESSAGES.attachments.damaged, { cause: error });
    }
  });
}

/**
 * A package photo, judged by its bytes like any upload, then stored as a chat photo is: upright,
 * WebP at most 2,048 px with a thumbnail, every piece of metadata (EXIF, GPS, XMP) dropped.
 */
export function encodePackagePhoto(input: Buffer): Promise<{ full: Buffer; thumb: Buffer }> {
  return encodeUpload(input, { maxSide: ATTACHMENT_MAX_SIDE, quality: 82 });
}

function tooManyPixels(maxPixels: number) {
  const megapixels = Math.round((maxPixels / 1_000_000) * 10) / 10;
  return new AppError('PAYLOAD_TOO_LARGE', MESSAGES.images.tooManyPixels(megapixels));
}

/** Stores generated artwork (demo data): trusted input, no format check. */
export async function storeImage(storage: Storage, input: Buffer): Promise<string> {
  return storage.putImage(await encodeImage(input));
}
