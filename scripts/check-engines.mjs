// Every installed package's `engines.node` (as package-lock.json records it) must accept the
// running Node.js: `npm ci` only warns (EBADENGINE) where a dependency does not support it.
//   node scripts/check-engines.mjs      (CI runs it on the Node.js it tests with)
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8'));

let checked = 0;
const refused = [];
for (const [where, entry] of Object.entries(lock.packages ?? {})) {
  const range = entry.engines?.node;
  // Packages for other machines (optional, per platform) are in the lock but not installed.
  if (!range || (where !== '' && !existsSync(path.join(root, where)))) continue;
  checked += 1;
  if (!semver.satisfies(process.version, range, { includePrerelease: true }))
    refused.push(`${where || 'sherehe (package.json)'}@${entry.version ?? ''}: node ${range}`);
}

if (refused.length > 0) {
  console.error(`Node.js ${process.version} is outside the engines of ${refused.length} package(s):`);
  for (const line of refused) console.error(`  ${line}`);
  process.exit(1);
}
console.log(
  `Node.js ${process.version} satisfies the engines of all ${checked} installed packages that name one`,
);
