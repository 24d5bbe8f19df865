import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** The API server in development. Host is kept as is (no changeOrigin): the server accepts an
 * Origin equal to the request's Host, so the dev server's origin passes its CSRF check. */
const API_TARGET = process.env.API_TARGET ?? 'http://localhost:3000';

const proxy = {
  '/api': { target: API_TARGET },
  '/uploads': { target: API_TARGET },
  '/socket.io': { target: API_TARGET, ws: true },
};

/**
 * React Router's exports name only its development build (checks and warnings on every render, and
 * their texts in the bundle); the browser's build and the server renderer bundle its production
 * build instead.
 */
const reactRouterProduction = createRequire(import.meta.url)
  .resolve('react-router')
  .replace(/development([\\/])index\.m?js$/, 'production$1index.mjs');

/**
 * The language this build speaks (docs/decisions/017): `SHEREHE_LANG=sw` builds the Kiswahili app,
 * served under /sw/, beside the English one. Only one language's texts are in a build.
 */
const lang = process.env.SHEREHE_LANG === 'sw' ? 'sw' : 'en';

/**
 * In the Kiswahili build, every module of packages/shared/src/messages/ is replaced by its twin in
 * messages/sw/ (same exports, checked by the compiler), so no English text ships with it.
 */
function textsInLanguage(): Plugin {
  const messages = /[\\/]packages[\\/]shared[\\/]src[\\/]messages[\\/]([a-z-]+)\.ts$/;
  return {
    name: 'sherehe-texts-in-language',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      // A Kiswahili module may take a non-text export from its English twin as it is.
      if (lang === 'en' || (importer && /[\\/]messages[\\/]sw[\\/]/.test(importer))) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      const match = resolved ? messages.exec(resolved.id) : null;
      if (!resolved || !match) return resolved;
      const twin = path.join(path.dirname(resolved.id), 'sw', `${match[1]}.ts`);
      if (!existsSync(twin)) throw new Error(`${match[1]}.ts has no Kiswahili twin (${twin})`);
      return { ...resolved, id: twin };
    },
    transformIndexHtml(html) {
      return lang === 'en' ? html : swIndexHtml(html);
    },
  };
}

/** index.html's own texts in Kiswahili (the app's texts are in messages/sw/). */
function swIndexHtml(html: string): string {
  return html
    .replace('<html lang="en">', '<html lang="sw">')
    .replace(
      /content="Sherehe is Kenya's[^"]*"/,
      'content="Sherehe ni soko la kupanga hafla Kenya: linganisha vifurushi vya waratibu wa harusi, siku za kuzaliwa, mikutano na hafla za jamii, weka nafasi, piga gumzo na utoe maoni."',
    )
    .replace(/<title>[^<]*<\/title>/, '<title>Sherehe · Kupanga hafla Kenya</title>')
    .replace(
      /<noscript>[^<]*<\/noscript>/,
      '<noscript>Sherehe inahitaji JavaScript. Tafadhali iwashe kwenye kivinjari chako.</noscript>',
    );
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [textsInLanguage(), react(), tailwindcss()],
  base: lang === 'sw' ? '/sw/' : '/',
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      'react-router': reactRouterProduction,
    },
  },
  // `vite build --ssr`: the server's renderer (docs/decisions/009), beside the browser's build.
  ssr: { noExternal: ['@sherehe/shared', 'react-router'] },
  build: isSsrBuild
    ? {
        outDir: lang === 'sw' ? 'dist-ssr/sw' : 'dist-ssr',
        emptyOutDir: true,
        target: 'node20',
        copyPublicDir: false,
      }
    : {
        // The Kiswahili build goes inside the English one (after it), so /sw/assets/… is served as it is.
        outDir: lang === 'sw' ? 'dist/sw' : 'dist',
        emptyOutDir: true,
        // Inlined assets would end up as data: URLs; keep them as files so they are cached and compressed.
        assetsInlineLimit: 0,
        // scripts/check-bundle.mjs reads it to hold the performance budget.
        manifest: true,
        sourcemap: process.env.SOURCEMAP === '1',
        // Browsers without modulepreload (Safari < 17) still load every module, one hop later.
        modulePreload: { polyfill: false },
        rolldownOptions: {
          // The app, and the small script that loads it into a page the server rendered.
          input: { index: 'index.html', boot: 'src/boot.ts' },
          output: {
            // The page's chunks by hash alone: the entry lists every lazily loaded chunk's files for
            // preloading, and names there cost the home page's budget (the manifest still maps each
            // chunk to its source).
            chunkFileNames: 'assets/[hash].js',
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
