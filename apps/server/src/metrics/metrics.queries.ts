import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { jobs, payments, smsMessages } from '../db/schema';

/** One row of the scrape's counts: which table, two labels and how many rows. */
export interface TableCount {
  source: 'job' | 'payment' | 'sms';
  /** A job's kind, a payment's method ('' for SMS). */
  key: string;
  /** A job's state (due, running, failed), a payment's or an SMS's status. */
  state: string;
  count: number;
}

/**
 * Everything the metrics read from the tables, in one query (a scrape every 15 s or so):
 * - jobs due (pending whose time has come, or running whose lease ran out: what `claimDueJobs`
 *   takes next), running (leased) and failed (given up), by kind; done jobs are not read;
 * - payments by method and status;
 * - SMS by status.
 * The job rows come through the status indexes; payments and SMS are counted whole.
 */
export async function readTableCounts(database: Database): Promise<TableCount[]> {
  const rows = await database.rows<{
    source: TableCount['source'];
    key: string;
    state: string;
    count: number;
  }>(sql`
    select 'job' as source, kind as key,
      case
        when status = 'failed' then 'failed'
        when status = 'running' and locked_until >= now() then 'running'
        else 'due'
      end as state,
      count(*)::int as count
    from ${jobs}
    where status = 'failed'
      or status = 'running'
      or (status = 'pending' and run_at <= now())
    group by 1, 2, 3
    union all
    select 'payment', method::text, status::text, count(*)::int from ${payments} group by 1, 2, 3
    union all
    select 'sms', '', status::text, count(*)::int from ${smsMessages} group by 1, 2, 3
  `);
  return rows.map((row) => ({ ...row, count: Number(row.count) }));
}
