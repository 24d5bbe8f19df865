import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

// scripts/check-money.mjs, which `npm run lint` runs: run on a small tree of its own, and on this one.
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const script = path.join(repo, 'scripts/check-money.mjs');

const trees: string[] = [];
afterEach(() => {
  for (const tree of trees.splice(0)) rmSync(tree, { recursive: true, force: true });
});

/** A tree holding these files, checked: the exit code and what it said. */
function check(files: Record<string, string>) {
  const tree = mkdtempSync(path.join(tmpdir(), 'check-money-'));
  trees.push(tree);
  for (const [file, code] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(tree, file)), { recursive: true });
    writeFileSync(path.join(tree, file), code);
  }
  const run = spawnSync(process.execPath, [script, tree], { encoding: 'utf8' });
  return { status: run.status, output: run.stderr };
}

describe('the money check of npm run lint', () => {
  it('fails on a numeric column read as a float, naming the file and line', () => {
    const result = check({
      'apps/server/src/db/schema.ts': [
        "import { numeric } from 'drizzle-orm/pg-core';",
        "export const price = numeric('price', { precision: 12, scale: 2, mode: 'number' });",
      ].join('\n'),
    });
    expect(result.status).toBe(1);
    expect(result.output).toContain(
      "apps/server/src/db/schema.ts:2: numeric column price is read as a float (mode: 'number')",
    );
  });

  it('allows the rating average, which is no money, and a numeric read as a string', () => {
    const result = check({
      'apps/server/src/db/schema.ts': [
        "const ratingAvg = numeric('rating_avg', { precision: 3, scale: 2, mode: 'number' });",
        "const price = numeric('price', { precision: 12, scale: 2, mode: 'string' });",
      ].join('\n'),
    });
    expect(result).toEqual({ status: 0, output: '' });
  });

  it('fails on money arithmetic and converters outside the money module', () => {
    const result = check({
      'apps/server/src/modules/payments/fee.ts': [
        'export const toCents = (ksh: number) => Math.round(ksh * 100);',
        'export const shillings = (row: { amountCents: number }) => row.amountCents / 100;',
        'export function decimalToCents(text: string) { return Number(text); }',
        'export const later = (seconds: number) => seconds * 1000;',
      ].join('\n'),
      'apps/web/src/features/payments/due.tsx':
        'export const due = (b: { balanceDue: number }) => Math.round(b.balanceDue * 100);',
    });
    expect(result.status).toBe(1);
    const lines = result.output.trim().split('\n').slice(1);
    expect(lines).toEqual([
      'apps/server/src/modules/payments/fee.ts:1: rounds an amount by 100 itself: use the money module (packages/shared/src/money.ts)',
      'apps/server/src/modules/payments/fee.ts:1: defines toCents, a money conversion of its own: use the money module (packages/shared/src/money.ts)',
      'apps/server/src/modules/payments/fee.ts:2: multiplies or divides an amount by 100: use the money module (packages/shared/src/money.ts)',
      'apps/server/src/modules/payments/fee.ts:3: defines decimalToCents, a money conversion of its own: use the money module (packages/shared/src/money.ts)',
      'apps/web/src/features/payments/due.tsx:1: rounds an amount by 100 itself: use the money module (packages/shared/src/money.ts)',
    ]);
  });

  it('lets the money module and tests do as they need', () => {
    const result = check({
      'packages/shared/src/money.ts': 'export const toCents = (amount: number) => Math.round(amount * 100);',
      'apps/server/src/modules/payments/fee.test.ts': 'const cents = (ksh: number) => Math.round(ksh * 100);',
    });
    expect(result).toEqual({ status: 0, output: '' });
  });

  it('passes on this repository', () => {
    const run = spawnSync(process.execPath, [script], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });
});
