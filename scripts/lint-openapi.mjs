// Lints the OpenAPI document the server serves at /api/docs/json with `redocly lint` (the recommended
// rules, redocly.yaml): the document is built from the app (apps/server/scripts/openapi-document.ts)
// into a temporary file. Redocly sends nothing anywhere: telemetry and its update check are off.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = mkdtempSync(path.join(os.tmpdir(), 'sherehe-openapi-'));
const file = path.join(dir, 'openapi.json');
const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_NOTIFICATIONS: 'true' };

function run(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, env, stdio: 'inherit' });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

let status;
try {
  status = run(
    process.execPath,
    ['--import', 'tsx', 'scripts/openapi-document.ts', file],
    path.join(root, 'apps/server'),
  );
  if (status === 0) {
    const redocly = path.join(root, 'node_modules/@redocly/cli/bin/cli.js');
    status = run(
      process.execPath,
      [redocly, 'lint', file, '--format=stylish', '--config', path.join(root, 'redocly.yaml')],
      root,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exit(status);
