// `npm run lint` runs this after Biome: money is one type, integer cents, converted in one place
// (docs/money.md#money-in-cents).
// - No `numeric(…)` column of the schema (apps/server/src/db) is read as a JS float (`mode: 'number'`):
//   money is a bigint of cents; a numeric that is not money is allowed below, with its reason.
// - Outside the money module (packages/shared/src/money.ts) no code converts or rounds amounts by
//   itself: no `* 100` or `/ 100` on a line about money, no `Math.round(… * 100)`, and no helper of
//   its own named like `toCents`, `cents` or `centsToDecimal`.
// Tests are left out: a test may work out what it expects its own way.
// `node scripts/check-money.mjs [root]` checks the tree at root (this repository by default).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'));

/** The money module: the one place that multiplies and divides amounts by 100. */
const MONEY_MODULE = 'packages/shared/src/money.ts';

/** Where code lives that may touch money. */
const SOURCE_DIRS = ['apps/server/src', 'apps/server/scripts', 'apps/web/src', 'packages/shared/src'];

/** The schema's folder, where a numeric column must not be read as a float. */
const DB_DIR = 'apps/server/src/db';

/**
 * Numeric columns that may be read as JS numbers, each with its reason. Money never is.
 */
const NUMERIC_AS_NUMBER_ALLOWED = new Map([
  // A package's average rating, 0.00 to 5.00: not money, never summed or compared as an amount, and a
  // JSON number in the API; its two decimals read as the float nearest to them, which is what is shown.
  ['rating_avg', 'an average rating, not money'],
]);

/** A line speaks of money when it names one of these. */
const MONEY_WORDS =
  /amount|price|fee|cents|ksh|shilling|balance|paid|payable|revenue|refund|deposit|payout|money/i;

/** Helpers that convert amounts, which only the money module may define. */
const CONVERTER_NAME = /^(?:cents|toCents|fromCents|\w+ToCents|centsTo\w+|\w*ToShillings|toKsh|ksh)$/i;

function sourceFiles(dir) {
  if (!existsSync(dir)) return [];
  const files = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'test' && entry.name !== 'dist')
        files.push(...sourceFiles(full));
    } else if (
      /\.(?:tsx?|mjs)$/.test(entry.name) &&
      !/\.test\.tsx?$|test-support\.ts$|\.d\.ts$/.test(entry.name)
    )
      files.push(full);
  }
  return files;
}

/** What is wrong with one file's money, as messages naming its lines. */
export function moneyProblems(relativePath, code) {
  const problems = [];
  const file = relativePath.split(path.sep).join('/');
  const lines = code.split('\n');
  const at = (index, message) => problems.push(`${file}:${index + 1}: ${message}`);

  if (file.startsWith(`${DB_DIR}/`)) {
    // The column's name as written: a string, or a helper's parameter (never allowed).
    for (const match of code.matchAll(/\bnumeric\(\s*([^,()]+?)\s*,\s*\{([^}]*)\}/g)) {
      if (!/mode:\s*['"]number['"]/.test(match[2] ?? '')) continue;
      const name = /^['"]([^'"]+)['"]$/.exec(match[1] ?? '')?.[1] ?? match[1];
      if (NUMERIC_AS_NUMBER_ALLOWED.has(name)) continue;
      const line = code.slice(0, match.index).split('\n').length - 1;
      at(line, `numeric column ${name} is read as a float (mode: 'number'): money is a bigint of cents`);
    }
  }

  if (file === MONEY_MODULE) return problems;
  for (const [index, line] of lines.entries()) {
    const text = line.replace(/\/\/.*$/, '');
    if (/^\s*\*/.test(text)) continue; // a comment's line
    if (/Math\.(?:round|ceil|floor|trunc)\([^;]*[*/]\s*100(?![\d_.])/.test(text))
      at(index, 'rounds an amount by 100 itself: use the money module (packages/shared/src/money.ts)');
    else if (/[*/]\s*100(?![\d_.%])/.test(text) && MONEY_WORDS.test(text))
      at(
        index,
        'multiplies or divides an amount by 100: use the money module (packages/shared/src/money.ts)',
      );
    const defined =
      /\bfunction\s+(\w+)/.exec(text)?.[1] ??
      /\b(?:const|let|var)\s+(\w+)\s*=\s*(?:async\s*)?\(?[\w\s:,<>[\]|]*\)?\s*=>/.exec(text)?.[1];
    if (defined && CONVERTER_NAME.test(defined))
      at(
        index,
        `defines ${defined}, a money conversion of its own: use the money module (packages/shared/src/money.ts)`,
      );
  }
  return problems;
}

/** Every problem in the tree at `treeRoot`. */
export function checkMoneyTree(treeRoot) {
  const problems = [];
  for (const dir of SOURCE_DIRS)
    for (const file of sourceFiles(path.join(treeRoot, dir)))
      problems.push(...moneyProblems(path.relative(treeRoot, file), readFileSync(file, 'utf8')));
  return problems;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const problems = checkMoneyTree(root);
  if (problems.length > 0) {
    console.error(`Money outside the money module (docs/money.md#money-in-cents):\n${problems.join('\n')}`);
    process.exit(1);
  }
  console.log('Money: no numeric read as a float, no conversion of amounts outside the money module.');
}
