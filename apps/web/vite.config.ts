import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The API server in development. Host is kept as is (no changeOrigin): the server accepts an
 * Origin equal to the request's Host, so the dev server's origin passes its CSRF check. */
const API_TARGET = process.env.API_TARGET ?? 'http://localhost:3000';

const proxy = {
  '/api': { target: API_TARGET },
  '/uploads': { target: API_TARGET },
  '/socket.io': { target: API_TARGET, ws: true },
};

/**
 * React Router's exports name only its development build for Node (checks and warnings on every
 * render); the server renderer bundles its production build instead.
 */
const reactRouterProduction = createRequire(import.meta.url)
  .resolve('react-router')
  .replace(/development([\\/])index\.js$/, 'production$1index.mjs');

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      ...(isSsrBuild ? { 'react-router': reactRouterProduction } : {}),
    },
  },
  // `vite build --ssr`: the server's renderer (docs/decisions/009), beside the browser's build.
  ssr: { noExternal: ['@sherehe/shared', 'react-router'] },
  build: isSsrBuild
    ? { outDir: 'dist-ssr', emptyOutDir: true, target: 'node20', copyPublicDir: false }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        // Inlined assets would end up as data: URLs; keep them as files so they are cached and compressed.
        assetsInlineLimit: 0,
        // scripts/check-bundle.mjs reads it to hold the performance budget.
        manifest: true,
        // Browsers without modulepreload (Safari < 17) still load every module, one hop later.
        modulePreload: { polyfill: false },
        rolldownOptions: {
          // The app, and the small script that loads it into a page the server rendered.
          input: { index: 'index.html', boot: 'src/boot.ts' },
          output: {
            codeSplitting: {
              groups: [
                {
                  // What the home page shares with other pages (the package card and its parts) travels
                  // as one file, so `/` does not wait on several small round trips. Only these modules:
                  // their dependencies are in the entry already. The query cache is not among them: the
                  // home page loads without it (docs/decisions/008).
                  name: 'shared-views',
                  test: /(features[\\/]packages[\\/]components[\\/]package-(card|image|rating)\.tsx|shared[\\/]src[\\/]money\.ts)$/,
                  includeDependenciesRecursively: false,
                },
              ],
            },
          },
        },
      },
  server: { port: 5173, strictPort: true, proxy },
  preview: { port: 4173, strictPort: true, proxy },
}));
