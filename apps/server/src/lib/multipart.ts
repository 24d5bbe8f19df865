import { MESSAGES } from '@sherehe/shared/messages';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, NUL_MESSAGE } from './app-error';

export interface MultipartForm<T> {
  fields: T;
  /** The bytes of the `image` file, when one was chosen. */
  image: Buffer | undefined;
}

/**
 * Reads a multipart form: text fields validated with a shared zod schema (400 naming each bad
 * field), and at most one file, in the field `image` (413 above the size limit).
 */
export async function readMultipartForm<S extends z.ZodType>(
  request: FastifyRequest,
  schema: S,
): Promise<MultipartForm<z.output<S>>> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', MESSAGES.images.notMultipart);
  const raw: Record<string, string> = {};
  let image: Buffer | undefined;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      // toBuffer() throws the plugin's 413 error past the fileSize limit.
      const bytes = await part.toBuffer();
      if (part.fieldname !== 'image') continue;
      // A browser sends an empty part when no file was chosen.
      if (bytes.length > 0 || part.filename) image = bytes.length > 0 ? bytes : undefined;
    } else if (typeof part.value === 'string') {
      if (part.value.includes('\u0000')) throw new AppError('VALIDATION', NUL_MESSAGE);
      raw[part.fieldname] = part.value;
    }
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const errors = parsed.error.issues.map((issue) => ({
      path: issue.path.join('.'),
      message: issue.message,
    }));
    throw new AppError('VALIDATION', errors[0]?.message ?? MESSAGES.generic.invalidInput, { errors });
  }
  return { fields: parsed.data, image };
}
