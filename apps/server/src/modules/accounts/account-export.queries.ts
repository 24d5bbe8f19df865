import { asc, eq, inArray, or } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import {
  attachments,
  bookings,
  chatMessages,
  consents,
  contactMessages,
  notificationConsents,
  notificationSettings,
  packageImages,
  packages,
  payments,
  refunds,
  reviews,
  smsMessages,
  users,
} from '../../db/schema';

/** Every row that names the user, for their copy of their data (never sessions or reset tokens). */
export async function readAccountData(db: Queryable, userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) return undefined;
  const theirBookings = await db
    .select()
    .from(bookings)
    .where(or(eq(bookings.clientId, userId), eq(bookings.plannerId, userId)))
    .orderBy(asc(bookings.createdAt), asc(bookings.id));
  const bookingIds = theirBookings.map((b) => b.id);
  const plannedIds = theirBookings.filter((b) => b.plannerId === userId).map((b) => b.id);
  const [
    ownPackages,
    photos,
    messages,
    files,
    ownReviews,
    theirPayments,
    contact,
    agreed,
    noticeConsents,
    switches,
    texts,
  ] = await Promise.all([
    db
      .select()
      .from(packages)
      .where(eq(packages.plannerId, userId))
      .orderBy(asc(packages.createdAt), asc(packages.id)),
    db
      .select({ packageId: packageImages.packageId, storageKey: packageImages.storageKey })
      .from(packageImages)
      .innerJoin(packages, eq(packages.id, packageImages.packageId))
      .where(eq(packages.plannerId, userId))
      .orderBy(asc(packageImages.position), asc(packageImages.createdAt)),
    db
      .select()
      .from(chatMessages)
      .where(or(eq(chatMessages.senderId, userId), eq(chatMessages.receiverId, userId)))
      .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id)),
    db
      .select()
      .from(attachments)
      .where(eq(attachments.uploaderId, userId))
      .orderBy(asc(attachments.createdAt), asc(attachments.id)),
    db
      .select()
      .from(reviews)
      .where(eq(reviews.clientId, userId))
      .orderBy(asc(reviews.createdAt), asc(reviews.id)),
    // What they paid, and what was paid to them on their packages' bookings.
    db
      .select()
      .from(payments)
      .where(
        plannedIds.length > 0
          ? or(eq(payments.userId, userId), inArray(payments.bookingId, plannedIds))
          : eq(payments.userId, userId),
      )
      .orderBy(asc(payments.createdAt), asc(payments.id)),
    db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.userId, userId))
      .orderBy(asc(contactMessages.createdAt), asc(contactMessages.id)),
    db
      .select()
      .from(consents)
      .where(eq(consents.userId, userId))
      .orderBy(asc(consents.acceptedAt), asc(consents.kind)),
    db
      .select()
      .from(notificationConsents)
      .where(eq(notificationConsents.userId, userId))
      .orderBy(asc(notificationConsents.createdAt), asc(notificationConsents.id)),
    db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId)),
    db
      .select()
      .from(smsMessages)
      .where(eq(smsMessages.userId, userId))
      .orderBy(asc(smsMessages.createdAt), asc(smsMessages.id)),
  ]);
  const paymentIds = theirPayments.map((p) => p.id);
  const theirRefunds =
    paymentIds.length > 0
      ? await db
          .select()
          .from(refunds)
          .where(inArray(refunds.paymentId, paymentIds))
          .orderBy(asc(refunds.createdAt), asc(refunds.id))
      : [];
  return {
    user,
    bookings: theirBookings,
    bookingIds,
    packages: ownPackages,
    packagePhotos: photos,
    messages,
    attachments: files,
    reviews: ownReviews,
    payments: theirPayments,
    refunds: theirRefunds,
    contactMessages: contact,
    consents: agreed,
    notificationConsents: noticeConsents,
    notificationSwitches: switches[0],
    smsMessages: texts,
  };
}

export type AccountData = NonNullable<Awaited<ReturnType<typeof readAccountData>>>;
