import { BOOKING_STATUSES } from '@sherehe/shared/booking-status';
import {
  BLOCK_NOTE_MAX,
  DEFAULT_EVENTS_PER_DAY,
  MAX_EVENTS_PER_DAY,
  MIN_EVENTS_PER_DAY,
} from '@sherehe/shared/calendar';
import { CANCELLATION_POLICIES } from '@sherehe/shared/cancellation-policies';
import type { Lang } from '@sherehe/shared/i18n';
import { CONSENT_KINDS, type ConsentKind } from '@sherehe/shared/legal';
import { centsToDecimal, fromCents, parseCents, toCents } from '@sherehe/shared/money';
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_CONSENT_SOURCES,
  NOTIFICATION_TOPICS,
  type NotificationChannel,
  type NotificationConsentSource,
  type NotificationTopic,
} from '@sherehe/shared/notifications';
import { PAYMENT_METHODS, PAYMENT_PURPOSES, PAYMENT_STATUSES } from '@sherehe/shared/payments';
import { BOOKING_KINDS, QUOTE_STATUSES } from '@sherehe/shared/quotes';
import { REFUND_RULES, REFUND_STATUSES } from '@sherehe/shared/refunds';
import { ROLES } from '@sherehe/shared/roles';
import { JOB_STATUSES } from '@sherehe/shared/schemas/jobs';
import { SMS_STATUSES } from '@sherehe/shared/sms';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

