import { randomUUID } from 'node:crypto';
import type { BookingStatus } from '@sherehe/shared/booking-status';
import type { Lang } from '@sherehe/shared/i18n';
import type { Role } from '@sherehe/shared/roles';
import type { LightMyRequestResponse } from 'fastify';
import type { Db } from '../src/db/client';
import { bookings, categories, packages, passwordResetTokens, payments, users } from '../src/db/schema';
import { hashToken, newToken } from '../src/lib/tokens';
import { hashPassword } from '../src/modules/auth/password';
import { createSession } from '../src/modules/sessions';
import { nairobiDayFromToday } from './dates';

export const TEST_PASSWORD = 'correct-horse-battery';
let passwordHash: Promise<string> | undefined;

function unique(prefix: string) {
  return `${prefix}-${randomUUID().slice(0, 8)}`;
}

export interface TestUser {
  id: string;
  email: string;
  username: string;
  role: Role;
  token: string;
  /** Headers that authenticate as this user with a Bearer token. */
  headers: Record<string, string>;
}

/** A user row with a live session; parents are made as needed (epic-stack style factories). */
export async function createUser(
  db: Db,
  options: { role?: Role; planId?: string; email?: string; username?: string; locale?: Lang } = {},
): Promise<TestUser> {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const role = options.role ?? 'client';
  const email = options.email ?? `${unique(role)}@example.test`;
  const username = options.username ?? unique(`${role} user`);
  const [row] = await db
    .insert(users)
    .values({
      username,
      email,
      role,
      planId: options.planId ?? 'free',
      passwordHash: await passwordHash,
      locale: options.locale ?? 'en',
    })
    .returning();
  if (!row) throw new Error('user not created');
  const { token } = await createSession(db, row.id);
  return { id: row.id, email, username, role, token, headers: { authorization: `Bearer ${token}` } };
}

export async function createCategory(db: Db, name = unique('Category')) {
  const [row] = await db.insert(categories).values({ name }).returning();
  return row!;
}

export async function createPackage(
  db: Db,
  options: {
    plannerId?: string;
    categoryId?: string;
    title?: string;
    description?: string;
    location?: string;
    price?: number;
    createdAt?: Date;
  } = {},
) {
  const plannerId = options.plannerId ?? (await createUser(db, { role: 'planner' })).id;
  const categoryId = options.categoryId ?? (await createCategory(db)).id;
  const [row] = await db
    .insert(packages)
    .values({
      title: options.title ?? unique('Package'),
      description: options.description ?? 'A package made by a test.',
      price: options.price ?? 1000,
      location: options.location ?? 'Nairobi',
      categoryId,
      plannerId,
      // A request is one from its creation (as the migration that added requested_at set it).
      ...(options.createdAt ? { createdAt: options.createdAt, requestedAt: options.createdAt } : {}),
    })
    .returning();
  return row!;
}

/** The text fields of the package form for a garden wedding in `categoryId`, with `overrides` over them. */
export function packageFormFields(categoryId: string, overrides: Record<string, string | number> = {}) {
  return {
    title: 'Garden Wedding',
    description: 'Everything for a garden wedding.',
    price: '150000',
    category: categoryId,
    location: 'Nairobi',
    ...overrides,
  };
}

/** Reads the session cookie a response set, as `name=value` for a Cookie header. */
export function sessionCookie(response: LightMyRequestResponse): string | undefined {
  const cookie = response.cookies.find((c) => c.name === 'sherehe_session');
  return cookie ? `${cookie.name}=${cookie.value}` : undefined;
}

export async function createBookingRow(
  db: Db,
  options: {
    clientId: string;
    packageId: string;
    plannerId: string;
    status?: BookingStatus;
    eventDate?: string;
    price?: number;
    createdAt?: Date;
  },
) {
  const [row] = await db
    .insert(bookings)
    .values({
      clientId: options.clientId,
      packageId: options.packageId,
      plannerId: options.plannerId,
      packageTitle: 'A booked package',
      eventDate: options.eventDate ?? nairobiDayFromToday(60),
      status: options.status ?? 'pending',
      price: options.price ?? 1000,
      // A request is one from its creation (as the migration that added requested_at set it).
      ...(options.createdAt ? { createdAt: options.createdAt, requestedAt: options.createdAt } : {}),
    })
    .returning();
  return row!;
}

/** A booking row of `pkg`, with its planner (`options` as `createBookingRow` takes them). */
export function createBookingRowOf(
  db: Db,
  pkg: { id: string; plannerId: string },
  options: Omit<Parameters<typeof createBookingRow>[1], 'packageId' | 'plannerId'>,
) {
  return createBookingRow(db, { ...options, packageId: pkg.id, plannerId: pkg.plannerId });
}

/**
 * A booking by `client` of a new package of `planner`: the package, and the booking row
 * (`options` as `createBookingRow` takes them).
 */
export async function createBookingOf(
  db: Db,
  client: { id: string },
  planner: { id: string },
  options: Omit<Parameters<typeof createBookingRow>[1], 'clientId' | 'packageId' | 'plannerId'> = {},
) {
  const pkg = await createPackage(db, { plannerId: planner.id });
  const booking = await createBookingRow(db, {
    clientId: client.id,
    packageId: pkg.id,
    plannerId: planner.id,
    ...options,
  });
  return { pkg, booking };
}

/**
 * A payment row as a provider would have left it (a succeeded one gets a unique receipt and its
 * completion time unless given), written straight into the table.
 */
export async function createPaymentRow(
  db: Db,
  options: {
    bookingId: string;
    userId: string;
  } & Partial<Omit<typeof payments.$inferInsert, 'bookingId' | 'userId'>>,
) {
  const succeeded = options.status === 'succeeded';
  const [row] = await db
    .insert(payments)
    .values({
      purpose: 'deposit',
      method: 'mpesa',
      amount: 3000,
      status: 'pending',
      ...(succeeded
        ? { receipt: unique('RCPT').toUpperCase(), completedAt: options.createdAt ?? new Date() }
        : {}),
      ...options,
    })
    .returning();
  return row!;
}

/** A live password-reset token of a user, as the reset email would carry it. */
export async function createResetToken(db: Db, userId: string): Promise<string> {
  const token = newToken();
  await db
    .insert(passwordResetTokens)
    .values({ userId, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 60 * 60 * 1000) });
  return token;
}
