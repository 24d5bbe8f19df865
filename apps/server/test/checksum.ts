import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';

/**
 * A fingerprint of every row of every table: equal before and after means nothing was written.
 * Rate-limit counters are left out: a refused request is still counted, on purpose.
 */
export async function databaseChecksum(database: Database): Promise<string> {
  const tables = await database.rows<{ name: string }>(sql`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like '\\_\\_%'
      and table_name <> 'rate_limits'
    order by table_name`);
  const parts: string[] = [];
  for (const { name } of tables) {
    const [row] = await database.rows<{ sum: string | null }>(
      sql`select md5(coalesce(string_agg(md5(t::text), '' order by md5(t::text)), '')) as sum from ${sql.identifier(name)} t`,
    );
    parts.push(`${name}:${row?.sum}`);
  }
  return parts.join('|');
}
