import { MESSAGES } from '@sherehe/shared/messages';
import {
  ATTACHMENT_MAX_BYTES,
  attachmentBodySchema,
  attachmentListResponseSchema,
  attachmentResponseSchema,
} from '@sherehe/shared/schemas/attachments';
import { idParamsSchema } from '@sherehe/shared/schemas/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { parseId } from '../../lib/ids';
import { limitRequests } from '../../lib/request-limits';
import { currentAuth, requireUser } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import type { AttachmentStore } from '../../storage/attachments';
import { presentAttachment } from './attachments.presenter';
import type { AttachmentRow } from './attachments.queries';
import { listBookingAttachments, loadAttachment, uploadAttachment } from './attachments.service';

const tags = ['chat'];
const MEGABYTES = ATTACHMENT_MAX_BYTES / (1024 * 1024);
const fileBody = {
  description: 'The file: image/webp (a photo) or application/pdf (a download)',
  content: {
    'image/webp': { schema: attachmentBodySchema },
    'application/pdf': { schema: attachmentBodySchema },
  },
};

/** The one file of an upload form, in the field `file`, at most 10 MB (413 past it). */
async function readFilePart(request: FastifyRequest): Promise<{ bytes: Buffer; filename: string }> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', MESSAGES.images.notMultipart);
  let found: { bytes: Buffer; filename: string } | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: ATTACHMENT_MAX_BYTES } })) {
      if (part.type !== 'file') continue;
      const bytes = await part.toBuffer();
      if (part.fieldname === 'file' && bytes.length > 0) found = { bytes, filename: part.filename ?? '' };
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('PAYLOAD_TOO_LARGE', MESSAGES.attachments.tooLarge(MEGABYTES));
    throw error;
  }
  if (!found) throw new AppError('VALIDATION', MESSAGES.attachments.selectFirst);
  return found;
}

/** A stored file, answered so that no browser runs it or keeps it for someone else. */
async function sendFile(
  reply: FastifyReply,
  store: AttachmentStore,
  row: AttachmentRow,
  variant: 'file' | 'thumb',
) {
  const opened = await store.open(row.storageKey, variant);
  if (!opened) throw new AppError('NOT_FOUND', MESSAGES.attachments.notFound);
  const isPdf = row.type === 'application/pdf';
  const disposition = isPdf && variant === 'file' ? 'attachment' : 'inline';
  const ascii = row.name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  reply
    .header('content-type', row.type)
    .header('content-length', String(opened.size))
    .header(
      'content-disposition',
      `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(row.name)}`,
    )
    // Private files are never kept by the browser: a shared computer's cache would show them after logout.
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cross-origin-resource-policy', 'same-site');
  return reply.send(opened.stream);
}

/** Files and images in chat (docs/chat-and-files.md#files-in-chat): upload, the booking's list, and the private downloads. */
export const attachmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const store = app.attachmentStore;
  const { publicUrl } = app.config;
  const countUpload = limitRequests(app.limiter, [
    {
      name: 'attachments',
      limit: app.config.limits.attachmentsPerUser,
      key: (request) => request.auth?.user.id,
    },
  ]);

  app.post('/api/bookings/:id/attachments', {
    schema: {
      tags,
      summary: "Upload a file to a booking's chat (its client or planner)",
      description: `multipart/form-data with one file field \`file\`: a JPEG, PNG or WebP photo (re-encoded to WebP, at most 2,048 px, without its metadata) or a PDF, at most ${MEGABYTES} MB; 100 MB a booking. Recognised by its bytes; anything else is refused with 415. Then send its id in \`sendMessage\`'s \`attachments\`.`,
      consumes: ['multipart/form-data'],
      params: idParamsSchema,
      response: {
        201: attachmentResponseSchema,
        ...errorResponses(400, 401, 404, 413, 415, 429, 503),
      },
    },
    preHandler: requireUser,
    handler: async (request, reply) => {
      const auth = currentAuth(request);
      const bookingId = parseId(request.params.id, MESSAGES.attachments.bookingNotFound);
      // Counted before the body is read: a user past the limit cannot make the server buffer 10 MB.
      await countUpload(request, reply);
      const file = await readFilePart(request);
      const row = await uploadAttachment({
        db: app.db,
        store,
        jobs: app.jobs,
        actor: auth.user,
        bookingId,
        file,
      });
      return reply.code(201).send({ success: true, attachment: presentAttachment(row, publicUrl) });
    },
  });

  app.get('/api/bookings/:id/attachments', {
    schema: {
      tags,
      summary: "Every file sent in a booking's chat, oldest first (its parties, admins)",
      params: idParamsSchema,
      response: { 200: attachmentListResponseSchema, ...errorResponses(401, 404) },
    },
    preHandler: requireUser,
    handler: async (request) => {
      const auth = currentAuth(request);
      const bookingId = parseId(request.params.id, MESSAGES.attachments.bookingNotFound);
      const rows = await listBookingAttachments(app.db, auth.user, bookingId);
      return { success: true as const, attachments: rows.map((row) => presentAttachment(row, publicUrl)) };
    },
  });

  app.get('/api/attachments/:id', {
    schema: {
      tags,
      summary: "A chat file (the booking's parties, admins); a PDF comes as a download",
      params: idParamsSchema,
      response: { 200: fileBody, ...errorResponses(401, 404) },
    },
    preHandler: requireUser,
    handler: async (request, reply) => {
      const auth = currentAuth(request);
      const id = parseId(request.params.id, MESSAGES.attachments.notFound);
      return sendFile(reply, store, await loadAttachment(app.db, auth.user, id), 'file');
    },
  });

  app.get('/api/attachments/:id/thumbnail', {
    schema: {
      tags,
      summary: "A chat photo's thumbnail (the booking's parties, admins); 404 for a PDF",
      params: idParamsSchema,
      response: {
        200: { description: 'A small WebP', content: { 'image/webp': { schema: attachmentBodySchema } } },
        ...errorResponses(401, 404),
      },
    },
    preHandler: requireUser,
    handler: async (request, reply) => {
      const auth = currentAuth(request);
      const id = parseId(request.params.id, MESSAGES.attachments.notFound);
      const row = await loadAttachment(app.db, auth.user, id);
      if (row.type !== 'image/webp') throw new AppError('NOT_FOUND', MESSAGES.attachments.notFound);
      return sendFile(reply, store, row, 'thumb');
    },
  });
};