// The database's enums are the shared lists the API validates against, so neither can drift. A
// value added to one of those lists needs a migration that adds it to the enum (drizzle-kit
// generate writes it).
export const roleEnum = pgEnum('role', ROLES);
export const bookingStatusEnum = pgEnum('booking_status', BOOKING_STATUSES);
export const paymentPurposeEnum = pgEnum('payment_purpose', PAYMENT_PURPOSES);
export const paymentMethodEnum = pgEnum('payment_method', PAYMENT_METHODS);
export const paymentStatusEnum = pgEnum('payment_status', PAYMENT_STATUSES);
export const refundStatusEnum = pgEnum('refund_status', REFUND_STATUSES);
export const refundRuleEnum = pgEnum('refund_rule', REFUND_RULES);
export const cancellationPolicyEnum = pgEnum('cancellation_policy', CANCELLATION_POLICIES);
export const quoteStatusEnum = pgEnum('quote_status', QUOTE_STATUSES);
export const bookingKindEnum = pgEnum('booking_kind', BOOKING_KINDS);
export const smsStatusEnum = pgEnum('sms_status', SMS_STATUSES);
export const ledgerKindEnum = pgEnum('ledger_kind', ['payment', 'refund', 'fee', 'fee_refund', 'payout']);

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * Money is integer cents (migration 0021, docs/money.md#money-in-cents): a `bigint` read as a JS
 * number, every value a safe integer (the largest, Ksh 9,999,999,999.99, is 12 digits of cents). The
 * code reads, writes and sums these columns only. A row written by code of the previous release,
 * which knows only the old column, gets its cents from 0021's trigger: hence the default, which
 * lets such a write (and a test's row) leave the cents out.
 */
const centsColumn = (name: string) =>
  bigint(name, { mode: 'number' })
    .notNull()
    .$defaultFn(() => sql`default`);

/**
 * The old Ksh columns, `numeric(…, 2)`, kept until a later release drops them: 0021's trigger keeps
 * each equal to its cents column whichever of the two a write sets, so code of the previous release
 * and a rollback still find them right. The code writes cents and leaves these to the trigger. Never
 * read as a float: PostgreSQL's exact decimal text goes through the money module.
 */
const kshNumeric = (precision: number) =>
  customType<{ data: number; driverData: string }>({
    dataType: () => `numeric(${precision}, 2)`,
    toDriver: (ksh) => centsToDecimal(toCents(ksh)),
    fromDriver: (text) => fromCents(parseCents(String(text), 'shillings')),
  });
const oldKsh = (name: string, precision = 12) =>
  kshNumeric(precision)(name)
    .notNull()
    .$defaultFn(() => sql`default`);

export const plans = pgTable('plans', {
  id: text('id').primaryKey(),
  name: text('name').notNull().unique(),
  /** US dollars a month: the old column (see `oldKsh`). */
  price: oldKsh('price'),
  /** US cents a month. */
  priceCents: centsColumn('price_cents'),
  /** null = unlimited. */
  maxBookingsPerMonth: integer('max_bookings_per_month'),
  maxPackages: integer('max_packages'),
  analytics: boolean('analytics').notNull().default(false),
  featuredListing: boolean('featured_listing').notNull().default(false),
  prioritySupport: boolean('priority_support').notNull().default(false),
  sortOrder: smallint('sort_order').notNull().default(0),
});

export interface SocialMedia {
  facebook: string;
  twitter: string;
  instagram: string;
  linkedin: string;
}

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    /** Always stored lower-case, so the unique constraint is case-insensitive. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: roleEnum('role').notNull().default('client'),
    planId: text('plan_id')
      .notNull()
      .default('free')
      .references(() => plans.id),
    /**
     * The end of the paid period of a paid plan (migration 0012, plan_periods): the plan falls back to
     * Free then unless renewed. Null: no end (Free, or a paid plan an admin set without one).
     */
    planUntil: timestamp('plan_until', { withTimezone: true }),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    phoneNumber: text('phone_number').notNull().default(''),
    /**
     * The number this person proved is theirs with a code (`2547XXXXXXXX` or `2541XXXXXXXX`,
     * docs/notifications.md#verified-phones): the only number that receives SMS. Null: none yet.
     */
    smsPhone: text('sms_phone'),
    smsPhoneVerifiedAt: timestamp('sms_phone_verified_at', { withTimezone: true }),
    bio: text('bio').notNull().default(''),
    location: text('location').notNull().default(''),
    website: text('website').notNull().default(''),
    /** Storage key of the profile picture (see storage/), not a URL. */
    profilePicture: text('profile_picture'),
    specialization: text('specialization').notNull().default(''),
    experience: text('experience').notNull().default(''),
    socialMedia: jsonb('social_media')
      .$type<SocialMedia>()
      .notNull()
      .default({ facebook: '', twitter: '', instagram: '', linkedin: '' }),
    /** How many accepted events a day a planner takes (docs/bookings-and-calendar.md#availability); a day with that many is full. */
    eventsPerDay: smallint('events_per_day').notNull().default(DEFAULT_EVENTS_PER_DAY),
    /** The language of their pages, API messages, emails and reminders (migration 0014, docs/languages.md#languages). */
    locale: text('locale').$type<Lang>().notNull().default('en'),
    /**
     * When the account was deleted (docs/product-rules.md, Deleting an account): the row stays,
     * anonymised, because money records name it; it answers like an unknown account everywhere.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    index('users_role_idx').on(t.role),
    check('users_email_lower', sql`${t.email} = lower(${t.email})`),
    check('users_locale', sql`${t.locale} in ('en', 'sw')`),
    check('users_bio_length', sql`char_length(${t.bio}) <= 500`),
    check(
      'users_events_per_day_range',
      sql`${t.eventsPerDay} between ${sql.raw(String(MIN_EVENTS_PER_DAY))} and ${sql.raw(String(MAX_EVENTS_PER_DAY))}`,
    ),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the session token, hex. The token itself is never stored. */
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/**
 * What a person agreed to and when: one row per document (terms, privacy) and version accepted,
 * written at sign-up in the registration's transaction.
 */
export const consents = pgTable(
  'consents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<ConsentKind>().notNull(),
    version: text('version').notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('consents_user_idx').on(t.userId, t.acceptedAt),
    check('consents_kind', sql`${t.kind} in (${sql.raw(CONSENT_KINDS.map((k) => `'${k}'`).join(', '))})`),
  ],
);

export const categories = pgTable(
  'categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** The name on the Kiswahili pages; '' when none was given (the name is shown there too). */
    nameSw: text('name_sw').notNull().default(''),
    description: text('description').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('categories_name_unique').on(sql`lower(${t.name})`)],
);

