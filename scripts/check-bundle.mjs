// Web performance budget, run in CI after the web build: the JavaScript needed for `/` (the entry,
// everything it imports, and the home route with its imports) at most 100 KB gzipped, and every
// other route's own chunk at most 60 KB gzipped, in each language's build (English in
// apps/web/dist, Kiswahili in apps/web/dist/sw). Reads Vite's manifests (<build>/.vite).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDist = process.env.WEB_DIST ?? path.join(root, 'apps/web/dist');
const HOME_BUDGET = 100 * 1024;
const ROUTE_BUDGET = 60 * 1024;

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

  const gz = new Map();
  function gzipped(file) {
    if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length);
    return gz.get(file);
  }

  /** A chunk and everything it imports statically. */
  function closure(key, seen = new Set()) {
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const child of manifest[key]?.imports ?? []) closure(child, seen);
    return seen;
  }

  // The app's entry is index.html's script; a page the server rendered loads it through src/boot.ts.
  const entryKey = 'index.html';
  const bootKey = 'src/boot.ts';
  const homeKey = Object.keys(manifest).find((key) => /routes\/home-route\.tsx$/.test(key));
  if (!manifest[entryKey] || !manifest[bootKey] || !homeKey)
    throw new Error('entry, boot script or home route not found in the Vite manifest');

  const forHome = new Set([...closure(entryKey), ...closure(bootKey), ...closure(homeKey)]);
  const homeBytes = [...forHome].reduce((sum, key) => sum + gzipped(manifest[key].file), 0);
  const entryBytes = [...closure(entryKey)].reduce((sum, key) => sum + gzipped(manifest[key].file), 0);

  console.log(
    `JavaScript for /: ${(homeBytes / 1024).toFixed(1)} KB gzipped (entry and its imports ${(entryBytes / 1024).toFixed(1)} KB), budget ${HOME_BUDGET / 1024} KB`,
  );
  if (homeBytes > HOME_BUDGET)
    failures.push(`${language}: / needs ${(homeBytes / 1024).toFixed(1)} KB of JavaScript (budget 100 KB)`);

  const lazy = Object.keys(manifest).filter((key) => manifest[key].isDynamicEntry);
  const largest = [];
  for (const key of lazy) {
    const own = gzipped(manifest[key].file);
    largest.push([key, own]);
    if (own > ROUTE_BUDGET)
      failures.push(`${language}: ${key}: ${(own / 1024).toFixed(1)} KB gzipped (budget 60 KB)`);
  }
  largest.sort((a, b) => b[1] - a[1]);
  console.log(
    `Route chunks: ${lazy.length}, largest: ${largest
      .slice(0, 3)
      .map(([key, size]) => `${path.basename(key)} ${(size / 1024).toFixed(1)} KB`)
      .join(', ')}`,
  );
}
