import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** The stylesheet and boot script of a stand-in web build: inlined, and allowed by hash in the CSP. */
export const BUILD_CSS = 'body{color:#1c1917}';
export const BUILD_BOOT = 'document.documentElement.dataset.booted=""';

function indexHtml(lang: 'en' | 'sw') {
  const base = lang === 'en' ? '/' : '/sw/';
  return [
    `<!doctype html><html lang="${lang}"><head><title>Sherehe</title>`,
    `<script type="module" crossorigin src="${base}assets/index-${lang}.js"></script>`,
    `<link rel="stylesheet" crossorigin href="${base}assets/index-${lang}.css">`,
    '</head><body><div id="root"></div></body></html>',
  ].join('\n');
}

/**
 * A web build in `root` (`dist`, with its Kiswahili half in `dist/sw`, and `dist-ssr`) whose server
 * renderers are `renderers.en` and `renderers.sw` (the source of an ES module exporting
 * SSR_PATTERNS and render): what the server does with rendered pages is tested without building the
 * web app. Returns the folder to give as WEB_DIST.
 */
export async function writeWebBuild(root: string, renderers: { en: string; sw: string }): Promise<string> {
  const webDist = path.join(root, 'dist');
  for (const lang of ['en', 'sw'] as const) {
    const client = lang === 'en' ? webDist : path.join(webDist, 'sw');
    const ssr = lang === 'en' ? path.join(root, 'dist-ssr') : path.join(root, 'dist-ssr', 'sw');
    await mkdir(path.join(client, 'assets'), { recursive: true });
    await mkdir(path.join(client, '.vite'), { recursive: true });
    await mkdir(ssr, { recursive: true });
    await writeFile(path.join(client, 'index.html'), indexHtml(lang));
    await writeFile(path.join(client, `assets/index-${lang}.css`), BUILD_CSS);
    await writeFile(path.join(client, `assets/boot-${lang}.js`), BUILD_BOOT);
    await writeFile(
      path.join(client, '.vite/manifest.json'),
      JSON.stringify({
        'index.html': { file: `assets/index-${lang}.js` },
        'src/boot.ts': { file: `assets/boot-${lang}.js` },
      }),
    );
    await writeFile(path.join(ssr, 'entry-server.js'), renderers[lang]);
  }
  return webDist;
}
