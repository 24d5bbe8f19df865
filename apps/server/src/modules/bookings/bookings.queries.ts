import { type BookingStatus, OPEN_BOOKING_STATUSES } from '@sherehe/shared/booking-status';
import { DAY_TAKING_STATUSES } from '@sherehe/shared/calendar';
import type { Lang } from '@sherehe/shared/i18n';
import { centsFromSum } from '@sherehe/shared/money';
import type { BookingKind } from '@sherehe/shared/quotes';
import {
  and,
  count,
  desc,
  eq,
  getTableColumns,
  getTableName,
  gte,
  inArray,
  lte,
  ne,
  or,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client';
import { prepared } from '../../db/prepared';
import { bookings, packages, payments, refunds, users } from '../../db/schema';

const clients = alias(users, 'client');
const planners = alias(users, 'planner');

export const bookingColumns = {
  booking: bookings,
  package: { id: packages.id, title: packages.title, image: packages.image, location: packages.location },
  // Their locales: the language of the mails each is sent.
  client: { id: clients.id, username: clients.username, email: clients.email, locale: clients.locale },
  planner: { id: planners.id, username: planners.username, email: planners.email, locale: planners.locale },
  /** Cents received for the booking: the sum of its succeeded payments (the money fields derive from it). */
  paidCents:
    sql<number>`(select coalesce(sum(${payments.amountCents}), 0) from ${payments} where ${payments.bookingId} = ${bookings.id} and ${payments.status} = 'succeeded')::text`.mapWith(
      centsFromSum,
    ),
  /** Cents given back: the sum of the booking's succeeded refunds. */
  refundedCents:
    sql<number>`(select coalesce(sum(${refunds.amountCents}), 0) from ${refunds} where ${refunds.bookingId} = ${bookings.id} and ${refunds.status} = 'succeeded')::text`.mapWith(
      centsFromSum,
    ),
};

export interface BookingRowWithRelations {
  booking: typeof bookings.$inferSelect;
  package: { id: string; title: string; image: string | null; location: string } | null;
  client: { id: string; username: string; email: string; locale: Lang };
  planner: { id: string; username: string; email: string; locale: Lang };
  paidCents: number;
  refundedCents: number;
}

export interface BookingFilters {
  clientId?: string | undefined;
  plannerId?: string | undefined;
  status?: BookingStatus | undefined;
  /** Bookings between the viewer and this user, either way round. */
  withUserId?: string | undefined;
  /** Event days from and to (YYYY-MM-DD, both included): a calendar's month. */
  fromDay?: string | undefined;
  toDay?: string | undefined;
}

const FILTER_NAMES = ['clientId', 'plannerId', 'status', 'withUserId', 'fromDay', 'toDay'] as const;

/** How a filter's value enters the SQL: as itself, or as a placeholder of a prepared statement. */
type ValueOf = <T>(name: string, value: T) => T | Placeholder;
const inline: ValueOf = (_name, value) => value;
const placeholder: ValueOf = (name) => sql.placeholder(name);

function conditions(filters: BookingFilters, value: ValueOf = inline): SQL | undefined {
  const list: SQL[] = [];
  if (filters.clientId) list.push(eq(bookings.clientId, value('clientId', filters.clientId)));
  if (filters.plannerId) list.push(eq(bookings.plannerId, value('plannerId', filters.plannerId)));
  if (filters.status) list.push(eq(bookings.status, value('status', filters.status)));
  if (filters.withUserId) {
    const other = value('withUserId', filters.withUserId);
    list.push(or(eq(bookings.clientId, other), eq(bookings.plannerId, other))!);
  }
  if (filters.fromDay) list.push(gte(bookings.eventDate, value('fromDay', filters.fromDay)));
  if (filters.toDay) list.push(lte(bookings.eventDate, value('toDay', filters.toDay)));
  return list.length > 0 ? and(...list) : undefined;
}

/** Bookings with their package, client and planner, for a caller's own conditions and order. */
export function selectBookingsWithRelations<Extra extends Record<string, SQL>>(
  db: Queryable,
  extra: Extra = {} as Extra,
) {
  return db
    .select({ ...bookingColumns, ...extra })
    .from(bookings)
    .leftJoin(packages, eq(packages.id, bookings.packageId))
    .innerJoin(clients, eq(clients.id, bookings.clientId))
    .innerJoin(planners, eq(planners.id, bookings.plannerId));
}

export async function listBookings(
  db: Queryable,
  options: { filters: BookingFilters; limit: number; offset: number },
): Promise<BookingRowWithRelations[]> {
  return selectBookingsWithRelations(db)
    .where(conditions(options.filters))
    .orderBy(desc(bookings.createdAt), desc(bookings.id))
    .limit(options.limit)
    .offset(options.offset);
}

/** A related row as one JSON array (`json_build_array`), back as an object with `names` for keys. */
function rowOf<T>(names: readonly string[]) {
  return (value: unknown): T => {
    const values = (typeof value === 'string' ? JSON.parse(value) : value) as unknown[];
    return Object.fromEntries(names.map((name, index) => [name, values[index]])) as T;
  };
}

/**
 * `"table"."column"`, spelt out: a query from one subquery names its own columns bare, and a bare
 * name inside a subquery of its select list would be read as the inner table's.
 */
function qualified(table: string, column: { name: string }): SQL {
  return sql`${sql.identifier(table)}.${sql.identifier(column.name)}`;
}

const PAGE = getTableName(bookings);
const PACKAGE_FIELDS = ['id', 'title', 'image', 'location'] as const;
const PERSON_FIELDS = ['id', 'username', 'email', 'locale'] as const;

/** The package of the page's booking, null when it has none (deleted, or an enquiry that named none). */
const pagePackage = sql<BookingRowWithRelations['package']>`(select json_build_array(${sql.join(
  PACKAGE_FIELDS.map((name) => qualified('package', packages[name])),
  sql`, `,
)}) from ${sql.identifier(getTableName(packages))} ${sql.identifier('package')} where ${qualified('package', packages.id)} = ${qualified(PAGE, bookings.packageId)})`.mapWith(
  rowOf<NonNullable<BookingRowWithRelations['package']>>(PACKAGE_FIELDS),
);

/** The client or the planner of the page's booking. */
function pagePerson(side: 'client' | 'planner') {
  const id = side === 'client' ? bookings.clientId : bookings.plannerId;
  return sql<BookingRowWithRelations['client']>`(select json_build_array(${sql.join(
    PERSON_FIELDS.map((name) => qualified(side, users[name])),
    sql`, `,
  )}) from ${sql.identifier(getTableName(users))} ${sql.identifier(side)} where ${qualified(side, users.id)} = ${qualified(PAGE, id)})`.mapWith(
    rowOf<BookingRowWithRelations['client']>(PERSON_FIELDS),
  );
}

/** The cents of the page's booking's succeeded payments or refunds (as `bookingColumns` sums them). */
function pageSum(table: typeof payments | typeof refunds) {
  const name = getTableName(table);
  return sql<number>`(select coalesce(sum(${qualified(name, table.amountCents)}), 0) from ${sql.identifier(name)} where ${qualified(name, table.bookingId)} = ${qualified(PAGE, bookings.id)} and ${qualified(name, table.status)} = 'succeeded')::text`.mapWith(
    centsFromSum,
  );
}

/**
 * One page of bookings, newest first, and the total of the list in the same statement (one round
 * trip instead of two), prepared once per set of filters: the lists of the dashboards.
 *
 * The page is cut first (a subquery named `bookings`, so the columns and the sums read it as they
 * read the table), and its package and people are each a one-row subquery rather than a join.
 * PostgreSQL plans such a statement again on every run (a page's rows vary too much by filter for
 * one plan), and planning four joined tables cost more than running them; and only the page's rows
 * read their relations, not those skipped before it.
 */
export async function listBookingsWithTotal(
  db: Queryable,
  options: { filters: BookingFilters; limit: number; offset: number },
): Promise<{ rows: BookingRowWithRelations[]; total: number }> {
  const names = FILTER_NAMES.filter((name) => options.filters[name]);
  const found = await prepared(db, `list_bookings_page_${names.join('_') || 'all'}`, (on, name) => {
    const where = conditions(options.filters, placeholder);
    const newestFirst = [desc(bookings.createdAt), desc(bookings.id)];
    const page = on
      .select()
      .from(bookings)
      .where(where)
      .orderBy(...newestFirst)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .as(PAGE);
    return on
      .select({
        booking: bookings,
        package: pagePackage,
        client: pagePerson('client'),
        planner: pagePerson('planner'),
        paidCents: pageSum(payments),
        refundedCents: pageSum(refunds),
        total: sql<number>`(select count(*)::int from ${bookings} where ${where ?? sql`true`})`,
      })
      .from(page)
      .orderBy(...newestFirst)
      .prepare(name);
  }).execute({ ...options.filters, limit: options.limit, offset: options.offset });
  const rows = found.map(({ total: _total, ...row }) => row);
  // A page past the end has no row to carry the total.
  if (found[0]) return { rows, total: found[0].total };
  return { rows, total: options.offset > 0 ? await countBookings(db, options.filters) : 0 };
}

export async function countBookings(db: Queryable, filters: BookingFilters): Promise<number> {
  const [row] = await db.select({ total: count() }).from(bookings).where(conditions(filters));
  return row?.total ?? 0;
}

export async function findBooking(db: Queryable, id: string): Promise<BookingRowWithRelations | undefined> {
  const [row] = await selectBookingsWithRelations(db).where(eq(bookings.id, id)).limit(1);
  return row;
}

/** The booking without a lock: its parties and day, which never change, to know what to lock first. */
export async function readBooking(db: Queryable, id: string) {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, id)).limit(1);
  return row;
}

