import type { Database } from '../../db/client';

/** GET /api/health: throws when the database cannot be reached (the error handler answers 503). */
export async function checkHealth({ database }: { database: Database }) {
  await database.ping();
  return { database: database.kind, uptime: Math.round(process.uptime()) };
}
