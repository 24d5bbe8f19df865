// `npm run backup` and `npm run restore -- FILE [--force]` (docs/operations.md): the same settings
// as the server (DATA_DIR, DATABASE_URL, S3_*, BACKUP_DIR) from the environment.
import { ConfigError, loadConfig } from '../config';
import { createBackup } from './backup';
import { requestBackup } from './backup-socket';
import { RestoreRefused, restoreBackup } from './restore';

const USAGE = 'usage: npm run backup\n       npm run restore -- FILE [--force]';

async function backup(config: ReturnType<typeof loadConfig>) {
  // A PGlite server running on DATA_DIR takes the copy itself; with none running, it is opened here.
  const fromServer = config.databaseUrl ? undefined : await requestBackup(config.dataDir);
  const file = fromServer ?? (await createBackup(config)).file;
  console.log(`Backup written: ${file}${fromServer ? ' (by the running server)' : ''}`);
}

async function restore(config: ReturnType<typeof loadConfig>, args: string[]) {
  const force = args.includes('--force');
  const files = args.filter((arg) => arg !== '--force');
  if (files.length !== 1 || files[0]?.startsWith('-')) {
    console.error(USAGE);
    process.exit(64); // EX_USAGE
  }
  const result = await restoreBackup(config, files[0]!, { force });
  const { database, files: stored, createdAt } = result.manifest;
  const rows = Object.values(database.tables).reduce((sum, table) => sum + table.rows, 0);
  console.log(
    `Restored the backup of ${createdAt}: ${database.kind} database (${result.checked.tables} tables, ${rows} rows, migration ${database.migrations.last ?? 'none'}) and ${stored.length} files.`,
  );
  if (result.problems.length > 0) {
    console.error(`The restore does NOT match the backup's manifest:\n  ${result.problems.join('\n  ')}`);
    process.exit(1);
  }
  console.log(
    'Checked against the manifest: every table’s row count and money sums, and every file’s SHA-256, match.',
  );
}

async function main() {
  const [command, ...args] = process.argv.slice(2);
  const config = loadConfig();
  if (command === 'backup') await backup(config);
  else if (command === 'restore') await restore(config, args);
  else {
    console.error(USAGE);
    process.exit(64);
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    if (error instanceof ConfigError || error instanceof RestoreRefused) {
      console.error(error.message);
      process.exit(error instanceof ConfigError ? 78 : 2);
    }
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
