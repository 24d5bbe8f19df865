// Fills a database with many packages for benchmarks:
//   DATA_DIR=/tmp/bench node --import tsx scripts/seed-bulk.ts 10000
//   DATABASE_URL=postgres://… node --import tsx scripts/seed-bulk.ts 10000
// Applies migrations and the demo data first (as the server would), then adds planners and
// packages spread over the categories with set-based SQL (seconds, not minutes).
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { seedDemo } from '../src/db/seed';
import { ensurePlans } from '../src/modules/plans/plans.queries';
import { DiskStorage } from '../src/storage/storage';

const total = Number(process.argv[2] ?? 10_000);
/** Enterprise clients with session tokens 'bench-token-1'… for the booking benchmark. */
const BENCH_CLIENTS = 2000;
/**
 * Bookings spread over the bulk planners (BENCH_BOOKINGS, about; default 20,000), on top of the
 * 6,000 of the two busy planners below: each planner gets between 1 and 5,000, few of them many.
 */
const spreadBookings = Number(process.env.BENCH_BOOKINGS ?? 20_000);
/** Planners: 250, or more so that a million bookings stay under 5,000 a planner with most far below. */
const PLANNERS = Math.max(250, Math.ceil(spreadBookings / 1000));
/** Clients of the spread bookings ('Bench Client 2001'…, tokens 'bench-token-2001'…): 5,000, one per booking of a planner. */
const SPREAD_CLIENTS = 5000;
/** Most bookings a planner has. */
const MOST_PER_PLANNER = 5000;
// Planner k (3…PLANNERS, by number) gets MOST × x^e bookings, x falling from 1 to 0: the mean
// MOST / (e + 1) times the planners makes spreadBookings.
const skew = Math.max(1, (MOST_PER_PLANNER * (PLANNERS - 2)) / Math.max(1, spreadBookings) - 1);

/** Words of the titles and descriptions, English and Kiswahili, as Kenyan event planners write them. */
const vocabulary = {
  theme: [
    'Garden',
    'Beach',
    'Rooftop',
    'Classic',
    'Royal',
    'Intimate',
    'Grand',
    'Sunset',
    'Heritage',
    'Modern',
    'Rustic',
    'Boho',
    'Safari',
    'Lakeside',
    'Coastal',
    'Swahili',
    'Vintage',
    'Elegant',
    'Luxury',
    'Budget',
    'Traditional',
    'Kitenge',
    'Savannah',
    'Tropical',
    'Golden',
    'Starlight',
    'Riverside',
    'Countryside',
    'Urban',
    'Bustani',
    'Pwani',
    'Kifahari',
    'Rahisi',
    'Asili',
    'Jadi',
    'Tamu',
    'Furaha',
    'Baraka',
  ],
  event: [
    'Wedding',
    'Harusi',
    'Sherehe',
    'Send-off',
    'Ruracio',
    'Ngoma',
    'Birthday Party',
    'Baby Shower',
    'Conference',
    'Fundraiser',
    'Graduation',
    'Gala',
    'Retreat',
    'Dowry Ceremony',
    'Engagement',
    'Bridal Shower',
    'Anniversary',
    'Corporate Dinner',
    'Product Launch',
    'Team Building',
    'Christening',
    'Ayie',
    'Koito',
    'Nikah',
    'Kitchen Party',
    'Chama Party',
    'Homecoming',
    'Reunion',
    'Festival',
    'Concert',
    'Sikukuu',
    'Mahafali',
    'Ushirika',
    'Pre-wedding',
    'Ladies Night',
    'Prom',
  ],
  tier: [
    'Basic',
    'Silver',
    'Gold',
    'Platinum',
    'Deluxe',
    'Premium',
    'Kamili',
    'Bora',
    'Classic',
    'Essentials',
  ],
  service: [
    'chakula',
    'mapambo',
    'catering',
    'décor',
    'tents',
    'sound system',
    'photography',
    'an MC',
    'a DJ',
    'flowers',
    'maua',
    'keki',
    'muziki',
    'usafiri',
    'mahema',
    'viti na meza',
    'lighting',
    'videography',
    'nyama choma',
    'pilau',
    'biryani',
    'makeup',
    'ushers',
    'security',
    'fireworks',
    'a cocktail bar',
    'chai na mandazi',
    'a live band',
    'taarab',
    'benga',
    'a bouncing castle',
    'invitations',
    'a photo booth',
    'wedding cake',
    'buffet',
    'drone coverage',
    'red carpet',
    'stage and podium',
    'translators',
    'Wi-Fi',
  ],
  town: [
    'Nairobi',
    'Mombasa',
    'Kisumu',
    'Nakuru',
    'Eldoret',
    'Thika',
    'Malindi',
    'Nyeri',
    'Machakos',
    'Kakamega',
    'Naivasha',
    'Kitale',
    'Garissa',
    'Kericho',
    'Nanyuki',
    'Kiambu',
    'Lamu',
    'Diani',
    'Kilifi',
    'Voi',
    'Embu',
    'Meru',
    'Kisii',
    'Narok',
    'Kajiado',
    'Bungoma',
    'Nyahururu',
    'Watamu',
  ],
  closing: [
    'Tunapanga kila kitu kuanzia mwanzo hadi mwisho.',
    'We handle everything from the first call to the last guest leaving.',
    'Bei inajumuisha usafiri ndani ya kaunti.',
    'Prices include transport within the county.',
    'Karibu tupange sherehe yako pamoja.',
    'A dedicated coordinator stays with you on the day.',
    'Tunahudumia wageni kuanzia 50 hadi 1,000.',
    'Suitable for 50 to 1,000 guests, indoors or outdoors.',
  ],
};
const words = sql.raw(
  `select ${Object.entries(vocabulary)
    .map(([name, list]) => `array[${list.map((w) => `'${w.replaceAll("'", "''")}'`).join(',')}] as ${name}`)
    .join(', ')}`,
);
/** A word of `list` for row g, the same in every run: salt tells the picks of one row apart. */
const pick = (list: keyof typeof vocabulary, salt: number) =>
  sql.raw(
    `w.${list}[1 + ((hashint8(g::bigint * 64 + ${salt})::bigint + 2147483648) % ${vocabulary[list].length})]`,
  );
