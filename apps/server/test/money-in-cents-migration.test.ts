import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { eq, type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, pgliteExtensions } from '../src/db/client';
import * as schema from '../src/db/schema';
import { migrationsFolder } from '../src/paths';
import { nairobiDayFromToday } from './dates';

// Migration 0021 (money in cents, the widening half: docs/database.md#widen-then-narrow), on a fresh
// database of its own: migrated to 0020, filled as the previous release would (the Ksh columns only,
// with awkward amounts), then migrated on. Every cents column must be exactly the old value × 100, row
// by row and in sum, and the triggers must keep both columns in step whichever of them a write sets.

/** Every money column: table, old numeric column, new cents column. */
const MONEY_COLUMNS = [
  ['plans', 'price', 'price_cents'],
  ['packages', 'price', 'price_cents'],
  ['bookings', 'price', 'price_cents'],
  ['payments', 'amount', 'amount_cents'],
  ['payments', 'fee', 'fee_cents'],
  ['refunds', 'amount', 'amount_cents'],
  ['payouts', 'amount', 'amount_cents'],
  ['ledger_entries', 'amount', 'amount_cents'],
] as const;

/** Amounts a float would get wrong (0.29 × 100 is 28.999999999999996), and the largest a column holds. */
const AWKWARD = ['0.01', '0.07', '0.29', '1250.05', '45000.50', '55000.5', '1234567.89', '9999999999.99'];

/** A decimal's exact cents, as a bigint: '45000.5' → 4500050n, '-0.01' → -1n (no float anywhere). */
function exactCents(decimal: string): bigint {
  const negative = decimal.startsWith('-');
  const [whole = '0', fraction = ''] = decimal.replace(/^-/, '').split('.');
  const cents = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
  return negative ? -cents : cents;
}

interface TestDb {
  db: Db;
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
}