export const packages = pgTable(
  'packages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    price: oldKsh('price'),
    priceCents: centsColumn('price_cents'),
    /** The share of the price a client pays when the planner accepts, in percent. */
    depositPercent: smallint('deposit_percent').notNull().default(30),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    location: text('location').notNull(),
    /** Storage key of the package image, or null. */
    image: text('image'),
    plannerId: uuid('planner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Average rating of the package's reviews, kept by the reviews service (0 with none). */
    ratingAvg: numeric('rating_avg', { precision: 3, scale: 2, mode: 'number' }).notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    /**
     * Whether the planner's plan includes a featured listing (docs/product-rules.md, What plans enforce), copied here so the
     * featured order is read from an index. Kept by triggers (migration 0004): on a package's
     * insert, and when a planner's plan or a plan's featured listing changes.
     */
    featured: boolean('featured').notNull().default(false),
    /**
     * Whether the package is in the public catalogue: its planner may still offer packages (their
     * role is planner or admin, the roles that may create them). Kept by triggers (migration 0007):
     * on a package's insert or change of planner, and when a user's role changes, so a demoted
     * planner's packages leave the catalogue in the transaction that demotes them, and come back
     * with a promotion.
     */
    listed: boolean('listed').notNull().default(true),
    /** What a client who cancels gets back (docs/money.md, Refunds); copied onto each booking. */
    cancellationPolicy: cancellationPolicyEnum('cancellation_policy').notNull().default('moderate'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('packages_planner_idx').on(t.plannerId, t.createdAt),
    // The catalogue reads only listed packages: its ordered indexes hold only those, so a page is
    // read in order and stops at its limit however many packages are unlisted.
    index('packages_featured_idx').on(t.featured, t.createdAt, t.id).where(sql`${t.listed}`),
    index('packages_rating_idx').on(t.ratingAvg, t.ratingCount).where(sql`${t.listed}`),
    // Substring search (ILIKE '%…%') on title + description and on location (pg_trgm).
    index('packages_search_trgm_idx').using('gin', sql`(${t.title} || ' ' || ${t.description}) gin_trgm_ops`),
    index('packages_location_trgm_idx').using('gin', sql`${t.location} gin_trgm_ops`),
    index('packages_category_idx').on(t.categoryId, t.createdAt).where(sql`${t.listed}`),
    index('packages_listed_created_idx').on(t.createdAt, t.id).where(sql`${t.listed}`),
    // Every package, newest first: an admin's list, which shows the unlisted ones too.
    index('packages_created_idx').on(t.createdAt, t.id),
    // The price filters and sorts read price_cents; packages_price_idx serves the previous release's.
    index('packages_price_idx').on(t.price).where(sql`${t.listed}`),
    index('packages_price_cents_idx').on(t.priceCents).where(sql`${t.listed}`),
    // Migration 0015 (written by hand) adds the words of a package (`search`, a tsvector drizzle
    // does not select; kept by triggers since 0022, with its category's names, town and planner's
    // name), its GIN index, and packages_category_price_idx (category, price); 0021 its twin on the
    // cents, packages_category_price_cents_idx.
    check('packages_price_nonnegative', sql`${t.price} >= 0`),
    check('packages_price_cents_nonnegative', sql`${t.priceCents} >= 0`),
    check('packages_deposit_percent_range', sql`${t.depositPercent} between 0 and 100`),
  ],
);

/**
 * A package's photos, the cover first (position 0). The package's `image` holds the cover's key
 * too, so lists, cards and bookings read the cover without this table; the service writes both in
 * one transaction.
 */
export const packageImages = pgTable(
  'package_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    packageId: uuid('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
    /** Order on the page, 0 (the cover) first. */
    position: integer('position').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('package_images_package_idx').on(t.packageId, t.position),
    uniqueIndex('package_images_storage_key_idx').on(t.storageKey),
  ],
);
export type PackageImageRow = typeof packageImages.$inferSelect;

/**
 * How many listed packages each category has, kept by triggers on packages (migrations 0005 and
 * 0007) in the same transaction as the write, so it is always exact. The catalogue's unfiltered and by-category
 * totals read it instead of counting every package on every page (docs/quality.md).
 */
export const packageCounts = pgTable('package_counts', {
  categoryId: uuid('category_id')
    .primaryKey()
    .references(() => categories.id, { onDelete: 'cascade' }),
  total: integer('total').notNull().default(0),
});

