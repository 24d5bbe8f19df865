// `npm run slow-3g`: builds, starts the app on a fresh data folder with the demo data and loads the
// public pages in Debian's Chromium on emulated slow 3G (Chrome's preset: 2 s round trip, 50 kB/s
// each way, 4x slower CPU), a phone-sized screen and an empty cache, printing for each page how
// many JavaScript files it loads, their bytes on the wire, when its text is drawn (first
// contentful paint) and when the app has taken it over (`data-hydrated`, i.e. every tap works as
// a tap in the app). The figures are in docs/quality.md ("Slow 3G").
import { chromium } from '@playwright/test';
import { launchChromium } from './bench/server.mjs';
import { buildUnlessSkipped, measuredPages, startDemoServer } from './demo-server.mjs';

const runs = Number(process.env.RUNS ?? 2);

buildUnlessSkipped();
const { base, stop } = await startDemoServer({
  name: 'slow-3g',
  port: 3900 + Math.floor(Math.random() * 90),
});

const SLOW_3G = { offline: false, latency: 2000, downloadThroughput: 50_000, uploadThroughput: 50_000 };

async function measure(browser, page) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 915 },
    deviceScaleFactor: 2.625,
    isMobile: true,
    hasTouch: true,
  });
  const tab = await context.newPage();
  const cdp = await context.newCDPSession(tab);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', SLOW_3G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const scripts = new Map();
  cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
    if (type === 'Script') scripts.set(requestId, { url: response.url, bytes: 0 });
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const script = scripts.get(requestId);
    if (script) script.bytes = encodedDataLength;
  });
  const started = Date.now();
  await tab.goto(`${base}${page}`, { waitUntil: 'commit' });
  await tab.waitForSelector('html[data-hydrated]', { timeout: 180_000 });
  const interactive = Date.now() - started;
  const fcp = await tab.evaluate(
    () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
  );
  // Anything the app asks for just after it starts (a lazily loaded part of the page) counts too.
  await tab.waitForLoadState('networkidle');
  await context.close();
  const list = [...scripts.values()];
  if (process.env.VERBOSE)
    console.log(page, list.map((s) => `${s.url.replace(base, '')} ${s.bytes}`).join('\n  '));
  return {
    scripts: list.length,
    kB: list.reduce((sum, s) => sum + s.bytes, 0) / 1000,
    fcp: fcp / 1000,
    interactive: interactive / 1000,
  };
}

try {
  const measured = await measuredPages(base);
  const packageId = measured.packageId;
  // Lighthouse's pages but the Kiswahili catalogue.
  const pages = measured.pages.filter((page) => page !== '/sw/packages');
  const browser = await launchChromium(chromium);
  const rows = [];
  for (const page of pages) {
    const samples = [];
    for (let i = 0; i < runs; i++) samples.push(await measure(browser, page));
    const median = (key) =>
      samples.map((s) => s[key]).sort((a, b) => a - b)[Math.floor((samples.length - 1) / 2)];
    rows.push({
      page: page.replace(packageId, ':id'),
      'JS files': median('scripts'),
      'JS kB': median('kB').toFixed(1),
      'text drawn (s)': median('fcp').toFixed(1),
      'app ready (s)': median('interactive').toFixed(1),
    });
  }
  await browser.close();
  console.table(rows);
} finally {
  await stop();
}
