import type { SQL } from 'drizzle-orm';
import { type PgDialect, type PgSession, PgTransaction } from 'drizzle-orm/pg-core';
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

/**
 * A raw statement of a hot path (one drizzle's builders cannot write: a data-modifying `with`, a
 * set-returning input), prepared as `prepared` prepares a built query, with its values as
 * `sql.placeholder(...)`. drizzle's `execute` would send it unnamed, parsed and planned on every
 * run; here its session names it. Answers the driver's result, whose `rows` are plain objects.
 */
export function preparedSql<Row>(db: Queryable, name: string, build: () => SQL): Executable<{ rows: Row[] }> {
  return prepared(db, name, (on, statementName) => {
    const { session, dialect } = on as unknown as { session: PgSession; dialect: PgDialect };
    return session.prepareQuery(
      dialect.sqlToQuery(build()),
      undefined,
      statementName,
      false,
    ) as unknown as Executable<{ rows: Row[] }>;
  });
}
