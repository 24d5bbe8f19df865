// Bundles the server into dist/main.js: our code, @sherehe/shared and drizzle-orm inlined, the other
// npm packages left as imports (they hold native and wasm parts that must stay where npm put them).
// drizzle-orm is plain JavaScript in some 200 ES modules: Node.js 24 loading them one by one grows
// the heap by about 80 MB for a moment, and that memory stays with the process (docs/stack.md,
// "drizzle-orm is bundled").
import { copyFile } from 'node:fs/promises';
import { build } from 'esbuild';

/** What is bundled in rather than imported at run time. */
const INLINED = /^(@sherehe\/|drizzle-orm(\/|$))/;

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  logLevel: 'warning',
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  plugins: [
    {
      name: 'externalise-npm-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          INLINED.test(args.path) ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});

// The mail worker is plain JavaScript that runs as it is (src/mail/mailer.ts starts it).
await copyFile('src/mail/mail-worker.mjs', 'dist/mail-worker.mjs');
