import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Queryable } from './client';

interface Executable<R> {
  execute(params?: Record<string, unknown>): Promise<R>;
}

const statements = new WeakMap<object, Map<string, Executable<unknown>>>();

/**
 * A query of a hot path, prepared once per database: drizzle builds its SQL once, and PostgreSQL
 * keeps it as a named statement on each connection, so it is planned once per connection instead
 * of on every request. In a transaction the statement is prepared on the transaction's own
 * connection (never cached: the transaction ends). `build` must give the same SQL every time, with
 * the values as `sql.placeholder(...)`.
 */
export function prepared<R>(
  db: Queryable,
  name: string,
  build: (db: Queryable, name: string) => Executable<R>,
): Executable<R> {
  if (db instanceof PgTransaction) return build(db, name);
  let byName = statements.get(db);
  if (!byName) {
    byName = new Map();
    statements.set(db, byName);
  }
  let statement = byName.get(name) as Executable<R> | undefined;
  if (!statement) {
    statement = build(db, name);
    byName.set(name, statement);
  }
  return statement;
}
