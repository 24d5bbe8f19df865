import { z } from 'zod';
import { LANGS } from '../i18n';
import { profileMessages } from '../messages/profile';
import { validationMessages } from '../messages/validation';
import { ROLES } from '../roles';
import { eventsPerDaySchema } from './calendar';
import { pageCounts, successMessageWith, successWith } from './common';
import { notificationSettingsSchema } from './notifications';
import { planSchema } from './plans';

/** A user's language (docs/languages.md#languages): 'en' or 'sw'; anything else is refused with a clear message. */
export const localeSchema = z.enum(LANGS, { error: profileMessages.localeInvalid }).meta({
  id: 'Locale',
  description: "The user's language: 'en' (English, the default) or 'sw' (Kiswahili).",
});

export const socialMediaSchema = z.object({
  facebook: z.string(),
  twitter: z.string(),
  instagram: z.string(),
  linkedin: z.string(),
});

/** What users say of themselves, on their public profile as on their own account. */
const aboutFields = {
  bio: z.string(),
  location: z.string(),
  website: z.string(),
  profilePicture: z.string().nullable(),
  /** A small version of the profile picture, for avatars. */
  profilePictureThumb: z.string().nullable(),
  specialization: z.string(),
  experience: z.string(),
  socialMedia: socialMediaSchema,
};

