import { z } from 'zod';
import { successWith } from './common';

/** Chat attachments (docs/chat-and-files.md#files-in-chat): limits shared by the server and the web app. */
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const ATTACHMENTS_PER_BOOKING_MAX_BYTES = 100 * 1024 * 1024;
export const ATTACHMENTS_PER_MESSAGE = 5;
/** The types a stored attachment has: photos are re-encoded to WebP, PDFs kept as they are. */
export const ATTACHMENT_TYPES = ['image/webp', 'application/pdf'] as const;

export const attachmentSchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    type: z.enum(ATTACHMENT_TYPES),
    /** Bytes stored (after re-encoding, for a photo). */
    size: z.number().int(),
    url: z.string(),
    /** A small WebP of a photo; null for a PDF. */
    thumbnailUrl: z.string().nullable(),
  })
  .meta({ id: 'Attachment' });
export type Attachment = z.infer<typeof attachmentSchema>;

export const attachmentResponseSchema = successWith({ attachment: attachmentSchema });

export const attachmentListResponseSchema = successWith({ attachments: z.array(attachmentSchema) });

export const attachmentBodySchema = z
  .string()
  .meta({ description: 'The file: image/webp (a photo) or application/pdf', format: 'binary' });
