import { fromCents } from '@sherehe/shared/money';
import type { AccountExport } from '@sherehe/shared/schemas/users';
import type { Storage } from '../../storage/storage';
import type { AccountData } from './account-export.queries';

const iso = (date: Date) => date.toISOString();
const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * A person's copy of their data. Field by field, like every presenter: no password hash, session,
 * reset token or storage key leaves the server; files are named with their addresses.
 */
export function presentAccountExport(
  data: AccountData,
  options: { storage: Storage; publicUrl: string; now: Date },
): AccountExport {
  const { user } = data;
  const image = (key: string | null) => (key ? options.storage.imageUrls(key).full : null);
  return {
    exportedAt: iso(options.now),
    user: {
      id: user.id,
      username: user.username,
      email: user.email,
      role: user.role,
      planId: user.planId,
      planUntil: isoOrNull(user.planUntil),
      firstName: user.firstName,
      lastName: user.lastName,
      phoneNumber: user.phoneNumber,
      smsPhone: user.smsPhone,
      smsPhoneVerifiedAt: isoOrNull(user.smsPhoneVerifiedAt),
      bio: user.bio,
      location: user.location,
      website: user.website,
      profilePicture: image(user.profilePicture),
      specialization: user.specialization,
      experience: user.experience,
      socialMedia: {
        facebook: user.socialMedia.facebook ?? '',
        twitter: user.socialMedia.twitter ?? '',
        instagram: user.socialMedia.instagram ?? '',
        linkedin: user.socialMedia.linkedin ?? '',
      },
      eventsPerDay: user.eventsPerDay,
      createdAt: iso(user.createdAt),
    },
    packages: data.packages.map((p) => ({
      id: p.id,
      title: p.title,
      description: p.description,
      price: fromCents(p.priceCents),
      depositPercent: p.depositPercent,
      location: p.location,
      image: image(p.image),
      images: data.packagePhotos
        .filter((photo) => photo.packageId === p.id)
        .map((photo) => options.storage.imageUrls(photo.storageKey).full),
      createdAt: iso(p.createdAt),
    })),
    bookings: data.bookings.map((b) => ({
      id: b.id,
      side: b.clientId === user.id ? ('client' as const) : ('planner' as const),
      packageTitle: b.packageTitle,
      kind: b.kind,
      eventDate: b.eventDate,
      guests: b.guests,
      budget: b.budgetCents === null ? null : fromCents(b.budgetCents),
      status: b.status,
      price: fromCents(b.priceCents),
      depositPercent: b.depositPercent,
      message: b.message,
      createdAt: iso(b.createdAt),
    })),
    messages: data.messages.map((m) => ({
      id: m.id,
      bookingId: m.bookingId,
      sent: m.senderId === user.id,
      content: m.content,
      createdAt: iso(m.createdAt),
    })),
    attachments: data.attachments.map((a) => ({
      id: a.id,
      bookingId: a.bookingId,
      name: a.name,
      type: a.type,
      url: `${options.publicUrl}/api/attachments/${a.id}`,
    })),
    reviews: data.reviews.map((r) => ({
      id: r.id,
      packageId: r.packageId,
      rating: r.rating,
      comment: r.comment,
      createdAt: iso(r.createdAt),
    })),
    payments: data.payments.map((p) => ({
      id: p.id,
      bookingId: p.bookingId,
      purpose: p.purpose,
      planId: p.planId,
      method: p.method,
      amount: fromCents(p.amountCents),
      status: p.status,
      receipt: p.receipt,
      // The payer's phone is theirs alone: a planner's copy does not carry their clients' numbers.
      phone: p.userId === user.id ? p.phone : null,
      createdAt: iso(p.createdAt),
      completedAt: isoOrNull(p.completedAt),
    })),
    refunds: data.refunds.map((r) => ({
      id: r.id,
      paymentId: r.paymentId,
      bookingId: r.bookingId,
      amount: fromCents(r.amountCents),
      rule: r.rule,
      status: r.status,
      createdAt: iso(r.createdAt),
      completedAt: isoOrNull(r.completedAt),
    })),
    contactMessages: data.contactMessages.map((c) => ({
      id: c.id,
      name: c.name,
      email: c.email,
      message: c.message,
      createdAt: iso(c.createdAt),
    })),
    notificationSettings: { locale: user.locale, ...switchesOf(data.notificationSwitches) },
    smsMessages: data.smsMessages.map((m) => ({
      kind: m.kind,
      to: m.to,
      message: m.message,
      status: m.status,
      createdAt: iso(m.createdAt),
    })),
    consents: data.consents.map((c) => ({ kind: c.kind, version: c.version, acceptedAt: iso(c.acceptedAt) })),
    notificationConsents: data.notificationConsents.map((c) => ({
      channel: c.channel,
      topic: c.topic,
      granted: c.granted,
      source: c.source,
      phone: c.phone,
      createdAt: iso(c.createdAt),
    })),
  };
}

/** The notice switches as `GET /api/user/notifications` names them: all on when never changed. */
function switchesOf(row: AccountData['notificationSwitches']) {
  const on = (value: boolean | undefined) => value ?? true;
  return {
    sms: {
      bookings: on(row?.smsBookings),
      payments: on(row?.smsPayments),
      reminders: on(row?.smsReminders),
      chat: on(row?.smsChat),
    },
    email: {
      bookings: on(row?.emailBookings),
      payments: on(row?.emailPayments),
      reminders: on(row?.emailReminders),
      chat: on(row?.emailChat),
    },
  };
}