export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null once the package has been deleted; the booking stays in both parties' history. */
    packageId: uuid('package_id').references(() => packages.id, { onDelete: 'set null' }),
    /** The package's title when booked, shown when the package is gone. */
    packageTitle: text('package_title').notNull(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    plannerId: uuid('planner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** A request for a day, or an enquiry asked before booking (its day optional). */
    kind: bookingKindEnum('kind').notNull().default('booking'),
    /**
     * The event's calendar day (Africa/Nairobi). Only an enquiry may leave it open ("date to be
     * agreed"): its quote names the day (docs/decisions/025-enquiries-are-bookings.md).
     */
    eventDate: date('event_date', { mode: 'string' }),
    /**
     * When it became a booking request: its creation, or the acceptance of an enquiry's quote. The
     * client's monthly allowance counts these; null for an enquiry.
     */
    requestedAt: timestamp('requested_at', { withTimezone: true }).defaultNow(),
    /** An enquiry's guests and budget, as the client gave them. */
    guests: integer('guests'),
    budgetCents: bigint('budget_cents', { mode: 'number' }),
    message: text('message').notNull().default(''),
    status: bookingStatusEnum('status').notNull().default('pending'),
    /** The package's price at booking time: the old column (see `oldKsh`). */
    price: oldKsh('price'),
    /** The package's price at booking time, in cents. */
    priceCents: centsColumn('price_cents'),
    /**
     * The package's deposit share at booking time, so a later edit of the package does not change
     * what the client owes. The deposit itself is derived (whole shillings, rounded up).
     */
    depositPercent: smallint('deposit_percent').notNull().default(30),
    /** The package's cancellation policy when requested: a later change binds only new bookings. */
    cancellationPolicy: cancellationPolicyEnum('cancellation_policy').notNull().default('moderate'),
    /** The planner's latest custom offer (docs/bookings-and-calendar.md, Quotes), or none. */
    quoteStatus: quoteStatusEnum('quote_status'),
    quotePriceCents: bigint('quote_price_cents', { mode: 'number' }),
    quoteDepositPercent: smallint('quote_deposit_percent'),
    quoteMessage: text('quote_message'),
    /** The day the offer is for: an enquiry's quote names it when the enquiry named none. */
    quoteEventDate: date('quote_event_date', { mode: 'string' }),
    quoteExpiresAt: timestamp('quote_expires_at', { withTimezone: true }),
    quoteCreatedAt: timestamp('quote_created_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('bookings_deposit_percent_range', sql`${t.depositPercent} between 0 and 100`),
    check(
      'bookings_quote_whole',
      sql`${t.quoteStatus} is null or (${t.quotePriceCents} > 0 and ${t.quoteDepositPercent} between 0 and 100 and ${t.quoteExpiresAt} is not null)`,
    ),
    check('bookings_date_unless_enquiry', sql`${t.kind} = 'enquiry' or ${t.eventDate} is not null`),
    check('bookings_guests_positive', sql`${t.guests} is null or ${t.guests} > 0`),
    check('bookings_budget_nonnegative', sql`${t.budgetCents} is null or ${t.budgetCents} >= 0`),
    // Offers the expiry job looks for.
    index('bookings_quote_offered_idx').on(t.quoteExpiresAt).where(sql`${t.quoteStatus} = 'offered'`),
    index('bookings_client_idx').on(t.clientId, t.createdAt),
    index('bookings_planner_idx').on(t.plannerId, t.createdAt),
    index('bookings_package_idx').on(t.packageId),
    // A planner's bookings by day, with their status: the availability call (days full of accepted
    // events) reads only the index, and so do an acceptance's count and its declines.
    index('bookings_planner_day_idx').on(t.plannerId, t.eventDate, t.status),
    // One open booking per client per package (docs/bookings-and-calendar.md, Bookings).
    uniqueIndex('bookings_one_open_per_client_package')
      .on(t.clientId, t.packageId)
      .where(sql`${t.status} in ('pending', 'accepted')`),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    packageId: uuid('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    comment: text('comment').notNull().default(''),
    /** The package's planner's answer, once per review; editable and removable. */
    replyText: text('reply_text'),
    replyCreatedAt: timestamp('reply_created_at', { withTimezone: true }),
    replyUpdatedAt: timestamp('reply_updated_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'reviews_reply_length',
      sql`${t.replyText} is null or char_length(${t.replyText}) between 1 and 1000`,
    ),
    uniqueIndex('reviews_one_per_client_package').on(t.clientId, t.packageId),
    index('reviews_package_idx').on(t.packageId, t.createdAt),
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
  ],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    receiverId: uuid('receiver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** The sender's id for the message, so a resend after a reconnect is stored once. */
    clientId: text('client_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('chat_messages_booking_idx').on(t.bookingId, t.createdAt),
    uniqueIndex('chat_messages_sender_client_id_unique').on(t.senderId, t.clientId),
    index('chat_messages_unread_idx').on(t.receiverId, t.bookingId).where(sql`${t.readAt} is null`),
    index('chat_messages_sender_idx').on(t.senderId),
    // Empty only when the message carries files (checked by the send); docs/chat-and-files.md#files-in-chat.
    check('chat_messages_content_length', sql`char_length(${t.content}) between 0 and 2000`),
  ],
);

/**
 * Files shared in a booking's chat (docs/chat-and-files.md#files-in-chat). Uploaded first, then sent with a message
 * (`message_id` set then). The bytes live in the private attachment store under `storage_key`,
 * never under /uploads; deleting the booking (its user) or the booking's package removes them.
 */
export const attachments = pgTable(
  'attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    uploaderId: uuid('uploader_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Null until the file is sent with a message. */
    messageId: uuid('message_id').references(() => chatMessages.id, { onDelete: 'cascade' }),
    /** The file name shown to people (cleaned of paths and control characters). */
    name: text('name').notNull(),
    /** What is stored: image/webp (a re-encoded photo) or application/pdf. */
    type: text('type').notNull(),
    /** Bytes stored, counted against the booking's 100 MB. */
    size: integer('size').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('attachments_booking_idx').on(t.bookingId, t.createdAt),
    index('attachments_message_idx').on(t.messageId),
    index('attachments_uploader_idx').on(t.uploaderId),
    check('attachments_type', sql`${t.type} in ('image/webp', 'application/pdf')`),
  ],
);

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    priority: boolean('priority').notNull().default(false),
    createdAt: createdAt(),
    /** When an admin marked it handled (by answering it or without an answer); null while open. */
    handledAt: timestamp('handled_at', { withTimezone: true }),
    /** The admin who handled it (null while open, or once that account is deleted). */
    handledBy: uuid('handled_by').references(() => users.id, { onDelete: 'set null' }),
    /** The answer mailed to the sender, as the admin wrote it; null when none was sent. */
    answer: text('answer'),
  },
  (t) => [
    index('contact_messages_created_idx').on(t.createdAt),
    index('contact_messages_user_idx').on(t.userId),
  ],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token, hex. */
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('password_reset_tokens_hash_unique').on(t.tokenHash),
    index('password_reset_tokens_user_idx').on(t.userId),
  ],
);