export async function lockBooking(db: Queryable, id: string) {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, id)).limit(1).for('update');
  return row;
}

/** The client's bookings matching `which` since the start of this `period` in Africa/Nairobi, by `since`. */
async function countClientBookingsSince(
  db: Queryable,
  clientId: string,
  options: {
    period: 'month' | 'day';
    since: typeof bookings.requestedAt | typeof bookings.createdAt;
    which?: SQL;
  },
): Promise<number> {
  const { period, since, which } = options;
  const [row] = await db
    .select({ total: count() })
    .from(bookings)
    .where(
      and(
        eq(bookings.clientId, clientId),
        which,
        // `period` is one of two words, never input.
        sql`${since} >= (date_trunc(${sql.raw(`'${period}'`)}, now() at time zone 'Africa/Nairobi') at time zone 'Africa/Nairobi')`,
      ),
    );
  return row?.total ?? 0;
}

/** Booking requests a client sent in the current calendar month in Nairobi (docs/product-rules.md, What plans enforce). */
export function countBookingsThisMonth(db: Queryable, clientId: string): Promise<number> {
  // By when each became a request: an enquiry has none (null) until its quote is accepted.
  return countClientBookingsSince(db, clientId, { period: 'month', since: bookings.requestedAt });
}

/**
 * The enquiries the client sent today (Africa/Nairobi), whatever became of them since: the daily
 * limit against spam counts them (docs/bookings-and-calendar.md, Enquiries).
 */
