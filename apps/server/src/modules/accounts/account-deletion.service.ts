import type { BookingParty } from '@sherehe/shared/booking-status';
import { formatDay } from '@sherehe/shared/dates';
import { MESSAGES } from '@sherehe/shared/messages';
import { usersMessages } from '@sherehe/shared/messages/users';
import { DEFAULT_PLAN_ID } from '@sherehe/shared/plans';
import type { Db, Tx } from '../../db/client';
import type { bookings } from '../../db/schema';
import { raiseDomainEvent } from '../../events/domain-events';
import type { JobQueue } from '../../jobs/job-queue';
import { AppError } from '../../lib/app-error';
import { deletedEmailOf, UNUSABLE_PASSWORD_HASH } from '../../lib/deleted-accounts';
import { queueMail } from '../../mail/mail-jobs';
import { bookingStatusMail } from '../../mail/templates';
import type { AttachmentStore } from '../../storage/attachments';
import type { Storage } from '../../storage/storage';
import { type AuditContext, recordAudit } from '../audit';
import { verifyPassword } from '../auth';
import { setBookingStatus } from '../bookings';
import { findUser, lockAdminIds, lockUser, updateUser } from '../users';
import {
  deleteBookingsWithoutMoney,
  deletePackagesOf,
  deletePersonalRows,
  deleteUnsentAttachmentsOf,
  hasMoneyRecords,
  lockBookingsOfUser,
  removeUserRow,
} from './account-deletion.queries';

type BookingRow = typeof bookings.$inferSelect;

export interface DeletionDeps {
  db: Db;
  jobs: JobQueue;
  storage: Storage;
  attachmentStore: AttachmentStore;
  publicUrl: string;
}

/**
 * DELETE /api/user/{id}: an admin deletes someone else's account. Not their own (403); never the
 * last admin (409).
 */
export async function deleteUserByAdmin(
  deps: DeletionDeps,
  actor: { id: string },
  userId: string,
  audit: AuditContext,
) {
  if (userId === actor.id) throw new AppError('FORBIDDEN', MESSAGES.users.notYourself);
  await deleteAccount(
    deps,
    userId,
    (admins) => {
      if (!admins.includes(actor.id)) throw new AppError('FORBIDDEN', MESSAGES.generic.forbidden);
      return MESSAGES.users.lastAdmin;
    },
    audit,
  );
}

/**
 * DELETE /api/user/me: a person deletes their own account, with their password asked again (403
 * and nothing changes when it is wrong). The last admin cannot (409).
 */
export async function deleteOwnAccount(deps: DeletionDeps, userId: string, password: string) {
  const user = await findUser(deps.db, userId);
  if (!user || user.deletedAt) throw new AppError('UNAUTHENTICATED', MESSAGES.auth.notLoggedIn);
  if (!(await verifyPassword(user.passwordHash, password))) {
    throw new AppError('FORBIDDEN', MESSAGES.users.wrongPassword, {
      errors: [{ path: 'password', message: MESSAGES.users.wrongPassword }],
    });
  }
  await deleteAccount(deps, userId, () => MESSAGES.users.lastAdminSelf);
}

/**
 * Deletes an account in one transaction (docs/product-rules.md, Deleting an account). Money rows are
 * never deleted: a user whom a payment, refund, ledger row, payout or a booking with money still
 * names is kept, anonymised; anyone else's row goes. `check` sees the admins (locked, in id order)
 * and returns the refusal for deleting the last of them.
 */
