// Writes the OpenAPI document the app serves at /api/docs/json to a file (or prints it), for
// `npm run lint:openapi`:   node --import tsx scripts/openapi-document.ts [FILE]
// The app is built on an empty in-memory database and a temporary data folder, and never listens.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openPglite } from '../src/db/client';

/** The OpenAPI document of an app built with `env` on top of a quiet, throwaway setup. */
export async function openApiDocument(env: Record<string, string | undefined> = {}): Promise<unknown> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sherehe-openapi-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: 'http://localhost:3000',
    ...env,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
  });
  const database = await openPglite(undefined);
  try {
    const app = await buildApp({ config, database, jobWorker: false });
    try {
      await app.ready();
      return app.swagger();
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const text = `${JSON.stringify(await openApiDocument(), null, 2)}\n`;
  const file = process.argv[2];
  if (file) await writeFile(file, text);
  else process.stdout.write(text);
}