export function countEnquiriesToday(db: Queryable, clientId: string): Promise<number> {
  return countClientBookingsSince(db, clientId, {
    period: 'day',
    since: bookings.createdAt,
    which: eq(bookings.kind, 'enquiry'),
  });
}

export async function findOpenBooking(db: Queryable, clientId: string, packageId: string) {
  const [row] = await db
    .select({ id: bookings.id, kind: bookings.kind })
    .from(bookings)
    .where(
      and(
        eq(bookings.clientId, clientId),
        eq(bookings.packageId, packageId),
        inArray(bookings.status, [...OPEN_BOOKING_STATUSES]),
      ),
    )
    .limit(1);
  return row;
}

/** Why `requestBooking` wrote nothing: the rule that refused, checked in this order. */
export type BookingRequestRefusal =
  | 'package_not_found'
  | 'package_unlisted'
  | 'wrong_planner'
  | 'unauthenticated'
  | 'plan_limit'
  | 'planner_not_found'
  | 'day_unavailable'
  | 'already_open';

/** Statuses as the database function takes them: a `booking_status[]` literal. */
const statusArray = (statuses: readonly BookingStatus[]) => `{${statuses.join(',')}}`;

/**
 * A booking request's reads, locks and insert in one round trip, and the row it made read back in
 * the same: the `request_booking_read` database function (migrations 0029 and 0032,
 * docs/decisions/028). The package as the catalogue shows it (found, listed, of `plannerId`); the
 * client's row locked and, when `limited`, their plan's monthly allowance counted; the planner's day
 * lock (`dayLock`, availability's `plannerDayLockKey`), the day neither blocked nor full; the package
 * share-locked and still listed; no open booking of the client's for it; then the row, at the
 * package's price, deposit share and policy. Answers the new booking as `findBooking` reads it, or
 * the rule that refused (and the kind of the open booking that did).
 */
