// Precompresses the build so the server can send .br/.gz files as they are (docs/stack.md, Bundle size and first paint).
// Usage: node compress.mjs <dir>
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|webmanifest)$/i;
const MIN_BYTES = 1024;

async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

async function compressFile(file) {
  const source = await readFile(file);
  const [br, gzipped] = await Promise.all([
    brotli(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }),
    gz(source, { level: 9 }),
  ]);
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
  return { file, size: source.length, br: br.length, gz: gzipped.length };
}

const root = path.resolve(process.argv[2] ?? 'dist');
if (!(await stat(root).catch(() => null))?.isDirectory()) {
  console.error(`compress: ${root} is not a directory`);
  process.exit(1);
}

const jobs = [];
for await (const file of walk(root)) {
  if (!COMPRESSIBLE.test(file)) continue;
  if ((await stat(file)).size <= MIN_BYTES) continue;
  jobs.push(compressFile(file));
}
const results = await Promise.all(jobs);
const total = results.reduce(
  (sum, r) => ({ size: sum.size + r.size, br: sum.br + r.br, gz: sum.gz + r.gz }),
  { size: 0, br: 0, gz: 0 },
);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
console.log(
  `compress: ${results.length} files, ${kb(total.size)} → ${kb(total.br)} brotli, ${kb(total.gz)} gzip`,
);