/** The user as every call returns it: never a password or session hash (docs/architecture.md, The API contract). */
export const userSchema = z
  .object({
    _id: z.string(),
    id: z.string(),
    username: z.string(),
    email: z.string(),
    role: z.enum(ROLES),
    plan: planSchema,
    /** When the paid period of the plan ends (it falls back to Free then unless renewed); null: no end. */
    planUntil: z.string().nullable(),
    firstName: z.string(),
    lastName: z.string(),
    phoneNumber: z.string(),
    /** The number SMS notices go to, once verified by a code (`2547XXXXXXXX`); null: none, no SMS. */
    smsPhone: z.string().nullable(),
    smsPhoneVerifiedAt: z.string().nullable(),
    ...aboutFields,
    /** How many events a day the user takes (planners and admins, who may offer packages; on their own account only). */
    eventsPerDay: z.number().int().optional(),
    /** The language of their API messages and emails (docs/languages.md#languages). */
    locale: localeSchema,
    createdAt: z.string(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof userSchema>;

export const userDataResponseSchema = successWith({ userData: userSchema });
export type UserDataResponse = z.infer<typeof userDataResponseSchema>;

export const userMessageResponseSchema = successMessageWith({ user: userSchema });
export type UserMessageResponse = z.infer<typeof userMessageResponseSchema>;

/** A web address typed into a form: empty, or an http(s) URL. */
export function urlOrEmpty(label: string) {
  return z
    .string({ error: validationMessages.notText(label) })
    .trim()
    .max(300, validationMessages.tooLong(label, 300))
    .refine((value) => {
      if (value === '') return true;
      try {
        const url = new URL(value);
        return url.protocol === 'http:' || url.protocol === 'https:';
      } catch {
        return false;
      }
    }, validationMessages.notWebAddress(label));
}

function profileText(label: string, max: number) {
  return z
    .string({ error: validationMessages.notText(label) })
    .trim()
    .max(max, validationMessages.tooLong(label, max));
}

export const BIO_MAX = 500;

/** PATCH /api/user/profile: every field optional; the fields sent are changed, nothing else. */
export const profileBodySchema = z.object({
  firstName: profileText(validationMessages.labels.firstName, 60).optional(),
  lastName: profileText(validationMessages.labels.lastName, 60).optional(),
  phoneNumber: profileText(validationMessages.labels.phoneNumber, 30)
    .regex(/^[+\d\s()-]*$/, 'Phone number may contain digits, spaces, +, - and brackets only.')
    .optional(),
  bio: profileText(validationMessages.labels.bio, BIO_MAX).optional(),
  location: profileText(validationMessages.labels.location, 120).optional(),
  website: urlOrEmpty(validationMessages.labels.website).optional(),
  specialization: profileText(validationMessages.labels.specialization, 120).optional(),
  experience: profileText(validationMessages.labels.experience, 500).optional(),
  socialMedia: z
    .object({
      facebook: urlOrEmpty('Facebook').optional(),
      twitter: urlOrEmpty('Twitter').optional(),
      instagram: urlOrEmpty('Instagram').optional(),
      linkedin: urlOrEmpty('LinkedIn').optional(),
    })
    .optional(),
  /** Planners (and admins) only: how many events a day they take (docs/bookings-and-calendar.md#availability); ignored for clients. */
  eventsPerDay: eventsPerDaySchema.optional(),
  /** The language of their API messages and emails (docs/languages.md#languages). */
  locale: localeSchema.optional(),
});
export type ProfileBody = z.infer<typeof profileBodySchema>;

/** What anyone may see of a user: no email, no plan. */
export const publicProfileSchema = z
  .object({
    _id: z.string(),
    username: z.string(),
    role: z.enum(ROLES),
    firstName: z.string(),
    lastName: z.string(),
    ...aboutFields,
    createdAt: z.string(),
  })
  .meta({ id: 'PublicProfile' });
export type PublicProfile = z.infer<typeof publicProfileSchema>;

export const publicProfileResponseSchema = successWith({ profile: publicProfileSchema });
export type PublicProfileResponse = z.infer<typeof publicProfileResponseSchema>;

/** GET /api/user (admins): filter by role, search name or email, page. */
export const listUsersQuerySchema = z.object({
  role: z.enum(ROLES, { error: `role must be one of: ${ROLES.join(', ')}.` }).optional(),
  q: z.string().trim().max(200, validationMessages.searchTooLong(200)).optional(),
  page: z.coerce.number({ error: 'page must be a number.' }).int().min(1).max(100_000).optional(),
  limit: z.coerce.number({ error: 'limit must be a number.' }).int().min(1).max(100).optional(),
});
export type ListUsersQuery = z.infer<typeof listUsersQuerySchema>;

export const userListResponseSchema = successWith({
  users: z.array(userSchema),
  ...pageCounts(),
});
export type UserListResponse = z.infer<typeof userListResponseSchema>;

export const changeRoleBodySchema = z.object({
  role: z.enum(ROLES, { error: `role must be one of: ${ROLES.join(', ')}.` }),
});
export type ChangeRoleBody = z.infer<typeof changeRoleBodySchema>;

/** `DELETE /api/user/me`: the password asked again. */
export const deleteAccountBodySchema = z.object({
  password: z
    .string({ error: validationMessages.passwordRequired })
    .min(1, validationMessages.passwordRequired)
    .max(200, validationMessages.passwordRequired),
});
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;

const isoDate = z.string();

/**
 * `GET /api/user/me/export`: everything Sherehe holds about the signed-in person, as a JSON file.
 * Never a password hash, a session or a reset token.
 */
export const accountExportSchema = z
  .object({
    exportedAt: isoDate,
    user: z.object({
      id: z.string(),
      username: z.string(),
      email: z.string(),
      role: z.enum(ROLES),
      planId: z.string(),
      planUntil: isoDate.nullable(),
      firstName: z.string(),
      lastName: z.string(),
      phoneNumber: z.string(),
      /** The verified number SMS notices go to, and since when; null: none. */
      smsPhone: z.string().nullable(),
      smsPhoneVerifiedAt: isoDate.nullable(),
      bio: z.string(),
      location: z.string(),
      website: z.string(),
      profilePicture: z.string().nullable(),
      specialization: z.string(),
      experience: z.string(),
      socialMedia: socialMediaSchema,
      eventsPerDay: z.number(),
      createdAt: isoDate,
    }),
    packages: z.array(
      z.object({
        id: z.string(),
        title: z.string(),
        description: z.string(),
        price: z.number(),
        depositPercent: z.number(),
        location: z.string(),
        image: z.string().nullable(),
        /** Every photo's address, the cover first. */
        images: z.array(z.string()),
        createdAt: isoDate,
      }),
    ),
    bookings: z.array(
      z.object({
        id: z.string(),
        side: z.enum(['client', 'planner']),
        packageTitle: z.string(),
        /** `booking`, or `enquiry` (a question before booking). */
        kind: z.string(),
        /** YYYY-MM-DD; null for an enquiry that named no day. */
        eventDate: z.string().nullable(),
        guests: z.number().nullable(),
        /** An enquiry's budget, Ksh. */
        budget: z.number().nullable(),
        status: z.string(),
        price: z.number(),
        depositPercent: z.number(),
        message: z.string(),
        createdAt: isoDate,
      }),
    ),
    messages: z.array(
      z.object({
        id: z.string(),
        bookingId: z.string(),
        sent: z.boolean(),
        content: z.string(),
        createdAt: isoDate,
      }),
    ),
    attachments: z.array(
      z.object({
        id: z.string(),
        bookingId: z.string(),
        name: z.string(),
        type: z.string(),
        url: z.string(),
      }),
    ),
    reviews: z.array(
      z.object({
        id: z.string(),
        packageId: z.string(),
        rating: z.number(),
        comment: z.string(),
        createdAt: isoDate,
      }),
    ),
    payments: z.array(
      z.object({
        id: z.string(),
        bookingId: z.string().nullable(),
        purpose: z.string(),
        planId: z.string().nullable(),
        method: z.string(),
        amount: z.number(),
        status: z.string(),
        receipt: z.string().nullable(),
        phone: z.string().nullable(),
        createdAt: isoDate,
        completedAt: isoDate.nullable(),
      }),
    ),
    refunds: z.array(
      z.object({
        id: z.string(),
        paymentId: z.string(),
        /** Null for the refund of a plan payment. */
        bookingId: z.string().nullable(),
        amount: z.number(),
        rule: z.string(),
        status: z.string(),
        createdAt: isoDate,
        completedAt: isoDate.nullable(),
      }),
    ),
    contactMessages: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        email: z.string(),
        message: z.string(),
        createdAt: isoDate,
      }),
    ),
    /** The settings that decide how Sherehe reaches the person: the language, and the switches per channel and topic. */
    notificationSettings: z.object({ locale: localeSchema }).extend(notificationSettingsSchema.shape),
    /** Every SMS sent to them (the number and the words, what became of it), oldest first. */
    smsMessages: z.array(
      z.object({
        kind: z.string(),
        to: z.string(),
        message: z.string(),
        status: z.string(),
        createdAt: isoDate,
      }),
    ),
    consents: z.array(z.object({ kind: z.string(), version: z.string(), acceptedAt: isoDate })),
    /** Each consent to a notice channel and topic given or withdrawn, oldest first (SMS: with its number). */
    notificationConsents: z.array(
      z.object({
        channel: z.string(),
        topic: z.string(),
        granted: z.boolean(),
        source: z.string(),
        phone: z.string().nullable(),
        createdAt: isoDate,
      }),
    ),
  })
  .meta({ id: 'AccountExport' });
export type AccountExport = z.infer<typeof accountExportSchema>;
