import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder, found by walking up from this file, so the same code works from
 * `src/` (tsx, tests) and from the bundle in `dist/`.
 */
function findServerRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'drizzle'))) {
    const parent = path.dirname(dir);
    if (parent === dir)
      throw new Error('Cannot find the server folder (no drizzle/ migrations folder found)');
    dir = parent;
  }
  return dir;
}

export const serverRoot = findServerRoot();
export const migrationsFolder = path.join(serverRoot, 'drizzle');
export const defaultWebDist = path.resolve(serverRoot, '../web/dist');