/** A fresh, empty database: PGlite, or a new PostgreSQL database when TEST_DATABASE_URL is set. */
async function emptyDatabase(): Promise<TestDb> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `sherehe_mig_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const dbUrl = new URL(url);
    dbUrl.pathname = `/${name}`;
    const pool = new pg.Pool({ connectionString: dbUrl.toString(), max: 2 });
    // `pool.end()` answers before its connections have closed, and the drop below (with force) ends
    // those still closing: the pool reports that as an error, which unheard would end the run.
    pool.on('error', () => {});
    return {
      db: drizzleNodePg(pool, { schema }) as unknown as Db,
      migrate: async (folder) => migrateNodePg(drizzleNodePg(pool, { schema }), { migrationsFolder: folder }),
      async close() {
        await pool.end();
        const cleanup = new pg.Client({ connectionString: url });
        await cleanup.connect();
        await cleanup.query(`drop database if exists ${name} with (force)`).catch(() => {});
        await cleanup.end();
      },
    };
  }
  const client = await PGlite.create({ extensions: pgliteExtensions });
  return {
    db: drizzlePglite(client, { schema }) as unknown as Db,
    migrate: async (folder) => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: folder }),
    close: () => client.close(),
  };
}

/** A copy of the migrations folder whose journal ends at migration `last`: "migrate to 0020". */
function migrationsUpTo(last: number): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'sherehe-migrations-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as {
    entries: Array<{ idx: number; tag: string }>;
  };
  journal.entries = journal.entries.filter((entry) => entry.idx <= last);
  writeFileSync(journalFile, JSON.stringify(journal, null, 2));
  return folder;
}

let t: TestDb;
const folders: string[] = [];

async function rows<T>(query: SQL): Promise<T[]> {
  const result = (await t.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
async function one<T>(query: SQL): Promise<T> {
  const [row] = await rows<T>(query);
  return row!;
}

/** Each money column's count and sum, as exact decimal text. */
async function moneySums(column: 'old' | 'cents') {
  const sums: Record<string, { count: string; sum: string }> = {};
  for (const [table, old, cents] of MONEY_COLUMNS) {
    const name = column === 'old' ? old : cents;
    sums[`${table}.${old}`] = await one<{ count: string; sum: string }>(
      sql`select count(${sql.identifier(name)})::text as count, coalesce(sum(${sql.identifier(name)}), 0)::text as sum from ${sql.identifier(table)}`,
    );
  }
  return sums;
}

/** What the previous release leaves in the tables: demo-like rows with awkward amounts, old columns only. */
async function fillAsThePreviousRelease() {
  await t.db.execute(sql`insert into plans (id, name, price) values
    ('free', 'Free', 0), ('basic', 'Basic', 10), ('pro', 'Pro', 25.5), ('enterprise', 'Enterprise', 49.99)`);
  const users = await rows<{
    id: string;
    role: string;
  }>(sql`insert into users (username, email, password_hash, role) values
    ('amani', 'amani@sherehe.test', 'x', 'planner'), ('wanjiku', 'wanjiku@sherehe.test', 'x', 'client'),
    ('admin', 'admin@sherehe.test', 'x', 'admin') returning id, role`);
  const planner = users.find((u) => u.role === 'planner')!.id;
  const client = users.find((u) => u.role === 'client')!.id;
  const { id: category } = await one<{ id: string }>(
    sql`insert into categories (name, description) values ('Weddings', 'Weddings') returning id`,
  );
  const prices = ['0', ...AWKWARD];
  for (const [n, price] of prices.entries()) {
    const { id: pkg } = await one<{
      id: string;
    }>(sql`insert into packages (title, description, price, category_id, location, planner_id)
      values (${`Package ${n}`}, 'A package.', ${price}::numeric, ${category}, 'Nairobi', ${planner}) returning id`);
    const { id: booking } = await one<{
      id: string;
    }>(sql`insert into bookings (package_id, package_title, client_id, planner_id, event_date, status, price)
      values (${pkg}, ${`Package ${n}`}, ${client}, ${planner}, ${`2020-01-${String(n + 1).padStart(2, '0')}`}, 'completed', ${price}::numeric)
      returning id`);
    if (price === '0') continue;
    // A card payment of the whole price with a fee of 10 % rounded to the cent, its ledger rows,
    // a refund of it, and the refund's ledger rows.
    const fee = (exactCents(price) / 10n).toString();
    const feeKsh = `${fee.slice(0, -2) || '0'}.${fee.slice(-2).padStart(2, '0')}`;
    const { id: payment } = await one<{
      id: string;
    }>(sql`insert into payments (booking_id, user_id, purpose, method, amount, fee, status, receipt)
      values (${booking}, ${client}, 'deposit', 'card', ${price}::numeric, ${feeKsh}::numeric, 'succeeded', ${`R${n}`}) returning id`);
    const { id: refund } = await one<{
      id: string;
    }>(sql`insert into refunds (payment_id, booking_id, amount, rule, status)
      values (${payment}, ${booking}, ${price}::numeric, 'cancelled_by_planner', 'succeeded') returning id`);
    await t.db.execute(sql`insert into ledger_entries (kind, planner_id, booking_id, payment_id, refund_id, amount) values
      ('payment', ${planner}, ${booking}, ${payment}, null, ${price}::numeric),
      ('fee', ${planner}, ${booking}, ${payment}, null, -${feeKsh}::numeric),
      ('refund', ${planner}, ${booking}, null, ${refund}, -${price}::numeric),
      ('fee_refund', ${planner}, ${booking}, null, ${refund}, ${feeKsh}::numeric)`);
    const { id: payout } = await one<{ id: string }>(sql`insert into payouts (planner_id, amount, reference)
      values (${planner}, ${price}::numeric, ${`QFT${String(n).padStart(7, '0')}`}) returning id`);
    await t.db.execute(sql`insert into ledger_entries (kind, planner_id, payout_id, amount)
      values ('payout', ${planner}, ${payout}, -${price}::numeric)`);
  }
  // An M-Pesa payment (whole shillings) with a fee of cents, and the ledger's extremes.
  const { id: booking } = await one<{ id: string }>(sql`select id from bookings order by price desc limit 1`);
  await t.db.execute(sql`insert into payments (booking_id, user_id, purpose, method, amount, fee, status)
    values (${booking}, ${client}, 'balance', 'mpesa', 250000, 0.29, 'pending')`);
  const { id: payout } = await one<{ id: string }>(sql`insert into payouts (planner_id, amount, reference)
    values (${planner}, 0.07, 'QFTLEDGERX') returning id`);
  await t.db.execute(sql`insert into ledger_entries (kind, planner_id, payout_id, amount)
    values ('payout', ${planner}, ${payout}, -999999999999.99)`);
}

let before: Awaited<ReturnType<typeof moneySums>>;

beforeAll(async () => {
  t = await emptyDatabase();
  const upTo0020 = migrationsUpTo(20);
  folders.push(upTo0020);
  await t.migrate(upTo0020);
  const columns = await rows<{ column_name: string }>(
    sql`select column_name from information_schema.columns where table_name = 'payments' and column_name like '%cents'`,
  );
  expect(columns).toEqual([]); // really at 0020
  await fillAsThePreviousRelease();
  before = await moneySums('old');
  await t.migrate(migrationsFolder);
}, 120_000);

afterAll(async () => {
  await t?.close();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** A planner, a client and a category of the seeded database, to write rows against. */
const seededIds = () =>
  one<{ planner: string; client: string; category: string }>(sql`select
    (select id from users where role = 'planner') as planner, (select id from users where role = 'client') as client,
    (select id from categories limit 1) as category`);

describe('migration 0021: money in cents', () => {
  it('fills every cents column with exactly the old amount × 100, row by row', async () => {
    expect(before['payments.amount']).toEqual({ count: String(AWKWARD.length + 1), sum: expect.any(String) });
    for (const [table, old, cents] of MONEY_COLUMNS) {
      const found = await rows<{ old: string; cents: string }>(
        sql`select ${sql.identifier(old)}::text as old, ${sql.identifier(cents)}::text as cents from ${sql.identifier(table)}`,
      );
      expect(found.length, `${table} rows`).toBeGreaterThan(0);
      for (const row of found)
        expect(BigInt(row.cents), `${table}.${old} ${row.old}`).toBe(exactCents(row.old));
      // And as the database itself says it.
      const { wrong } = await one<{ wrong: number }>(
        sql`select count(*)::int as wrong from ${sql.identifier(table)} where ${sql.identifier(cents)} is distinct from round(${sql.identifier(old)} * 100)::bigint`,
      );
      expect(wrong, `${table}.${cents} rows unlike round(${old} * 100)`).toBe(0);
    }
  });

  it('keeps every count and sum: the old columns unchanged, the cents summing to exactly 100 times them', async () => {
    const oldAfter = await moneySums('old');
    const centsAfter = await moneySums('cents');
    expect(oldAfter).toEqual(before);
    for (const [key, { count, sum }] of Object.entries(before)) {
      expect(centsAfter[key]!.count, key).toBe(count);
      expect(BigInt(centsAfter[key]!.sum), key).toBe(exactCents(sum));
    }
    // The largest amounts made it whole.
    const { max } = await one<{ max: string }>(sql`select max(price_cents)::text as max from packages`);
    expect(max).toBe('999999999999');
    const { min } = await one<{ min: string }>(
      sql`select min(amount_cents)::text as min from ledger_entries`,
    );
    expect(min).toBe('-99999999999999');
  });

  it('gives a row the previous release writes (the Ksh column only) its cents, on insert and on update', async () => {
    const { planner, client, category } = await seededIds();
    const pkg = await one<{
      id: string;
      price_cents: string;
    }>(sql`insert into packages (title, description, price, category_id, location, planner_id)
      values ('Old code', 'Written by the previous release.', 0.29, ${category}, 'Mombasa', ${planner}) returning id, price_cents::text`);
    expect(pkg.price_cents).toBe('29');
    const booking = await one<{
      id: string;
      price_cents: string;
    }>(sql`insert into bookings (package_id, package_title, client_id, planner_id, event_date, price)
      values (${pkg.id}, 'Old code', ${client}, ${planner}, ${nairobiDayFromToday(30)}, 1250.05) returning id, price_cents::text`);
    expect(booking.price_cents).toBe('125005');
    const payment = await one<{
      id: string;
      amount_cents: string;
      fee_cents: string;
    }>(sql`insert into payments (booking_id, user_id, purpose, method, amount)
      values (${booking.id}, ${client}, 'deposit', 'card', 45000.5) returning id, amount_cents::text, fee_cents::text`);
    expect(payment).toMatchObject({ amount_cents: '4500050', fee_cents: '0' });
    // The previous release settles it: status and fee, in Ksh.
    const settled = await one<{
      fee: string;
      fee_cents: string;
      amount_cents: string;
    }>(sql`update payments set status = 'succeeded', fee = 4500.05
      where id = ${payment.id} returning fee::text, fee_cents::text, amount_cents::text`);
    expect(settled).toEqual({ fee: '4500.05', fee_cents: '450005', amount_cents: '4500050' });
    const refund = await one<{
      amount_cents: string;
    }>(sql`insert into refunds (payment_id, booking_id, amount, rule)
      values (${payment.id}, ${booking.id}, 1234567.89, 'cancelled_by_planner') returning amount_cents::text`);
    expect(refund.amount_cents).toBe('123456789');
    const payout = await one<{
      id: string;
      amount_cents: string;
    }>(sql`insert into payouts (planner_id, amount, reference)
      values (${planner}, 9999999999.99, 'QFTOLDCODE') returning id, amount_cents::text`);
    expect(payout.amount_cents).toBe('999999999999');
    const entry = await one<{
      amount_cents: string;
    }>(sql`insert into ledger_entries (kind, planner_id, payout_id, amount)
      values ('payout', ${planner}, ${payout.id}, -9999999999.99) returning amount_cents::text`);
    expect(entry.amount_cents).toBe('-999999999999');
    const plan = await one<{ price_cents: string }>(
      sql`update plans set price = 10.01 where id = 'basic' returning price_cents::text`,
    );
    expect(plan.price_cents).toBe('1001');
    // An update of another column leaves both as they were.
    const renamed = await one<{ price: string; price_cents: string }>(
      sql`update packages set title = 'Renamed' where id = ${pkg.id} returning price::text, price_cents::text`,
    );
    expect(renamed).toEqual({ price: '0.29', price_cents: '29' });
    // The previous release's upsert of the plans (ensurePlans: set price = excluded.price).
    const upserted = await one<{
      price: string;
      price_cents: string;
    }>(sql`insert into plans (id, name, price) values ('basic', 'Basic', 12.5)
      on conflict (id) do update set price = excluded.price returning price::text, price_cents::text`);
    expect(upserted).toEqual({ price: '12.50', price_cents: '1250' });
  });

  it('gives a row this release writes (the cents only) its Ksh, on insert and on update', async () => {
    const { planner, client, category } = await seededIds();
    // Through the schema, as the code writes: cents only, the old columns left out.
    const [pkg] = await t.db
      .insert(schema.packages)
      .values({
        title: 'New code',
        description: 'Cents only.',
        priceCents: 29,
        categoryId: category,
        location: 'Kisumu',
        plannerId: planner,
      })
      .returning();
    expect(pkg).toMatchObject({ priceCents: 29, price: 0.29 });
    const [booking] = await t.db
      .insert(schema.bookings)
      .values({
        packageId: pkg!.id,
        packageTitle: 'New code',
        clientId: client,
        plannerId: planner,
        eventDate: nairobiDayFromToday(60),
        priceCents: 999_999_999_999,
      })
      .returning();
    expect(booking).toMatchObject({ priceCents: 999_999_999_999, price: 9_999_999_999.99 });
    const [payment] = await t.db
      .insert(schema.payments)
      .values({
        bookingId: booking!.id,
        userId: client,
        purpose: 'deposit',
        method: 'card',
        amountCents: 125_005,
      })
      .returning();
    expect(payment).toMatchObject({ amountCents: 125_005, amount: 1250.05, feeCents: 0, fee: 0 });
    const [settled] = await t.db
      .update(schema.payments)
      .set({ status: 'succeeded', feeCents: 12_501 })
      .where(eq(schema.payments.id, payment!.id))
      .returning();
    expect(settled).toMatchObject({ feeCents: 12_501, fee: 125.01, amountCents: 125_005, amount: 1250.05 });
    const [payout] = await t.db
      .insert(schema.payouts)
      .values({ plannerId: planner, amountCents: 7, reference: 'QFTNEWCODE' })
      .returning();
    expect(payout).toMatchObject({ amountCents: 7, amount: 0.07 });
    const [entry] = await t.db
      .insert(schema.ledgerEntries)
      .values({ kind: 'payout', plannerId: planner, payoutId: payout!.id, amountCents: -7 })
      .returning();
    expect(entry).toMatchObject({ amountCents: -7, amount: -0.07 });
    const [refund] = await t.db
      .insert(schema.refunds)
      .values({
        paymentId: payment!.id,
        bookingId: booking!.id,
        amountCents: 125_005,
        rule: 'cancelled_by_planner',
      })
      .returning();
    expect(refund).toMatchObject({ amountCents: 125_005, amount: 1250.05 });
    // What the previous release reads of them: the Ksh columns, exact.
    const old = await one<{ price: string; amount: string; fee: string }>(sql`select
      (select price::text from bookings where id = ${booking!.id}) as price,
      (select amount::text from payments where id = ${payment!.id}) as amount,
      (select fee::text from payments where id = ${payment!.id}) as fee`);
    expect(old).toEqual({ price: '9999999999.99', amount: '1250.05', fee: '125.01' });
    // A change of the cents moves the Ksh with it.
    const [repriced] = await t.db
      .update(schema.packages)
      .set({ priceCents: 4_500_050 })
      .where(eq(schema.packages.id, pkg!.id))
      .returning();
    expect(repriced).toMatchObject({ priceCents: 4_500_050, price: 45_000.5 });
  });

  it('holds the checks on the cents: no payment of 0, no M-Pesa cents, no row without an amount', async () => {
    const { client, booking } = await one<{ client: string; booking: string }>(sql`select
      (select id from users where role = 'client') as client, (select id from bookings order by created_at limit 1) as booking`);
    const attempt = (values: SQL) =>
      t.db.execute(sql`insert into payments (booking_id, user_id, purpose, method, ${values})`).then(
        () => 'written',
        () => 'refused',
      );
    expect(await attempt(sql`amount_cents) values (${booking}, ${client}, 'deposit', 'card', 0`)).toBe(
      'refused',
    );
    expect(await attempt(sql`amount_cents) values (${booking}, ${client}, 'deposit', 'mpesa', 4500050`)).toBe(
      'refused',
    );
    expect(await attempt(sql`amount) values (${booking}, ${client}, 'deposit', 'mpesa', 45000.5`)).toBe(
      'refused',
    );
    expect(await attempt(sql`status) values (${booking}, ${client}, 'deposit', 'card', 'pending'`)).toBe(
      'refused',
    );
    expect(await attempt(sql`amount_cents) values (${booking}, ${client}, 'deposit', 'mpesa', 4500000`)).toBe(
      'written',
    );
  });
});
