// `npm run lighthouse`: builds (unless SKIP_BUILD), starts the app from its build on a fresh data
// folder with the demo data (and its images), gives a demo client a few bookings with a demo
// planner, and runs Lighthouse (mobile, its default simulated slow 4G) with Debian's Chromium on
// every public page in English and in Kiswahili (/sw/…), then on the client's and the planner's
// bookings page, signed in, in both languages. Each page is measured LIGHTHOUSE_RUNS times
// (default 1; 3 for a median) and each figure is the median of its runs. Prints a table and exits
// with 1 when a page's performance is below LIGHTHOUSE_MIN_PERFORMANCE (default 97) or its
// accessibility, best practices or SEO below LIGHTHOUSE_MIN_OTHER (default 100). LIGHTHOUSE_PAGES
// (a regular expression) measures only the pages whose address or account matches, e.g.
// `LIGHTHOUSE_PAGES='packages/'`; LIGHTHOUSE_PORT picks the server's port;
// LIGHTHOUSE_REPORTS=<folder> keeps every run's JSON report there. Figures and run time:
// docs/quality.md ("Lighthouse"); running as root: docs/stack.md ("Lighthouse as root").
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { median } from './bench/server.mjs';
import { buildUnlessSkipped, root, startDemoServer } from './demo-server.mjs';

const chrome = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// One run a page by default: three (a median) take about 22 minutes on a shared 2-core machine.
const runs = positive('LIGHTHOUSE_RUNS', 1);
const minPerformance = positive('LIGHTHOUSE_MIN_PERFORMANCE', 97);
const minOther = positive('LIGHTHOUSE_MIN_OTHER', 100);
const keep = process.env.LIGHTHOUSE_REPORTS;
const only = process.env.LIGHTHOUSE_PAGES ? new RegExp(process.env.LIGHTHOUSE_PAGES) : undefined;
const port = process.env.LIGHTHOUSE_PORT
  ? positive('LIGHTHOUSE_PORT', 0)
  : 3800 + Math.floor(Math.random() * 90);

/** The demo accounts that sign in (apps/server/src/db/seed.ts; the password is in the README). */
const DEMO_PASSWORD = 'sherehe-demo';
const CLIENT = 'faith@sherehe.demo';
const PLANNER = 'wanjiru@sherehe.demo';

function positive(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) {
    console.error(`${name} must be a whole number above 0 (got ${raw})`);
    process.exit(2);
  }
  return value;
}

