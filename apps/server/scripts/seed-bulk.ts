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
    // 250 planners on the Enterprise plan (no package limit), sharing the demo password hash.
    await tx.execute(sql`
      insert into users (username, email, password_hash, role, plan_id)
      select 'Bulk Planner ' || g, 'bulk-planner-' || g || '@sherehe.bench', u.password_hash, 'planner', 'enterprise'
      from generate_series(1, 250) g, (select password_hash from users where email = 'wanjiru@sherehe.demo') u
      on conflict do nothing`);
    await tx.execute(sql`
      with planners as (
        select id, row_number() over (order by email) - 1 as n from users where email like 'bulk-planner-%'
      ), cats as (
        select id, row_number() over (order by name) - 1 as n, count(*) over () as total from categories
      ), words as (
        select array['Garden','Beach','Rooftop','Classic','Royal','Intimate','Grand','Sunset','Heritage','Modern'] as adj,
               array['Wedding','Birthday Party','Baby Shower','Conference','Fundraiser','Graduation','Gala','Retreat'] as noun,
               array['Nairobi','Mombasa','Kisumu','Nakuru','Eldoret','Naivasha','Nyeri','Diani','Thika','Machakos'] as town
      )
      insert into packages (title, description, price, category_id, location, planner_id, rating_avg, rating_count, created_at, updated_at)
      select
        w.adj[1 + g % 10] || ' ' || w.noun[1 + (g / 10) % 8] || ' #' || g,
        'Bulk package ' || g || ': planning, décor, catering coordination and an MC for your ' || lower(w.noun[1 + (g / 10) % 8]) || '.',
        (5000 + (g * 7919) % 995000)::numeric(12, 2),
        c.id,
        w.town[1 + (g / 3) % 10],
        p.id,
        round(((g * 31) % 41 + 10) / 10.0, 2),
        (g * 13) % 50,
        now() - (g || ' minutes')::interval,
        now() - (g || ' minutes')::interval
      from generate_series(1, ${total}) g
      cross join words w
      join cats c on c.n = g % c.total
      join planners p on p.n = g % 250`);
  });
  // Bench clients on the Enterprise plan with known session tokens ('bench-token-N'), and 5,000
  // bookings of one planner's packages (the busy planner of the bookings benchmark).
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into users (username, email, password_hash, role, plan_id)
      select 'Bench Client ' || g, 'bench-client-' || g || '@sherehe.bench', u.password_hash, 'client', 'enterprise'
      from generate_series(1, ${BENCH_CLIENTS}) g, (select password_hash from users where email = 'grace@sherehe.demo') u
      on conflict do nothing`);
    await tx.execute(sql`
      insert into sessions (token_hash, user_id, expires_at)
      select encode(sha256(convert_to('bench-token-' || split_part(split_part(email, '@', 1), '-', 3), 'UTF8')), 'hex'),
             id, now() + interval '7 days'
      from users where email like 'bench-client-%'
      on conflict do nothing`);
    await tx.execute(sql`
      with busy as (select id from users where email = 'bulk-planner-1@sherehe.bench'),
           pkgs as (select p.id, p.title, p.price, row_number() over (order by p.id) - 1 as n
                    from packages p join busy on p.planner_id = busy.id),
           clients as (select id, row_number() over (order by email) - 1 as n from users where email like 'bench-client-%')
      insert into bookings (package_id, package_title, client_id, planner_id, event_date, status, price, created_at, updated_at)
      select pk.id, pk.title, c.id, (select id from busy), current_date + (g % 700),
             (array['pending','accepted','rejected','completed','cancelled'])[1 + g % 5]::booking_status,
             pk.price, now() - (g || ' seconds')::interval, now() - (g || ' seconds')::interval
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
           pkgs as (select p.id, p.title, p.price, row_number() over (order by p.id) - 1 as n
                    from packages p join busy on p.planner_id = busy.id),
           clients as (select id, row_number() over (order by email) - 1 as n from users where email like 'bench-client-%')
      insert into bookings (package_id, package_title, client_id, planner_id, event_date, status, price, created_at, updated_at)
      select pk.id, pk.title, c.id, (select id from busy), current_date + (g % 365),
             (array['pending','accepted','rejected','completed','cancelled'])[1 + g % 5]::booking_status,
             pk.price, now() - (g || ' seconds')::interval, now() - (g || ' seconds')::interval
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
  // The steady state autovacuum would reach: statistics, and a visibility map for index-only scans.
  await database.db.execute(sql`vacuum analyze`);
  console.log(`seeded ${total} packages in ${Date.now() - started} ms (${database.kind})`);
} finally {
  await database.close();
}
