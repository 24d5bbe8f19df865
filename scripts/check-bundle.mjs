// Web performance budget, run in CI after the web build, in each language's build (English in
// apps/web/dist, Kiswahili in apps/web/dist/sw):
// - the JavaScript needed for `/` (the entry, everything it imports, and the home route with its
//   imports) at most 100 KB gzipped;
// - every other page's JavaScript in at most 10 files (on slow 3G each costs a round trip of up to
//   2 s; docs/decisions/021) and at most 200 KB gzipped for a public page, 300 KB for a signed-in one.
// Reads what the build wrote into <build>/.vite.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDist = process.env.WEB_DIST ?? path.join(root, 'apps/web/dist');
const HOME_BUDGET = 100 * 1024;
const PAGE_BUDGET = 200 * 1024;
const SIGNED_IN_BUDGET = 300 * 1024;
const SIGNED_IN = /^\/(dashboard|profile|test-email)(\/|$)/;
const PAGE_FILES = 10;

const failures = [];
for (const [language, dist] of [
  ['English', webDist],
  ['Kiswahili', path.join(webDist, 'sw')],
]) {
  console.log(`${language} (${path.relative(root, dist) || dist}):`);
  check(language, dist);
}
if (failures.length > 0) {
  console.error(`\nPerformance budget exceeded:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}

function check(language, dist) {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
  // Written by the build (apps/web/vite.config.ts): each source module's chunk, each chunk's imports.
  const chunks = JSON.parse(readFileSync(path.join(dist, '.vite/chunks.json'), 'utf8'));
  // Written after the build (apps/web/route-preloads.mjs): the chunks each page needs besides the entry.
  const routes = JSON.parse(readFileSync(path.join(dist, '.vite/route-preloads.json'), 'utf8'));

  const gz = new Map();
  function gzipped(file) {
    if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length);
    return gz.get(file);
  }

  /** A chunk and every chunk it imports statically. */
  function closure(file, seen = new Set()) {
    if (seen.has(file)) return seen;
    seen.add(file);
    for (const child of chunks.imports[file] ?? []) closure(child, seen);
    return seen;
  }
  const bytes = (files) => [...files].reduce((sum, file) => sum + gzipped(file), 0);

  // The app's entry is index.html's script; a page the server rendered loads it through src/boot.ts.
  const entry = manifest['index.html']?.file;
  const boot = manifest['src/boot.ts']?.file;
  const home = chunks.modules['src/app/routes/home-route.tsx'];
  if (!entry || !boot || !home) throw new Error('entry, boot script or home route not found in the build');

  const forEntry = new Set([...closure(entry), ...closure(boot)]);
  const forHome = new Set([...forEntry, ...closure(home)]);
  console.log(
    `JavaScript for /: ${(bytes(forHome) / 1024).toFixed(1)} KB gzipped in ${forHome.size} files (entry and its imports ${(bytes(closure(entry)) / 1024).toFixed(1)} KB), budget ${HOME_BUDGET / 1024} KB`,
  );
  if (bytes(forHome) > HOME_BUDGET)
    failures.push(
      `${language}: / needs ${(bytes(forHome) / 1024).toFixed(1)} KB of JavaScript (budget 100 KB)`,
    );

  let largest = { pattern: '', size: 0, files: 0 };
  for (const { pattern, files } of routes) {
    const forPage = new Set([...forEntry, ...files]);
    const size = bytes(forPage);
    if (size > largest.size) largest = { pattern, size, files: forPage.size };
    const budget = SIGNED_IN.test(pattern) ? SIGNED_IN_BUDGET : PAGE_BUDGET;
    if (process.env.VERBOSE)
      console.log(`  ${pattern}: ${(size / 1024).toFixed(1)} KB in ${forPage.size} files`);
    if (size > budget)
      failures.push(
        `${language}: ${pattern} needs ${(size / 1024).toFixed(1)} KB of JavaScript (budget ${budget / 1024} KB)`,
      );
    if (forPage.size > PAGE_FILES)
      failures.push(`${language}: ${pattern} needs ${forPage.size} JavaScript files (at most ${PAGE_FILES})`);
  }
  console.log(
    `Other pages: ${routes.length}, the largest ${largest.pattern} with ${(largest.size / 1024).toFixed(1)} KB gzipped in ${largest.files} files; budget ${PAGE_BUDGET / 1024} KB (${SIGNED_IN_BUDGET / 1024} KB signed in) in ${PAGE_FILES} files`,
  );
}
