// `npm run lighthouse`: builds, starts the app on a fresh data folder with the demo data (and its
// images) and runs Lighthouse (mobile, simulated slow 4G) with Debian's Chromium on /, /packages,
// a package page and /login, then /sw, /sw/packages and the package page in Kiswahili, printing the
// scores (docs/stack.md, Lighthouse as root).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildUnlessSkipped, measuredPages, root, startDemoServer } from './demo-server.mjs';

const chrome = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

buildUnlessSkipped();
const { base, dataDir, stop } = await startDemoServer({
  name: 'lighthouse',
  port: 3800 + Math.floor(Math.random() * 90),
});

const rows = [];
try {
  const { pages } = await measuredPages(base);
  for (const page of pages) {
    const out = path.join(dataDir, `report-${rows.length}.json`);
    // Lighthouse now and then loses the trace of a load (NO_NAVSTART): such a run is repeated.
    let run;
    for (let attempt = 1; attempt <= 3; attempt++) {
      run = spawnSync(
        path.join(root, 'node_modules/.bin/lighthouse'),
        [
          `${base}${page}`,
          '--output=json',
          `--output-path=${out}`,
          '--quiet',
          '--only-categories=performance,accessibility,best-practices,seo',
          '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --no-first-run --disable-sync',
        ],
        { env: { ...process.env, CHROME_PATH: chrome }, stdio: ['ignore', 'ignore', 'inherit'] },
      );
      if (run.status === 0) break;
    }
    if (run.status !== 0) throw new Error(`lighthouse failed on ${page}`);
    const report = JSON.parse(readFileSync(out, 'utf8'));
    const score = (id) => Math.round((report.categories[id]?.score ?? 0) * 100);
    rows.push({
      page,
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      fcp: report.audits['first-contentful-paint'].numericValue,
      lcp: report.audits['largest-contentful-paint'].numericValue,
      tbt: report.audits['total-blocking-time'].numericValue,
      cls: report.audits['cumulative-layout-shift'].numericValue,
    });
  }
  console.log('\nLighthouse (mobile, simulated slow 4G), Debian Chromium\n');
  console.log('| page | performance | accessibility | best practices | SEO | FCP s | LCP s | TBT ms | CLS |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const row of rows) {
    console.log(
      `| ${row.page.replace(/[0-9a-f-]{36}/, '{id}')} | ${row.performance} | ${row.accessibility} | ${row.bestPractices} | ${row.seo} | ${(row.fcp / 1000).toFixed(2)} | ${(row.lcp / 1000).toFixed(2)} | ${Math.round(row.tbt)} | ${row.cls.toFixed(3)} |`,
    );
  }
  console.log('\nGoals: performance ≥ 97, accessibility 100, best practices ≥ 95, LCP < 1.8 s, CLS < 0.05.');
} finally {
  await stop();
}