export async function requestBooking(
  db: Queryable,
  request: {
    clientId: string;
    limited: boolean;
    packageId: string;
    plannerId: string;
    day: string;
    dayLock: string;
    message: string;
  },
): Promise<
  | { refusal: null; openKind: null; row: BookingRowWithRelations }
  | { refusal: BookingRequestRefusal; openKind: BookingKind | null; row: null }
> {
  const result = await db.execute(sql`select "refusal", "open_kind", "booking" from request_booking_read(
    ${request.clientId}::uuid, ${request.limited}, ${request.packageId}::uuid, ${request.plannerId},
    ${request.day}::date, ${request.dayLock}, ${request.message},
    ${statusArray(OPEN_BOOKING_STATUSES)}::booking_status[], ${statusArray(DAY_TAKING_STATUSES)}::booking_status[])`);
  const [found] = (
    result as unknown as {
      rows: { refusal: string | null; open_kind: string | null; booking: unknown }[];
    }
  ).rows;
  if (!found) throw new Error('request_booking_read answered no row');
  if (found.refusal === null) return { refusal: null, openKind: null, row: bookingRead(found.booking) };
  return {
    refusal: found.refusal as BookingRequestRefusal,
    openKind: found.open_kind as BookingKind | null,
    row: null,
  };
}

const BOOKING_COLUMNS = Object.entries(getTableColumns(bookings));

/**
 * A booking with its relations as `request_booking_read` answers it (one JSON object: the row under
 * its column names, the old price as text, the sums as text), made what `findBooking` answers: each
 * column through its own mapping, the sums through the money module.
 */
function bookingRead(value: unknown): BookingRowWithRelations {
  const read = (typeof value === 'string' ? JSON.parse(value) : value) as Omit<
    BookingRowWithRelations,
    'booking' | 'paidCents' | 'refundedCents'
  > & { booking: Record<string, unknown>; paid_cents: string; refunded_cents: string };
  const booking = Object.fromEntries(
    BOOKING_COLUMNS.map(([key, column]) => {
      const raw = read.booking[column.name];
      return [key, raw === null || raw === undefined ? null : column.mapFromDriverValue(raw)];
    }),
  ) as BookingRowWithRelations['booking'];
  return {
    booking,
    package: read.package,
    client: read.client,
    planner: read.planner,
    paidCents: centsFromSum(read.paid_cents),
    refundedCents: centsFromSum(read.refunded_cents),
  };
}

