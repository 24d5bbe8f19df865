import pg from 'pg';
import type { Database } from '../src/db/client';

/**
 * How many statements `run` sends to the database (each a round trip to a PostgreSQL server:
 * BEGIN and COMMIT count), on PGlite (its Parse and Query messages) and on PostgreSQL (the
 * queries of the pool's clients). Nothing else may use the database meanwhile: stop the job
 * queue's worker first.
 */
export async function countStatements(database: Database, run: () => Promise<unknown>): Promise<number> {
  let statements = 0;
  if (database.pglite) {
    const pglite = database.pglite;
    const original = pglite.execProtocolStream.bind(pglite);
    pglite.execProtocolStream = ((message: Uint8Array, options?: object) => {
      // 'P' (Parse) begins an extended query, 'Q' (Query) is a simple one.
      if (message[0] === 0x50 || message[0] === 0x51) statements++;
      return original(message, options);
    }) as typeof pglite.execProtocolStream;
    try {
      await run();
    } finally {
      pglite.execProtocolStream = original;
    }
    return statements;
  }
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = prototype.query;
  prototype.query = function (this: unknown, ...args: unknown[]) {
    statements++;
    return original.apply(this, args);
  };
  try {
    await run();
  } finally {
    prototype.query = original;
  }
  return statements;
}
