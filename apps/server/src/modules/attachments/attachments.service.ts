import { MESSAGES } from '@sherehe/shared/messages';
import { ATTACHMENTS_PER_BOOKING_MAX_BYTES } from '@sherehe/shared/schemas/attachments';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import type { JobHandler, JobQueue } from '../../jobs/job-queue';
import { AppError } from '../../lib/app-error';
import type { AttachmentStore } from '../../storage/attachments';
import { judgeFile } from './attachment-files';
import {
  type AttachmentRow,
  bookingAttachmentBytes,
  deleteUnsentAttachment,
  findAttachment,
  findBookingParties,
  insertAttachment,
  lockBookingParties,
  sentAttachmentsOfBooking,
} from './attachments.queries';

/** A file uploaded but not sent with a message within a day is removed (its job, below). */
export const UNSENT_ATTACHMENT_TTL_MS = 24 * 60 * 60 * 1000;
export const ATTACHMENT_EXPIRE_JOB = 'attachment-expire';

/** The job that removes a file never sent: the row (if still unsent) and then its bytes. */
export function attachmentExpireJob(options: { db: Db; store: AttachmentStore }): JobHandler<{
  attachmentId: string;
}> {
  return {
    async run({ attachmentId }) {
      const key = await deleteUnsentAttachment(options.db, attachmentId);
      if (key) await options.store.delete(key);
    },
  };
}

type Actor = Pick<UserRow, 'id' | 'role'>;

const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));

/** Only the booking's two parties share files in it; anyone else is told there is no such booking. */
function isParty(actor: Actor, booking: { clientId: string; plannerId: string }) {
  return booking.clientId === actor.id || booking.plannerId === actor.id;
}

/**
 * POST /api/bookings/{id}/attachments: judges the file by its bytes, stores it, and records it as
 * not yet sent. The booking's byte limit is checked with its row locked; the stored files are
 * removed again when the record is not written.
 */
export async function uploadAttachment(options: {
  db: Db;
  store: AttachmentStore;
  jobs: JobQueue;
  actor: Actor;
  bookingId: string;
  file: { bytes: Buffer; filename: string };
}): Promise<AttachmentRow> {
  const { db, store, jobs, actor, bookingId, file } = options;
  await assertParty(db, actor, bookingId);
  const judged = await judgeFile(file.bytes, file.filename);
  const key = await store.put({ body: judged.body, thumb: judged.thumb });
  try {
    return await db.transaction(async (tx) => {
      const booking = await lockBookingParties(tx, bookingId);
      if (!booking || !isParty(actor, booking))
        throw new AppError('NOT_FOUND', MESSAGES.attachments.bookingNotFound);
      const used = await bookingAttachmentBytes(tx, bookingId);
      if (used + judged.body.length > ATTACHMENTS_PER_BOOKING_MAX_BYTES)
        throw new AppError(
          'PAYLOAD_TOO_LARGE',
          MESSAGES.attachments.bookingFull(megabytes(ATTACHMENTS_PER_BOOKING_MAX_BYTES)),
        );
      const row = await insertAttachment(tx, {
        bookingId,
        uploaderId: actor.id,
        name: judged.name,
        type: judged.type,
        size: judged.body.length,
        storageKey: key,
      });
      await jobs.add(tx, {
        kind: ATTACHMENT_EXPIRE_JOB,
        payload: { attachmentId: row.id },
        uniqueKey: `${ATTACHMENT_EXPIRE_JOB}:${row.id}`,
        runAt: new Date(row.createdAt.getTime() + UNSENT_ATTACHMENT_TTL_MS),
      });
      return row;
    });
  } catch (error) {
    await store.delete(key);
    throw error;
  }
}

/** Refuses (404) anyone but the booking's two parties before a file's bytes are worked on. */
export async function assertParty(db: Db, actor: Actor, bookingId: string) {
  const booking = await findBookingParties(db, bookingId);
  if (!booking || !isParty(actor, booking))
    throw new AppError('NOT_FOUND', MESSAGES.attachments.bookingNotFound);
}

/**
 * An attachment for GET /api/attachments/{id}: its booking's parties and admins see it, and a file
 * not yet sent only its uploader (and admins); anyone else gets 404, as if it did not exist.
 */
export async function loadAttachment(db: Db, actor: Actor, id: string): Promise<AttachmentRow> {
  const found = await findAttachment(db, id);
  const visible =
    found &&
    (actor.role === 'admin' ||
      (isParty(actor, found) &&
        (found.attachment.messageId !== null || found.attachment.uploaderId === actor.id)));
  if (!visible) throw new AppError('NOT_FOUND', MESSAGES.attachments.notFound);
  return found.attachment;
}

/** GET /api/bookings/{id}/attachments: everything sent in the booking's chat (parties and admins). */
export async function listBookingAttachments(db: Db, actor: Actor, bookingId: string) {
  if (actor.role !== 'admin') await assertParty(db, actor, bookingId);
  return sentAttachmentsOfBooking(db, bookingId);
}
