import { MESSAGES } from '@sherehe/shared/messages';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../../lib/app-error';
import { encodeAttachmentImage } from '../../storage/images';
import { hasActiveContent } from './pdf-active-content';

const PHOTO_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);

export interface JudgedFile {
  type: 'image/webp' | 'application/pdf';
  body: Buffer;
  thumb: Buffer | undefined;
  name: string;
}

/**
 * A chat file judged by its bytes, never its name or declared type (docs/chat-and-files.md#files-in-chat): a JPEG, PNG or
 * WebP photo is re-encoded (upright, no metadata, at most 2,048 px, with a thumbnail); a PDF is kept
 * as it is unless it carries anything active (pdf-active-content.ts); everything else is refused with 415.
 */
export async function judgeFile(bytes: Buffer, filename: string): Promise<JudgedFile> {
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') {
    if (await hasActiveContent(bytes))
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', MESSAGES.attachments.pdfActive);
    return { type: 'application/pdf', body: bytes, thumb: undefined, name: cleanName(filename, 'pdf') };
  }
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected || !PHOTO_TYPES.has(detected.mime))
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', MESSAGES.attachments.notAllowed);
  const { full, thumb } = await encodeAttachmentImage(bytes);
  return { type: 'image/webp', body: full, thumb, name: cleanName(filename, 'webp') };
}

/** The name people see: no folders, no control characters, at most 120 characters, the stored extension. */
export function cleanName(filename: string, extension: string): string {
  const base = (filename.split(/[\\/]/).pop() ?? '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
    .replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '')
    .replace(/\.[^.]*$/, '')
    .trim()
    .slice(0, 120);
  return `${base || 'file'}.${extension}`;
}