async function deleteAccount(
  deps: DeletionDeps,
  userId: string,
  check: (admins: string[]) => string,
  audit?: AuditContext,
) {
  const { db, jobs } = deps;
  const { images, files, packageIds } = await db.transaction(async (tx) => {
    // Admins first, always in the same order: two admins deleting each other queue up.
    const admins = await lockAdminIds(tx);
    const lastAdminRefusal = check(admins);
    const user = await lockUser(tx, userId);
    if (!user || user.deletedAt) throw new AppError('NOT_FOUND', MESSAGES.users.notFound);
    if (user.role === 'admin' && admins.filter((id) => id !== userId).length === 0) {
      throw new AppError('CONFLICT', lastAdminRefusal);
    }
    // What other modules keep of the person goes with the account: sessions, the calendar feed,
    // days off, the reviews they wrote (events/handlers.ts).
    await raiseDomainEvent(tx, 'user.deleted', { userId, jobs });

    const files: string[] = [];
    const withoutMoney: string[] = [];
    for (const { booking, hasMoney } of await lockBookingsOfUser(tx, userId)) {
      if (!hasMoney) withoutMoney.push(booking.id);
      else if (booking.status === 'pending' || booking.status === 'accepted')
        await cancelForDeletion(tx, deps, booking, userId);
    }
    // Bookings with money stay, chat and files included, for the other party and the records.
    files.push(...(await deleteBookingsWithoutMoney(tx, withoutMoney)));
    files.push(...(await deleteUnsentAttachmentsOf(tx, userId)));

    const { images, packageIds } = await deletePackagesOf(tx, userId);
    if (user.profilePicture) images.push(user.profilePicture);
    await deletePersonalRows(tx, userId);

    const kept = await hasMoneyRecords(tx, userId);
    if (kept) await anonymise(tx, userId);
    else await removeUserRow(tx, userId);
    // An admin's deletion is on the audit trail; a person's own is not an admin action.
    if (audit)
      await recordAudit(tx, audit, {
        action: 'user.deleted',
        subjectType: 'user',
        // The trail keeps no id of a deleted person (anonymiseAuditUser).
        subjectId: null,
        summary: { role: user.role, keptAnonymised: kept },
      });
    return { images, files, packageIds };
  });
  jobs.wake();
  await Promise.all(images.map((key) => deps.storage.deleteImage(key)));
  // The packages' share pictures show their photos: they go too.
  await Promise.all(packageIds.map((id) => deps.storage.deleteShareImages(id)));
  await deps.attachmentStore.deleteAll(files);
}

/**
 * An open booking with money, cancelled because one of its parties left: refunded by the written
 * policy as if that party had cancelled (a planner who leaves gives everything back), and the other
 * party told.
 */
async function cancelForDeletion(tx: Tx, deps: DeletionDeps, booking: BookingRow, userId: string) {
  const by: BookingParty = booking.plannerId === userId ? 'planner' : 'client';
  await setBookingStatus(tx, booking.id, 'cancelled');
  await raiseDomainEvent(tx, 'booking.cancelled', { booking, by: [by], jobs: deps.jobs });
  const other = await findUser(tx, by === 'planner' ? booking.clientId : booking.plannerId);
  if (!other) return;
  await queueMail(
    deps.jobs,
    tx,
    bookingStatusMail({
      to: other.email,
      lang: other.locale,
      name: other.username,
      packageTitle: booking.packageTitle,
      eventDate: booking.eventDate === null ? null : formatDay(booking.eventDate, other.locale),
      status: 'cancelled',
      byClient: by === 'client' ? usersMessages.deletedName : undefined,
      url: `${deps.publicUrl}/dashboard/bookings`,
    }),
  );
}

/** What is left of a person whose money records stay: nothing that names or reaches them. */
async function anonymise(tx: Tx, userId: string) {
  await updateUser(tx, userId, {
    username: usersMessages.deletedName,
    email: deletedEmailOf(userId),
    passwordHash: UNUSABLE_PASSWORD_HASH,
    planId: DEFAULT_PLAN_ID,
    planUntil: null,
    firstName: '',
    lastName: '',
    phoneNumber: '',
    smsPhone: null,
    smsPhoneVerifiedAt: null,
    bio: '',
    location: '',
    website: '',
    profilePicture: null,
    specialization: '',
    experience: '',
    socialMedia: { facebook: '', twitter: '', instagram: '', linkedin: '' },
    deletedAt: new Date(),
  });
}
