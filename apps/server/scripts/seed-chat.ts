// Fills a database for the chat benchmark at scale (`CHAT_BENCH_SOCKETS=10000 npm run chat-bench`):
//   DATABASE_URL=postgres://… node --import tsx scripts/seed-chat.ts 5000 /tmp/rooms.json
// Applies migrations (as the server would), then, with set-based SQL, adds N clients and N planners,
// each signed in (session tokens 'chat-client-token-i' and 'chat-planner-token-i'), and one booking
// between client i and planner i: N booking chat rooms of two parties. Writes the rooms as JSON.
import { writeFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { ensurePlans } from '../src/modules/plans/plans.queries';

const rooms = Number(process.argv[2] ?? 5000);
const out = process.argv[3];
if (!out) throw new Error('usage: seed-chat.ts <rooms> <rooms.json>');
const config = loadConfig({ ...process.env, SEED_DEMO: 'false' });
const database = await openDatabase(config);
try {
  await database.migrate();
  await ensurePlans(database.db);
  const started = Date.now();
  const result = await database.db.transaction(async (tx) => {
    // No one signs in with a password here: any hash will do.
    await tx.execute(sql`
      insert into users (username, email, password_hash, role, plan_id)
      select 'Chat ' || initcap(r) || ' ' || g, 'chat-' || r || '-' || g || '@sherehe.bench', 'not-a-password', r::role, 'enterprise'
      from generate_series(1, ${rooms}) g, unnest(array['client', 'planner']) r
      on conflict do nothing`);
    // The session lives a full term (7 days), so connecting does not renew it.
    await tx.execute(sql`
      insert into sessions (token_hash, user_id, expires_at)
      select encode(sha256(convert_to(
               'chat-' || split_part(email, '-', 2) || '-token-' || split_part(split_part(email, '@', 1), '-', 3),
               'UTF8')), 'hex'),
             id, now() + interval '7 days'
      from users where email like 'chat-%@sherehe.bench'
      on conflict do nothing`);
    await tx.execute(sql`
      insert into bookings (package_title, client_id, planner_id, event_date, status, price_cents)
      select 'Chat bench event ' || g, c.id, p.id, current_date + 60, 'accepted', 5000000
      from generate_series(1, ${rooms}) g
      join users c on c.email = 'chat-client-' || g || '@sherehe.bench'
      join users p on p.email = 'chat-planner-' || g || '@sherehe.bench'
      where not exists (select 1 from bookings b where b.client_id = c.id and b.planner_id = p.id)`);
    return tx.execute(sql`
      select distinct on (g) g as n, b.id as booking, c.id as client, p.id as planner
      from generate_series(1, ${rooms}) g
      join users c on c.email = 'chat-client-' || g || '@sherehe.bench'
      join users p on p.email = 'chat-planner-' || g || '@sherehe.bench'
      join bookings b on b.client_id = c.id and b.planner_id = p.id
      order by g, b.created_at`);
  });
  const { rows } = result as unknown as {
    rows: Array<{
      n: number;
      booking: string;
      client: string;
      planner: string;
    }>;
  };
  writeFileSync(
    out,
    JSON.stringify(
      rows.map((row) => ({
        bookingId: row.booking,
        client: { id: row.client, token: `chat-client-token-${row.n}` },
        planner: { id: row.planner, token: `chat-planner-token-${row.n}` },
      })),
    ),
  );
  await database.db.execute(sql`vacuum analyze`);
  console.log(`seeded ${rows.length} chat rooms in ${Date.now() - started} ms (${database.kind})`);
} finally {
  await database.close();
}
