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

/**
 * Few files for a page (docs/decisions/021). On a slow connection every file costs a round trip of
 * up to 2 s and a browser fetches only 6 at a time from one server, so a package page's 40 small
 * files took far longer than their bytes. The app's modules travel in six chunks:
 * - `main`: what every page runs (the entry and what it imports);
 * - `home`: what the home page needs besides (its budget, scripts/check-bundle.mjs, is measured on it);
 * - `after`: what every page loads once it is shown (the footer, the toasts);
 * - `pages`: what the other public pages need, with what they open lazily (the booking form, the
 *   payment dialogs), but not what only signed-in people open from them (`LATER`: the chat);
 * - `legal`: the terms and the privacy notice, beside `pages`;
 * - `app`: the rest (the dashboard, the chat).
 * A module goes to the first of these that needs it, so a page loads at most five of them.
 */
const pageGroups = (() => {
  const web = fileURLToPath(new URL('./', import.meta.url));
  const src = path.join(web, 'src/');
  const HOME = ['app/routes/home-route.tsx'];
  // Every page's parts that wait until it is shown (the footer below the fold, the toasts).
  const AFTER = ['app/layouts/site-footer.tsx', 'app/providers/toaster.tsx'];
  const PUBLIC = [
    'app/providers/query-provider.tsx',
    'app/routes/package-route.tsx',
    'app/routes/packages-route.tsx',
    'app/routes/public-profile-route.tsx',
    'app/routes/pricing-route.tsx',
    'features/auth/pages/login-page.tsx',
    'features/contact/pages/contact-page.tsx',
    'features/accounts/pages/reset-password-page.tsx',
    'features/misc/pages/not-found-page.tsx',
    'features/misc/pages/unauthorized-page.tsx',
  ];
  // The terms and the privacy notice: long texts no other page needs. What they share with the
  // other pages (a page's header, a link's look) is small and goes with every page, so they load
  // `main`, `after` and `legal` only, not `pages`.
  const LEGAL = ['features/legal/pages/legal-pages.tsx'];
  const SHARED_WITH_LEGAL = [
    'components/ui/page-header.tsx',
    'components/ui/text-link.tsx',
    '../../../packages/shared/src/dates.ts',
  ];
  const MESSAGES = /[\\/]packages[\\/]shared[\\/]src[\\/]messages\.ts$/;
  // Opened lazily from public pages by signed-in people only, who open the dashboard (the `app`
  // chunk) next: the chat, a client's enquiry form (sent, it leads to the bookings page) and a
  // planner's reply to a review.
  const LATER =
    /features[\\/](chat[\\/]|bookings[\\/]components[\\/]enquiry-form\.tsx|reviews[\\/]components[\\/]review-reply\.tsx)/;
  const boot = path.join(src, 'boot.ts');
  const entry = new Set<string>();
  const groups = new Map<string, string>();
  const plugin: Plugin = {
    name: 'sherehe-page-groups',
    apply: (_, env) => !env.isSsrBuild,
    // Which chunk each source module ended up in, and what each chunk imports: read by
    // route-preloads.mjs and scripts/check-bundle.mjs (Vite's manifest names a chunk only by the
    // module it was built for, and most modules now share one).
    generateBundle(_, bundle) {
      const modules: Record<string, string> = {};
      const imports: Record<string, string[]> = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        imports[chunk.fileName] = chunk.imports;
        for (const id of chunk.moduleIds)
          if (id.startsWith(web)) modules[path.relative(web, id).split(path.sep).join('/')] = chunk.fileName;
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/chunks.json',
        source: JSON.stringify({ modules, imports }),
      });
    },
    buildEnd() {
      entry.clear();
      groups.clear();
      const seen = new Set<string>();
      /** Puts a module and what it imports into `group` (none: the entry), and what it imports lazily too if `lazyToo` (but not the chat). */
      const walk = (id: string, group: string | undefined, lazyToo: boolean) => {
        if (seen.has(id)) return;
        const info = this.getModuleInfo(id);
        if (!info) return;
        seen.add(id);
        if (group) groups.set(id, group);
        else entry.add(id);
        if (MESSAGES.test(id)) return;
        for (const next of info.importedIds) {
          if (!MESSAGES.test(next)) walk(next, group, lazyToo);
          else for (const domain of textsUsed(info.code ?? '', next)) walk(domain, group, lazyToo);
        }
        if (lazyToo)
          for (const next of info.dynamicallyImportedIds) if (!LATER.test(next)) walk(next, group, lazyToo);
      };
      /**
       * The texts' module re-exports one module per domain; a page needs only the domains it
       * names (`import { authMessages } from '@sherehe/shared/messages'`).
       */
      const textsUsed = (code: string, barrel: string) => {
        const domains = this.getModuleInfo(barrel)?.importedIds ?? [];
        const names = [...code.matchAll(/import\s*\{([^}]*)\}\s*from\s*["']@sherehe\/shared\/messages["']/g)]
          .flatMap((match) => (match[1] ?? '').split(','))
          .map((name) => name.trim().split(/\s+as\s+/)[0] ?? '');
        if (
          names.includes('MESSAGES') ||
          /import\s*\*\s*as\s+\w+\s*from\s*["']@sherehe\/shared\/messages["']/.test(code)
        )
          return domains;
        const files = new Set(
          names
            .filter((name) => name.endsWith('Messages'))
            .map((name) =>
              name.slice(0, -'Messages'.length).replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`),
            ),
        );
        return [barrel, ...domains.filter((id) => files.has(path.basename(id).replace(/\.ts$/, '')))];
      };
      walk(path.join(src, 'main.tsx'), undefined, false);
      for (const file of SHARED_WITH_LEGAL) walk(path.join(src, file), undefined, false);
      for (const file of HOME) walk(path.join(src, file), 'home', false);
      for (const file of AFTER) walk(path.join(src, file), 'after', false);
      for (const file of PUBLIC) walk(path.join(src, file), 'pages', true);
      for (const file of LEGAL) walk(path.join(src, file), 'legal', false);
    },
  };
  const nameOf = (id: string) => {
    if (id.startsWith('\0') || !/\.[cm]?[jt]sx?$/.test(id.split('?')[0] ?? '')) return undefined;
    if (id === boot) return undefined;
    return entry.has(id) ? 'main' : (groups.get(id) ?? 'app');
  };
  return { plugin, nameOf };
})();

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [textsInLanguage(), react(), tailwindcss(), pageGroups.plugin],
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
                  name: (id) => pageGroups.nameOf(id),
                  test: (id) => pageGroups.nameOf(id) !== undefined,
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
