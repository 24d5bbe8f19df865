import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, onTestFinished } from 'vitest';
import { citationsIn, citationsInRepo } from './check-citations.mjs';

// Built from pieces, so this file itself passes the check.
const SECTION = '\u00a7';
const citing = [
  `/** Files in chat (DESIGN ${SECTION}9). */`,
  `// Route guard (spec ${SECTION}6): guests go to /login.`,
  `/** Spec ${SECTION}9: six packages a page. */`,
  `Every setting (DESIGN.md ${SECTION}2).`,
  `// The catalogue's search (issue ${18}): words.`,
  `* Issue ${13}'s case.`,
  `see marketplace-${'spec'}.md`,
];
const clean = [
  '/** Files in chat (docs/chat-and-files.md#files-in-chat). */',
  '// TEXT values are escaped (RFC 5545 \u00a73.1).',
  '// A known issue with the driver: retried once.',
  'The specification keeps its wording here.',
];

describe('check-citations', () => {
  it('lists every citing line as file:line', () => {
    const text = ['const a = 1;', ...citing].join('\n');
    expect(citationsIn('apps/web/src/x.ts', text)).toEqual(
      citing.map((line, index) => `apps/web/src/x.ts:${index + 2}: ${line.trim()}`),
    );
  });

  it('passes clean lines', () => {
    expect(citationsIn('apps/web/src/x.ts', clean.join('\n'))).toEqual([]);
  });

  it('leaves the frozen migrations alone, and only them', () => {
    expect(citationsIn('apps/server/drizzle/0015_catalogue_search.sql', citing[4])).toEqual([]);
    expect(citationsIn('apps/server/src/db/seed.sql', citing[4])).toHaveLength(1);
  });

  it('fails the command on a tracked file that cites, and passes once it is clean', () => {
    const repo = mkdtempSync(path.join(tmpdir(), 'check-citations-'));
    onTestFinished(() => rmSync(repo, { recursive: true, force: true }));
    const git = (...args) => execFileSync('git', args, { cwd: repo, stdio: 'pipe' });
    git('init', '-q');
    writeFileSync(path.join(repo, 'a.ts'), `${clean[0]}\n${citing[0]}\n`);
    git('add', 'a.ts');
    expect(citationsInRepo(repo)).toEqual([`a.ts:2: ${citing[0]}`]);

    const script = fileURLToPath(new URL('./check-citations.mjs', import.meta.url));
    const run = () => spawnSync(process.execPath, [script, repo], { encoding: 'utf8' });
    const failing = run();
    expect(failing.status).toBe(1);
    expect(failing.stderr).toContain(`a.ts:2: ${citing[0]}`);

    writeFileSync(path.join(repo, 'a.ts'), `${clean[0]}\n`);
    expect(citationsInRepo(repo)).toEqual([]);
    const passing = run();
    expect(passing.status).toBe(0);
    expect(passing.stderr).toBe('');
  });
});