export async function insertBooking(db: Queryable, values: typeof bookings.$inferInsert) {
  const [row] = await db.insert(bookings).values(values).returning({
    id: bookings.id,
    eventDate: bookings.eventDate,
    createdAt: bookings.createdAt,
    kind: bookings.kind,
    guests: bookings.guests,
    budgetCents: bookings.budgetCents,
  });
  return row!;
}

export async function setBookingStatus(db: Queryable, id: string, status: BookingStatus) {
  await db.update(bookings).set({ status, updatedAt: new Date() }).where(eq(bookings.id, id));
}

/**
 * Declines (status `rejected`, the specification's word for a declined request) the planner's
 * other pending requests for a day that has just filled up, and says which.
 */
export async function declinePendingForDay(
  db: Queryable,
  options: { plannerId: string; day: string; exceptBookingId: string },
): Promise<string[]> {
  const rows = await db
    .update(bookings)
    .set({ status: 'rejected', updatedAt: new Date() })
    .where(
      and(
        eq(bookings.plannerId, options.plannerId),
        eq(bookings.eventDate, options.day),
        eq(bookings.status, 'pending'),
        // Requests only: an enquiry asks, it does not claim the day (its quote may name another).
        eq(bookings.kind, 'booking'),
        ne(bookings.id, options.exceptBookingId),
      ),
    )
    .returning({ id: bookings.id });
  return rows.map((row) => row.id);
}

/** The offer a planner makes on a request (replacing any offer before it). */
export async function setQuote(
  db: Queryable,
  id: string,
  quote: {
    priceCents: number;
    depositPercent: number;
    message: string;
    eventDate: string | null;
    expiresAt: Date;
    createdAt: Date;
  },
) {
  await db
    .update(bookings)
    .set({
      quoteStatus: 'offered',
      quotePriceCents: quote.priceCents,
      quoteDepositPercent: quote.depositPercent,
      quoteMessage: quote.message,
      quoteEventDate: quote.eventDate,
      quoteExpiresAt: quote.expiresAt,
      quoteCreatedAt: quote.createdAt,
      updatedAt: new Date(),
    })
    .where(eq(bookings.id, id));
}

/** The client declined the offer: the request stays as it was. */
export async function setQuoteStatus(db: Queryable, id: string, status: 'declined' | 'expired') {
  await db.update(bookings).set({ quoteStatus: status, updatedAt: new Date() }).where(eq(bookings.id, id));
}

/**
 * The offer made `createdAt` lapses, if it is still offered and still that offer (a newer one has its
 * own expiry). Says whether it did.
 */
export async function expireQuote(db: Queryable, id: string, createdAt: Date): Promise<boolean> {
  const rows = await db
    .update(bookings)
    .set({ quoteStatus: 'expired', updatedAt: new Date() })
    .where(
      and(eq(bookings.id, id), eq(bookings.quoteStatus, 'offered'), eq(bookings.quoteCreatedAt, createdAt)),
    )
    .returning({ id: bookings.id });
  return rows.length > 0;
}

/**
 * The client accepted the offer: the booking is accepted at its price and deposit share, on its day,
 * and an enquiry becomes a booking request from now (`requestedAt`).
 */
export async function acceptQuoteRow(
  db: Queryable,
  id: string,
  values: { priceCents: number; depositPercent: number; eventDate: string; fromEnquiry: boolean },
) {
  const now = new Date();
  await db
    .update(bookings)
    .set({
      status: 'accepted',
      quoteStatus: 'accepted',
      priceCents: values.priceCents,
      depositPercent: values.depositPercent,
      eventDate: values.eventDate,
      ...(values.fromEnquiry && { kind: 'booking' as const, requestedAt: now }),
      updatedAt: now,
    })
    .where(eq(bookings.id, id));
}