export const jobStatusEnum = pgEnum('job_status', JOB_STATUSES);

/**
 * The durable job queue (docs/architecture.md, Background work; src/jobs): work that must happen later or again (mail,
 * payment checks, reminders). A job is inserted in the transaction that makes it necessary; every
 * server process claims due ones with FOR UPDATE SKIP LOCKED and a lease (`lockedUntil`), retries
 * failures with growing delays and keeps the last failure as `failed` for admins.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What to do: the name of a registered handler (`mail`, `password-reset`, …). */
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    /** One job per purpose (a reminder's booking and kind, say): a second insert is ignored. */
    uniqueKey: text('unique_key'),
    status: jobStatusEnum('status').notNull().default('pending'),
    /** When it may run next (a retry waits here). */
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(10),
    /** While running: the lease. A process that dies leaves it to expire, then another takes the job. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('jobs_unique_key').on(t.uniqueKey),
    index('jobs_due_idx').on(t.runAt).where(sql`${t.status} = 'pending'`),
    index('jobs_lease_idx').on(t.lockedUntil).where(sql`${t.status} = 'running'`),
    index('jobs_status_idx').on(t.status, t.updatedAt),
  ],
);

/**
 * Rate-limit counters shared by every server process (with DATABASE_URL; PGlite keeps them in
 * memory): one fixed window per key.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_reset_idx').on(t.resetAt)],
);

export type UserRow = typeof users.$inferSelect;
export type PlanRow = typeof plans.$inferSelect;
export type PackageRow = typeof packages.$inferSelect;
export type JobRow = typeof jobs.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type BookingRow = typeof bookings.$inferSelect;

/**
 * One attempt to take money through a provider. Inserted (pending) and committed before the provider
 * is called, so an answer that never comes still leaves a row for the reconcile job to query.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'restrict' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    purpose: paymentPurposeEnum('purpose').notNull(),
    planId: text('plan_id').references(() => plans.id, { onDelete: 'restrict' }),
    method: paymentMethodEnum('method').notNull(),
    /** The old columns of `amountCents` and `feeCents` (see `oldKsh`). */
    amount: oldKsh('amount'),
    fee: kshNumeric(12)('fee').notNull().default(0),
    /** Cents; whole shillings for M-Pesa. */
    amountCents: centsColumn('amount_cents'),
    /** The platform's share of a succeeded payment (PLATFORM_FEE_PERCENT when it succeeded), cents; else 0. */
    feeCents: centsColumn('fee_cents'),
    currency: text('currency').notNull().default('KES'),
    status: paymentStatusEnum('status').notNull().default('pending'),
    /** One of PAYMENT_FAILURE_REASONS, or 'expired' by the reconcile job. */
    failureReason: text('failure_reason'),
    /** Daraja's CheckoutRequestID or Paystack's reference; null until the provider answered. */
    providerRef: text('provider_ref'),
    /** The M-Pesa receipt or Paystack's transaction id, once paid. */
    receipt: text('receipt'),
    phone: text('phone'),
    checkoutUrl: text('checkout_url'),
    /**
     * A payment given up on (expired) that its provider may still complete until then: a checkout not
     * voided, a prompt without a final answer. Until then no other payment for the same thing starts
     * (409 with this one) and the reconcile job keeps asking; null once the answer is final.
     */
    mayCompleteUntil: timestamp('may_complete_until', { withTimezone: true }),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Callbacks and queries name a payment by these: a replay finds the same row, never a second.
    uniqueIndex('payments_provider_ref_unique').on(t.providerRef),
    uniqueIndex('payments_receipt_unique').on(t.receipt),
    index('payments_booking_idx').on(t.bookingId, t.createdAt),
    index('payments_user_idx').on(t.userId, t.createdAt),
    // The admins' list (GET /api/payments): every payment newest first, or those of one status (the
    // pending ones to check, the succeeded ones summed) within a few days.
    index('payments_created_idx').on(t.createdAt),
    index('payments_status_created_idx').on(t.status, t.createdAt),
    // One pending payment per thing to pay, so two parallel starts cannot both prompt the phone.
    uniqueIndex('payments_one_pending_per_booking_purpose')
      .on(t.bookingId, t.purpose)
      .where(sql`${t.status} = 'pending' and ${t.bookingId} is not null`),
    // One pending plan payment per person, whatever the plan: two plans paid at once cannot both count.
    uniqueIndex('payments_one_pending_plan_per_user')
      .on(t.userId)
      .where(sql`${t.status} = 'pending' and ${t.planId} is not null`),
    check('payments_amount_positive', sql`${t.amount} > 0`),
    check('payments_fee_within_amount', sql`${t.fee} >= 0 and ${t.fee} <= ${t.amount}`),
    check('payments_amount_cents_positive', sql`${t.amountCents} > 0`),
    check('payments_fee_cents_within_amount', sql`${t.feeCents} >= 0 and ${t.feeCents} <= ${t.amountCents}`),
    check('payments_currency_kes', sql`${t.currency} = 'KES'`),
    // M-Pesa moves whole shillings only.
    check('payments_mpesa_whole_shillings', sql`${t.method} <> 'mpesa' or ${t.amount} = trunc(${t.amount})`),
    check('payments_mpesa_whole_shillings_cents', sql`${t.method} <> 'mpesa' or ${t.amountCents} % 100 = 0`),
    check(
      'payments_purpose_target',
      sql`(${t.purpose} = 'plan') = (${t.planId} is not null) and (${t.purpose} = 'plan' or ${t.bookingId} is not null)`,
    ),
  ],
);