/** Calls the API; throws unless it answers 2xx. */
async function api(base, method, address, { token, body } = {}) {
  const response = await fetch(`${base}${address}`, {
    method,
    headers: {
      accept: 'application/json',
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${address}: ${response.status} ${await response.text()}`);
  return { json: await response.json(), headers: response.headers };
}

/** Signs a demo account in: its token (for API calls) and its session cookie (for the pages). */
async function signIn(base, email) {
  const { json, headers } = await api(base, 'POST', '/api/auth/login', {
    body: { email, password: DEMO_PASSWORD },
  });
  const cookie = headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .find((pair) => pair.startsWith('sherehe_session='));
  if (!cookie) throw new Error(`no session cookie for ${email}`);
  return { token: json.token, cookie };
}

/** The calendar day `days` from today in Nairobi, YYYY-MM-DD. */
function nairobiDay(days) {
  return new Date(Date.now() + days * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Africa/Nairobi' });
}

/**
 * The pages to measure: each public page (the demo catalogue's first package and its planner's
 * profile among them), then the bookings page signed in as the client and as the planner, who by
 * then have three bookings between them (one accepted), in English and under /sw.
 */
async function pagesToMeasure(base) {
  const { json: list } = await api(base, 'GET', '/api/packages?page=1&limit=50');
  const planned = list.data.filter((item) => item.planner.email === PLANNER);
  const first = list.data[0];
  const client = await signIn(base, CLIENT);
  const planner = await signIn(base, PLANNER);
  const bookings = [];
  for (const [index, item] of planned.slice(0, 3).entries()) {
    const { json } = await api(base, 'POST', '/api/bookings/create', {
      token: client.token,
      body: {
        package: item._id,
        planner: item.planner._id,
        date: nairobiDay(30 + index * 7),
        message: 'We are about 120 guests; could you send a menu?',
      },
    });
    bookings.push(json.booking);
  }
  await api(base, 'PATCH', `/api/bookings/${bookings[0]._id}`, {
    token: planner.token,
    body: { status: 'accepted' },
  });
  const publicPages = [
    '/',
    '/packages',
    `/packages/${first._id}`,
    `/user/${first.planner._id}`,
    '/pricing',
    '/login',
    '/reset-password',
    '/contact',
    '/terms',
    '/privacy',
    '/test-email',
  ];
  const pages = [];
  for (const lang of ['en', 'sw']) {
    const prefix = lang === 'sw' ? '/sw' : '';
    for (const page of publicPages) pages.push({ page, lang, who: 'guest', url: `${prefix}${page}` });
    for (const [who, session] of [
      ['client', client],
      ['planner', planner],
    ])
      pages.push({ page: '/dashboard/bookings', lang, who, url: `${prefix}/dashboard/bookings`, session });
  }
  const names = new Map([
    [first._id, '{package}'],
    [first.planner._id, '{planner}'],
  ]);
  for (const page of pages) page.page = page.page.replace(/[0-9a-f-]{36}/, (id) => names.get(id) ?? '{id}');
  return only ? pages.filter((page) => only.test(`${page.url} ${page.who}`)) : pages;
}

/** One Lighthouse run of `url`; its report. A run that loses its trace (NO_NAVSTART) is repeated. */
function lighthouse(url, out, session, keptFromSearch) {
  const args = [
    url,
    '--output=json',
    `--output-path=${out}`,
    '--quiet',
    '--only-categories=performance,accessibility,best-practices,seo',
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --no-first-run --disable-sync',
  ];
  // Every request of the page carries the session, as a signed-in browser's would.
  if (session) args.push(`--extra-headers=${JSON.stringify({ Cookie: session.cookie })}`);
  // robots.txt keeps search engines out of some pages on purpose (a signed-in page, a reset link):
  // for those the SEO audit of exactly that (is-crawlable) is left out; every other one counts.
  if (keptFromSearch) args.push('--skip-audits=is-crawlable');
  for (let attempt = 1; attempt <= 3; attempt++) {
    const run = spawnSync(path.join(root, 'node_modules/.bin/lighthouse'), args, {
      env: { ...process.env, CHROME_PATH: chrome },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (run.status === 0) {
      const report = JSON.parse(readFileSync(out, 'utf8'));
      if (report.runtimeError) continue;
      // A page that sent the browser elsewhere (a lost session to /login) would measure that page.
      if (new URL(report.finalDisplayedUrl).pathname !== new URL(url).pathname)
        throw new Error(`${url} ended on ${report.finalDisplayedUrl}`);
      if (keep) {
        mkdirSync(keep, { recursive: true });
        copyFileSync(out, path.join(keep, path.basename(out)));
      }
      return report;
    }
  }
  throw new Error(`lighthouse failed on ${url}`);
}

/** A report's figures: the four scores (0–100) and LCP, TBT and CLS. */
function figures(report) {
  const score = (id) => Math.round((report.categories[id]?.score ?? 0) * 100);
  const audit = (id) => report.audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    // Lighthouse's measure of this machine's speed at the time of the run: lower when other work
    // shares the CPU, which the simulated 4x slowdown then multiplies into TBT.
    benchmark: report.environment?.benchmarkIndex ?? Number.NaN,
  };
}

/** What fell short in a report, by audit title (the failing audits of the three 100-point categories). */
function failingAudits(report) {
  const failing = [];
  for (const id of ['accessibility', 'best-practices', 'seo']) {
    for (const ref of report.categories[id]?.auditRefs ?? []) {
      const audit = report.audits[ref.id];
      if (ref.weight > 0 && audit?.score !== null && audit?.score < 1) failing.push(`${id}: ${audit.title}`);
    }
  }
  return failing;
}

buildUnlessSkipped();
const started = Date.now();
const { base, dataDir, stop } = await startDemoServer({ name: 'lighthouse', port });

const rows = [];
let failed = false;
try {
  const pages = await pagesToMeasure(base);
  const robots = await (await fetch(`${base}/robots.txt`)).text();
  const disallowed = [...robots.matchAll(/^Disallow:\s*(\S+)/gm)].map((match) => match[1]);
  console.log(`Lighthouse: ${pages.length} pages, ${runs} run(s) each`);
  for (const [index, page] of pages.entries()) {
    const samples = [];
    const problems = new Set();
    for (let run = 0; run < runs; run++) {
      const name = `${String(index + 1).padStart(2, '0')}-${page.who}${page.url.replace(/\W+/g, '-')}-${run + 1}.json`;
      const keptFromSearch = disallowed.some((prefix) => page.url.startsWith(prefix));
      const report = lighthouse(`${base}${page.url}`, path.join(dataDir, name), page.session, keptFromSearch);
      samples.push(figures(report));
      for (const problem of failingAudits(report)) problems.add(problem);
    }
    const row = { ...page, runs: samples.map((sample) => sample.performance) };
    for (const key of Object.keys(samples[0])) row[key] = median(samples.map((sample) => sample[key]));
    row.short =
      row.performance < minPerformance ||
      row.accessibility < minOther ||
      row.bestPractices < minOther ||
      row.seo < minOther;
    row.problems = [...problems];
    failed ||= row.short;
    rows.push(row);
    console.log(
      `${page.url} (${page.who}): performance ${row.runs.join(' / ')}, TBT ${Math.round(row.tbt)} ms, LCP ${(row.lcp / 1000).toFixed(2)} s`,
    );
  }
} finally {
  await stop();
}

const minutes = ((Date.now() - started) / 60_000).toFixed(1);
const date = new Date().toISOString().slice(0, 10);
console.log(
  `\nLighthouse ${date} (mobile, simulated slow 4G), Debian Chromium; median of ${runs} run(s) per page, ${minutes} min\n`,
);
console.log(
  '| page | lang | signed in | performance | accessibility | best practices | SEO | FCP s | LCP s | TBT ms | CLS | CPU index |',
);
console.log('|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const row of rows) {
  const mark = (value, min) => (value < min ? `**${value}**` : String(value));
  console.log(
    `| \`${row.page}\` | ${row.lang} | ${row.who === 'guest' ? '' : row.who} | ${mark(row.performance, minPerformance)} | ${mark(row.accessibility, minOther)} | ${mark(row.bestPractices, minOther)} | ${mark(row.seo, minOther)} | ${(row.fcp / 1000).toFixed(2)} | ${(row.lcp / 1000).toFixed(2)} | ${Math.round(row.tbt)} | ${row.cls.toFixed(3)} | ${Math.round(row.benchmark)} |`,
  );
}
for (const row of rows.filter((each) => each.problems.length > 0))
  console.log(`\n${row.url} (${row.who}):\n  ${row.problems.join('\n  ')}`);
console.log(
  `\nThresholds: performance ≥ ${minPerformance} (LIGHTHOUSE_MIN_PERFORMANCE), accessibility, best practices and SEO ≥ ${minOther} (LIGHTHOUSE_MIN_OTHER).`,
);
if (failed) {
  console.error(
    `Below the thresholds: ${rows
      .filter((row) => row.short)
      .map((row) => `${row.url} (${row.who})`)
      .join(', ')}`,
  );
  process.exit(1);
}
