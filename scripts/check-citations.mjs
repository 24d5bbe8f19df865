// `npm run lint` runs this after the module check: comments and docs point at docs/, never at a
// section of a document kept outside the repository or at an issue number (docs/architecture.md,
// Conventions). It reads every tracked file and lists each offending line as file:line; exit code 1
// when there is one. `node scripts/check-citations.mjs [root]` checks another repository.
// Left out: apps/server/drizzle/*.sql, migrations that reached main and are never edited
// (docs/database.md). The patterns are written with escapes so this file does not match itself.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** A section of a document kept outside the repository (by its section sign), an issue number, or that document's file name. */
export const CITATION =
  /\bDESIGN(\.md)? ?\u00a7|\bspec(ification)? ?\u00a7|\bissue #?[0-9]+|marketplace-spe[c]/i;

/** Tracked files that may keep a citation: frozen history. */
export function isExempt(file) {
  return /^apps\/server\/drizzle\/[^/]+\.sql$/.test(file);
}

/** The lines of `text` that cite, as `file:line: text`. */
export function citationsIn(file, text) {
  if (isExempt(file) || text.includes('\0')) return [];
  const found = [];
  text.split('\n').forEach((line, index) => {
    if (CITATION.test(line)) found.push(`${file}:${index + 1}: ${line.trim()}`);
  });
  return found;
}

/** Every citation in the tracked files of the repository at `root`. */
export function citationsInRepo(root) {
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 26 })
    .split('\0')
    .filter(Boolean);
  const found = [];
  for (const file of files) {
    let text;
    try {
      text = readFileSync(path.join(root, file), 'utf8');
    } catch {
      continue; // deleted in the work tree, or a folder (a submodule)
    }
    found.push(...citationsIn(file, text));
  }
  return found;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'));
  const found = citationsInRepo(root);
  if (found.length > 0) {
    console.error(
      `Citations of documents outside the repository or of issue numbers (point at docs/ instead):\n  ${found.join('\n  ')}`,
    );
    process.exit(1);
  }
  console.log('Citations: every comment and doc points inside the repository.');
}