/**
 * Days a planner takes no new events on (docs/bookings-and-calendar.md#availability). The note is the planner's own; the public
 * availability call says only that the day is unavailable.
 */
export const availabilityBlocks = pgTable(
  'availability_blocks',
  {
    plannerId: uuid('planner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The blocked calendar day (Africa/Nairobi). */
    day: date('day', { mode: 'string' }).notNull(),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.plannerId, t.day] }),
    check(
      'availability_blocks_note_length',
      sql`char_length(${t.note}) <= ${sql.raw(String(BLOCK_NOTE_MAX))}`,
    ),
  ],
);

/**
 * Each user's secret calendar feed address (`/api/calendar/<token>.ics`). The token is kept as it
 * is, not hashed, because the user is shown their address again (GET /api/calendar/feed); it opens
 * only a read-only list of their bookings, and replacing it (POST) ends the old address at once.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('calendar_feeds_token_unique').on(t.token)],
);

/**
 * Money given back on a cancelled booking (docs/money.md#refunds-the-ledger-and-payouts): one row per payment to refund, inserted with
 * its `refund` job in the cancellation's transaction, always the whole payment. `providerRef` is the
 * provider's name for the refund once asked; `sentAt` is set (and committed) before the provider is
 * asked, so a retry after a crash queries first instead of sending again.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    /** Null for a plan payment's refund (a late success after another period was bought). */
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'restrict' }),
    amount: oldKsh('amount'),
    amountCents: centsColumn('amount_cents'),
    rule: refundRuleEnum('rule').notNull(),
    status: refundStatusEnum('status').notNull().default('pending'),
    providerRef: text('provider_ref'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    failureReason: text('failure_reason'),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    // A payment is refunded once, whatever cancels or replays.
    uniqueIndex('refunds_payment_unique').on(t.paymentId),
    uniqueIndex('refunds_provider_ref_unique').on(t.providerRef),
    index('refunds_booking_idx').on(t.bookingId),
    check('refunds_amount_positive', sql`${t.amount} > 0`),
    check('refunds_amount_cents_positive', sql`${t.amountCents} > 0`),
  ],
);

