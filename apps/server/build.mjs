// Bundles the server into dist/main.js: our code and @sherehe/shared inlined, npm packages left
// as imports (they hold native and wasm parts that must stay where npm put them).
import { copyFile } from 'node:fs/promises';
import { build } from 'esbuild';

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
          args.path.startsWith('@sherehe/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});

// The mail worker is plain JavaScript that runs as it is (src/mail/mailer.ts starts it).
await copyFile('src/mail/mail-worker.mjs', 'dist/mail-worker.mjs');
