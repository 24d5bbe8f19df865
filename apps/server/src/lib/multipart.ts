import { MESSAGES } from '@sherehe/shared/messages';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, NUL_MESSAGE } from './app-error';

export interface MultipartForm<T> {
  fields: T;
  /** The bytes of the `image` file, when one was chosen. */
  image: Buffer | undefined;
  /** The bytes of the `images` files, in the order sent (only when `files.many` allows them). */
  images: Buffer[];
}

/** What a form may carry beyond the defaults (one `image` file of the app's upload size). */
export interface MultipartFiles {
  /** Largest file, in bytes, and what a larger one is told (413). */
  maxBytes: number;
  tooLarge: string;
  /** How many files at most, `image` and `images` together, and what one more is told (400). */
  many: number;
  tooMany: string;
}

/**
 * Reads a multipart form: text fields validated with a shared zod schema (400 naming each bad
 * field), and at most one file, in the field `image` (413 above the size limit); with `files`,
 * also the repeated file field `images`, within its own limits.
 */
export async function readMultipartForm<S extends z.ZodType>(
  request: FastifyRequest,
  schema: S,
  files?: MultipartFiles,
): Promise<MultipartForm<z.output<S>>> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', MESSAGES.images.notMultipart);
  const raw: Record<string, string> = {};
  let image: Buffer | undefined;
  const images: Buffer[] = [];
  const parts = files
    ? request.parts({ limits: { fileSize: files.maxBytes, files: files.many + 1 } })
    : request.parts();
  try {
    for await (const part of parts) {
      if (part.type === 'file') {
        // toBuffer() throws the plugin's 413 error past the fileSize limit.
        const bytes = await part.toBuffer();
        // A browser sends an empty part when no file was chosen.
        if (part.fieldname === 'image') {
          if (bytes.length > 0 || part.filename) image = bytes.length > 0 ? bytes : undefined;
        } else if (part.fieldname === 'images' && files && bytes.length > 0) images.push(bytes);
        if (files && images.length + (image ? 1 : 0) > files.many) {
          throw new AppError('VALIDATION', files.tooMany, {
            errors: [{ path: 'images', message: files.tooMany }],
          });
        }
      } else if (typeof part.value === 'string') {
        if (part.value.includes('\u0000')) throw new AppError('VALIDATION', NUL_MESSAGE);
        raw[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (files && code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE', files.tooLarge);
    if (files && code === 'FST_FILES_LIMIT') throw new AppError('VALIDATION', files.tooMany);
    throw error;
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const errors = parsed.error.issues.map((issue) => ({
      path: issue.path.join('.'),
      message: issue.message,
    }));
    throw new AppError('VALIDATION', errors[0]?.message ?? MESSAGES.generic.invalidInput, { errors });
  }
  return { fields: parsed.data, image, images };
}