/** A payout an admin made to a planner by M-Pesa, outside the app; recorded with its reference. */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    plannerId: uuid('planner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amount: oldKsh('amount'),
    amountCents: centsColumn('amount_cents'),
    /** The M-Pesa transaction code the admin paid with. */
    reference: text('reference').notNull(),
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payouts_reference_unique').on(t.reference),
    index('payouts_planner_idx').on(t.plannerId, t.createdAt),
    check('payouts_amount_positive', sql`${t.amount} > 0`),
    check('payouts_amount_cents_positive', sql`${t.amountCents} > 0`),
  ],
);

/**
 * Every shilling of a planner's (docs/money.md#refunds-the-ledger-and-payouts): signed cents, written in the transaction of what it
 * records. A payment adds its amount and takes off the fee; a refund takes off its amount and gives
 * back the fee; a payout takes off what was paid out. A planner's balance is the sum of their rows.
 * Plan payments are the platform's revenue and write no rows here.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: ledgerKindEnum('kind').notNull(),
    plannerId: uuid('planner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** Null for a payout (it pays out a balance, not a booking). */
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'restrict' }),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'restrict' }),
    refundId: uuid('refund_id').references(() => refunds.id, { onDelete: 'restrict' }),
    payoutId: uuid('payout_id').references(() => payouts.id, { onDelete: 'restrict' }),
    amount: oldKsh('amount', 14),
    /** Signed cents. */
    amountCents: centsColumn('amount_cents'),
    createdAt: createdAt(),
  },
  (t) => [
    // Nothing is written twice: one row of each kind per payment, refund and payout.
    uniqueIndex('ledger_payment_unique').on(t.kind, t.paymentId).where(sql`${t.kind} in ('payment', 'fee')`),
    uniqueIndex('ledger_refund_unique')
      .on(t.kind, t.refundId)
      .where(sql`${t.kind} in ('refund', 'fee_refund')`),
    uniqueIndex('ledger_payout_unique').on(t.payoutId).where(sql`${t.kind} = 'payout'`),
    index('ledger_planner_idx').on(t.plannerId, t.createdAt),
    check(
      'ledger_entries_target',
      sql`(${t.kind} in ('payment', 'fee') and ${t.paymentId} is not null and ${t.bookingId} is not null)
        or (${t.kind} in ('refund', 'fee_refund') and ${t.refundId} is not null and ${t.bookingId} is not null)
        or (${t.kind} = 'payout' and ${t.payoutId} is not null)`,
    ),
  ],
);

/**
 * Every text message the app sends (docs/notifications.md#sms): written with its `sms-send` job in the
 * transaction of what it tells, once per recipient, kind and subject (`sms_messages_once`: the user,
 * or the number when there is no account, with the kind and `subject_key`), so a change told twice
 * still sends one SMS. Its status follows the send and Africa's Talking's delivery report.
 */
export const smsMessages = pgTable(
  'sms_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null for a number with no account behind it. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** `2547XXXXXXXX` or `2541XXXXXXXX`. */
    to: text('to').notNull(),
    message: text('message').notNull(),
    /** What it is about (`booking-accepted`, `phone-code`, …). */
    kind: text('kind').notNull(),
    /** Which thing it is about (a booking's id, say): with the recipient and kind, what makes it once only. */
    subjectKey: text('subject_key').notNull(),
    status: smsStatusEnum('status').notNull().default('queued'),
    /** Africa's Talking's messageId, which its delivery reports name. */
    providerMessageId: text('provider_message_id'),
    /** Why it failed (the provider's status, `failureReason` of a delivery report), or why the last try did. */
    failureReason: text('failure_reason'),
    /** Sends tried so far. */
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sms_messages_once').on(sql`coalesce(${t.userId}::text, ${t.to})`, t.kind, t.subjectKey),
    uniqueIndex('sms_messages_provider_id_unique').on(t.providerMessageId),
    index('sms_messages_to_idx').on(t.to, t.createdAt),
  ],
);

