import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPostgres, pgliteExtensions, wrapPglite } from '../src/db/client';
import { ensurePlans } from '../src/modules/plans/plans.queries';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: a migrated data directory dump that every test file loads a copy of. */
    pgliteTemplate: string;
    /** PostgreSQL (TEST_DATABASE_URL set): the migrated template database to copy. */
    pgTemplateDb: string;
  }
}

/**
 * Migrates one database once; every test file then starts from a copy of it
 * (docs/stack.md, PGlite is slow to create: creating a PGlite database takes seconds, copying one does not).
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const templateName = `sherehe_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${templateName}`);
    await admin.query(`create database ${templateName}`);
    const templateUrl = new URL(url);
    templateUrl.pathname = `/${templateName}`;
    const database = await openPostgres(templateUrl.toString(), 2);
    await database.migrate();
    await ensurePlans(database.db);
    await database.close();
    project.provide('pgTemplateDb', templateName);
    project.provide('pgliteTemplate', '');
    return async () => {
      await admin.query(`drop database if exists ${templateName} with (force)`).catch(() => {});
      await admin.end();
    };
  }

  const dir = await mkdtemp(path.join(os.tmpdir(), 'sherehe-template-'));
  const client = await PGlite.create({ extensions: pgliteExtensions });
  const database = wrapPglite(client);
  await database.migrate();
  await ensurePlans(database.db);
  const dump = await client.dumpDataDir('none');
  const file = path.join(dir, 'template.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', file);
  project.provide('pgTemplateDb', '');
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