/** A number in [0, 1) for row g. */
const uniform = (salt: number) =>
  sql.raw(`((hashint8(g::bigint * 64 + ${salt})::bigint + 2147483648) / 4294967296.0)`);

const config = loadConfig({ ...process.env, SEED_DEMO: 'true' });
const database = await openDatabase(config);
try {
  await database.migrate();
  await ensurePlans(database.db);
  await seedDemo({
    db: database.db,
    storage: new DiskStorage(path.join(config.dataDir, 'uploads'), config.publicUrl),
  });
  const started = Date.now();
  await database.db.transaction(async (tx) => {
    // Planners on the Enterprise plan (no package limit), sharing the demo password hash, each
    // with a session token 'bench-planner-token-N'.
    await tx.execute(sql`
      insert into users (username, email, password_hash, role, plan_id)
      select 'Bulk Planner ' || g, 'bulk-planner-' || g || '@sherehe.bench', u.password_hash, 'planner', 'enterprise'
      from generate_series(1, ${PLANNERS}) g, (select password_hash from users where email = 'wanjiru@sherehe.demo') u
      on conflict do nothing`);
    await tx.execute(sql`
      insert into sessions (token_hash, user_id, expires_at)
      select encode(sha256(convert_to('bench-planner-token-' || split_part(split_part(email, '@', 1), '-', 3), 'UTF8')), 'hex'),
             id, now() + interval '7 days'
      from users where email like 'bulk-planner-%'
      on conflict do nothing`);
    // Titles and descriptions from the vocabulary, in Kenyan towns, prices from Ksh 5,000 to
    // 5,000,000 spread evenly on a log scale (as many packages under 50,000 as over 500,000),
    // whole hundreds of shillings.
    await tx.execute(sql`
      with planners as (
        select id, row_number() over (order by email) - 1 as n from users where email like 'bulk-planner-%'
      ), cats as (
        select id, row_number() over (order by name) - 1 as n, count(*) over () as total from categories
      ), words as (${words})
      insert into packages (title, description, price_cents, category_id, location, planner_id, rating_avg, rating_count, created_at, updated_at)
      select
        ${pick('theme', 1)} || ' ' || ${pick('event', 2)} || ' — ' || ${pick('tier', 3)},
        'A ' || lower(${pick('theme', 1)}) || ' ' || ${pick('event', 2)} || ' in ' || ${pick('town', 4)}
          || ' with ' || ${pick('service', 5)} || ', ' || ${pick('service', 6)} || ', ' || ${pick('service', 7)}
          || ' and ' || ${pick('service', 8)} || '. ' || ${pick('closing', 9)},
        -- Cents of whole hundreds of shillings, Ksh 5,000 to 5,000,000 (0021's trigger writes the old price).
        greatest(500000, round(exp(ln(5000) + ln(1000) * ${uniform(10)}) / 100) * 10000)::bigint,
        c.id,
        ${pick('town', 4)},
        p.id,
        round(((g * 31) % 41 + 10) / 10.0, 2),
        (g * 13) % 50,
        now() - (g || ' minutes')::interval,
        now() - (g || ' minutes')::interval
      from generate_series(1, ${total}) g
      cross join words w
      join cats c on c.n = g % c.total
      join planners p on p.n = g % ${PLANNERS}`);
  });
  // Bench clients on the Enterprise plan with known session tokens ('bench-token-N'), and 5,000
  // bookings of one planner's packages (the busy planner of the bookings benchmark).
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into users (username, email, password_hash, role, plan_id)
      select 'Bench Client ' || g, 'bench-client-' || g || '@sherehe.bench', u.password_hash, 'client', 'enterprise'
      from generate_series(1, ${BENCH_CLIENTS + SPREAD_CLIENTS}) g, (select password_hash from users where email = 'grace@sherehe.demo') u
      on conflict do nothing`);
    await tx.execute(sql`
      insert into sessions (token_hash, user_id, expires_at)
      select encode(sha256(convert_to('bench-token-' || split_part(split_part(email, '@', 1), '-', 3), 'UTF8')), 'hex'),
             id, now() + interval '7 days'
      from users where email like 'bench-client-%'
      on conflict do nothing`);
    await tx.execute(sql`
      with busy as (select id from users where email = 'bulk-planner-1@sherehe.bench'),
           pkgs as (select p.id, p.title, p.price_cents, row_number() over (order by p.id) - 1 as n
                    from packages p join busy on p.planner_id = busy.id),
           clients as (select id, row_number() over (order by email) - 1 as n from users
                       where email like 'bench-client-%' and split_part(split_part(email, '@', 1), '-', 3)::int <= ${BENCH_CLIENTS})
      insert into bookings (package_id, package_title, client_id, planner_id, event_date, status, price_cents, created_at, updated_at)
      select pk.id, pk.title, c.id, (select id from busy), current_date + (g % 700),
             (array['pending','accepted','rejected','completed','cancelled'])[1 + g % 5]::booking_status,
             pk.price_cents, now() - (g || ' seconds')::interval, now() - (g || ' seconds')::interval
      from generate_series(1, 5000) g
      -- Each (client, package) pair once, so the one-open-booking rule holds.
      join clients c on c.n = g % ${BENCH_CLIENTS}
      join pkgs pk on pk.n = (g + g / ${BENCH_CLIENTS}) % (select count(*) from pkgs)`);
  });
  // A second busy planner for the availability benchmark: 1,000 bookings over the coming year (a
  // fifth of them accepted, so some days are full) and 50 blocked days.
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`
      with busy as (select id from users where email = 'bulk-planner-2@sherehe.bench'),
           pkgs as (select p.id, p.title, p.price_cents, row_number() over (order by p.id) - 1 as n
                    from packages p join busy on p.planner_id = busy.id),
           clients as (select id, row_number() over (order by email) - 1 as n from users
                       where email like 'bench-client-%' and split_part(split_part(email, '@', 1), '-', 3)::int <= ${BENCH_CLIENTS})
      insert into bookings (package_id, package_title, client_id, planner_id, event_date, status, price_cents, created_at, updated_at)
      select pk.id, pk.title, c.id, (select id from busy), current_date + (g % 365),
             (array['pending','accepted','rejected','completed','cancelled'])[1 + g % 5]::booking_status,
             pk.price_cents, now() - (g || ' seconds')::interval, now() - (g || ' seconds')::interval
      from generate_series(1, 1000) g
      -- A client each, so the one-open-booking rule holds.
      join clients c on c.n = g - 1
      join pkgs pk on pk.n = g % (select count(*) from pkgs)`);
    await tx.execute(sql`
      insert into availability_blocks (planner_id, day, note)
      select u.id, current_date + g * 7, 'Bench block ' || g
      from generate_series(1, 50) g, (select id from users where email = 'bulk-planner-2@sherehe.bench') u
      on conflict do nothing`);
  });
  // The other planners' bookings: planner k gets between 1 and 5,000 (few many, most few), each of
  // another of the spread clients (so no client holds two open bookings of a package), from 18
  // months ago to a year ahead. Days ahead are never accepted: no day of theirs is full, so the
  // booking benchmark's requests are not refused for it.
  if (spreadBookings > 0)
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`
      with pl as (
        select id, k, greatest(1, floor(${MOST_PER_PLANNER} *
          -- x^e, written so that a tiny share does not underflow: one booking at least.
          exp(greatest(-50, ${skew} * ln(greatest(1e-300, 1 - (k - 3)::float8 / ${PLANNERS - 2}))))))::int as c
        from (select id, split_part(split_part(email, '@', 1), '-', 3)::int as k
              from users where email like 'bulk-planner-%') u
        where k >= 3
      ), pk as (
        select id, title, price_cents, planner_id, row_number() over (partition by planner_id order by id) - 1 as n,
               count(*) over (partition by planner_id) as total
        from packages where planner_id in (select id from pl)
      ), cl as (
        select id, split_part(split_part(email, '@', 1), '-', 3)::int - ${BENCH_CLIENTS + 1} as n
        from users where email like 'bench-client-%' and split_part(split_part(email, '@', 1), '-', 3)::int > ${BENCH_CLIENTS}
      ), rows as (
        select pl.id as planner_id, pl.k, j,
               ((hashint8(j::bigint * 100003 + pl.k)::bigint + 2147483648) % 900)::int - 540 as day,
               (hashint8(j::bigint * 100019 + pl.k)::bigint + 2147483648) as h
        from pl cross join lateral generate_series(0, pl.c - 1) j
      )
      insert into bookings (package_id, package_title, client_id, planner_id, event_date, status, price_cents, created_at, updated_at)
      select pk.id, pk.title, cl.id, r.planner_id, current_date + r.day,
             (case when r.day < 0
                   then (array['completed','completed','completed','cancelled','rejected','accepted'])[1 + r.h % 6]
                   else (array['pending','pending','rejected','cancelled'])[1 + r.h % 4] end)::booking_status,
             pk.price_cents,
             now() - make_interval(secs => (r.h % (86400 * 540))),
             now() - make_interval(secs => (r.h % (86400 * 540)))
      from rows r
      join pk on pk.planner_id = r.planner_id and pk.n = r.j % pk.total
      join cl on cl.n = (r.j + r.k * 7919) % ${SPREAD_CLIENTS}`);
    });
  // The steady state autovacuum would reach: statistics, and a visibility map for index-only scans.
  await database.db.execute(sql`vacuum analyze`);
  // And the seed's pages written out now, not by a checkpoint in the middle of the first
  // measurement (a million bookings are about a gigabyte). A superuser's right on PostgreSQL.
  await database.db.execute(sql`checkpoint`).catch(() => undefined);
  const [{ bookings } = { bookings: 0 }] = await database.rows<{ bookings: number }>(
    sql`select count(*)::int as bookings from bookings`,
  );
  console.log(
    `seeded ${total} packages, ${PLANNERS} planners, ${bookings} bookings in ${Date.now() - started} ms (${database.kind})`,
  );
} finally {
  await database.close();
}