/**
 * Numbers that asked for no more SMS by replying STOP (or STOPALL) to one of ours: one row per
 * number, kept until the person opts in again.
 */
export const smsOptOuts = pgTable('sms_opt_outs', {
  /** `2547XXXXXXXX` or `2541XXXXXXXX`. */
  phone: text('phone').primaryKey(),
  /** The word that asked for it, as received. */
  keyword: text('keyword').notNull(),
  optedOutAt: timestamp('opted_out_at', { withTimezone: true }).notNull().defaultNow(),
});

export type SmsMessageRow = typeof smsMessages.$inferSelect;

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * Codes sent to prove a phone is the person's own (docs/notifications.md#verified-phones): six
 * digits, kept only as a hash, good for 10 minutes and 5 tries. The rows also count the codes
 * sent an hour, per number and per account.
 */
export const phoneVerifications = pgTable(
  'phone_verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `2547XXXXXXXX` or `2541XXXXXXXX`. */
    phone: text('phone').notNull(),
    codeHash: text('code_hash').notNull(),
    /** Wrong codes tried against it. */
    attempts: smallint('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When the right code came back: the number became the account's. */
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('phone_verifications_user_idx').on(t.userId, t.createdAt),
    index('phone_verifications_phone_idx').on(t.phone, t.createdAt),
  ],
);

/**
 * Which notices a person wants, per channel and topic (docs/notifications.md#settings). No row:
 * everything on (SMS still goes only to a verified number that has not replied STOP).
 */
export const notificationSettings = pgTable('notification_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  smsBookings: boolean('sms_bookings').notNull().default(true),
  smsPayments: boolean('sms_payments').notNull().default(true),
  smsReminders: boolean('sms_reminders').notNull().default(true),
  smsChat: boolean('sms_chat').notNull().default(true),
  emailBookings: boolean('email_bookings').notNull().default(true),
  emailPayments: boolean('email_payments').notNull().default(true),
  emailReminders: boolean('email_reminders').notNull().default(true),
  emailChat: boolean('email_chat').notNull().default(true),
  updatedAt: updatedAt(),
});

/**
 * The record of consent to notices (docs/notifications.md#consent): one row each time a person
 * switches a channel's topic on or off, verifies a number, or replies STOP. Never changed; kept
 * (the number blanked) when the account is deleted.
 */
export const notificationConsents = pgTable(
  'notification_consents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<NotificationChannel>().notNull(),
    topic: text('topic').$type<NotificationTopic>().notNull(),
    granted: boolean('granted').notNull(),
    source: text('source').$type<NotificationConsentSource>().notNull(),
    /** The number it was given for (SMS), as it was then. */
    phone: text('phone'),
    createdAt: createdAt(),
  },
  (t) => [
    index('notification_consents_user_idx').on(t.userId, t.createdAt),
    check('notification_consents_channel', sql`${t.channel} in (${inList(NOTIFICATION_CHANNELS)})`),
    check('notification_consents_topic', sql`${t.topic} in (${inList(NOTIFICATION_TOPICS)})`),
    check('notification_consents_source', sql`${t.source} in (${inList(NOTIFICATION_CONSENT_SOURCES)})`),
  ],
);

/**
 * The audit trail (docs/audit.md): one row per admin action and money movement, written in its
 * transaction. Append-only: a trigger refuses UPDATE and DELETE, except the anonymisation of a
 * deleted actor's address. No foreign key: a row outlives the user it names, whose row may go.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** Null for the system: jobs, payment providers' callbacks. */
    actorId: uuid('actor_id'),
    /** The actor's role then (`system` without an actor). */
    actorRole: text('actor_role').notNull(),
    action: text('action').notNull(),
    subjectType: text('subject_type').notNull(),
    subjectId: uuid('subject_id'),
    /** What changed: fields before and after, amounts in cents; ids, never names, passwords or tokens. */
    summary: jsonb('summary').$type<Record<string, unknown>>().notNull().default({}),
    requestId: text('request_id'),
    ip: text('ip'),
  },
  (t) => [
    index('audit_events_at_idx').on(t.at),
    index('audit_events_actor_idx').on(t.actorId, t.at),
    index('audit_events_action_idx').on(t.action, t.at),
  ],
);
