import type { Page, Response } from '@playwright/test';
import { DEMO, expect, SEEDED_JOBS, test } from '../fixtures';
import seededEarnings from '../seeded-earnings.json' with { type: 'json' };
import { demoPackageOf } from './helpers/bookings';

/**
 * Every Kiswahili page speaks Kiswahili: its visible text, placeholders and accessible names hold
 * none of the English words an interface is made of. What people wrote (package titles and
 * descriptions, names, messages, reviews, a mail's subject) is theirs and stays as written: every
 * such text the page received from the API, or was rendered with on the server, is taken out of the
 * page's text before the check. Category and plan texts are the product's own and are checked.
 */

/** Common English words of an interface and its sentences; none of them is also a Kiswahili word. */
const ENGLISH_WORDS = new Set(
  `the and with your you for from this that are was were will can has have not all any more less
  new now here there please what when where which who how does did been only also our we us my me
  into than then them they their its per max min month months week weeks year years day days
  unlimited featured listing listings support priority analytics
  book booking bookings login logout sign signed save cancel cancelled delete edit update create add
  remove view open close back next previous search filter sort loading failed error success
  package packages planner planners client clients admin admins user users role email password
  phone message messages send chat payment payments pay paid deposit balance due receipt refund
  refunded price plan plans free basic enterprise choose current change renew upgrade downgrade
  settings profile dashboard home contact terms privacy about help calendar today tomorrow status
  pending accepted rejected completed confirm confirmed submit continue review reviews rating
  details description category categories location date time event events guest guests account
  get started try again retry show hide menu jobs job earnings payouts payout total amount
  available blocked upload download file photo image welcome hello dear thanks thank successful
  required optional must characters invalid page results found none nothing yes upcoming past
  name full approve mo to reject accept mark marked done running overview revenue`
    .split(/\s+/)
    .filter(Boolean),
);

/** Keys whose string values are what a person wrote (or a mail's subject, an address, an error). */
const WRITTEN_BY_PEOPLE = new Set([
  'title',
  'description',
  'username',
  'name',
  'comment',
  'message',
  'text',
  'body',
  'reply',
  'answer',
  'content',
  'note',
  'bio',
  'specialization',
  'experience',
  'firstName',
  'lastName',
  'location',
  'features',
  'packageTitle',
  'subject',
  'email',
  'lastError',
  'fileName',
  'originalName',
]);

/** The strings under those keys, anywhere in a JSON value; categories and plans are the product's own. */
function writtenTexts(value: unknown, key: string | undefined, into: Set<string>): void {
  if (typeof value === 'string') {
    if (key && WRITTEN_BY_PEOPLE.has(key) && value.trim().length > 1) into.add(value.trim());
  } else if (Array.isArray(value)) {
    for (const each of value) writtenTexts(each, key, into);
  } else if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const isCategory = 'nameSw' in record;
    const isPlan =
      'features' in record && typeof record.features === 'object' && !Array.isArray(record.features);
    for (const [field, inner] of Object.entries(record)) {
      if ((isCategory || isPlan) && (field === 'name' || field === 'description')) continue;
      writtenTexts(inner, field, into);
    }
  }
}

/** Collects what people wrote from every API answer and server-rendered page the page receives. */
function collectWrittenTexts(page: Page): Set<string> {
  // The failed jobs' mails were written in their recipients' language.
  // The failed jobs' mails were written in their recipients' language; the seeded payment's
  // package and planner were named by people.
  const texts = new Set<string>([
    ...Object.values(SEEDED_JOBS).map((job) => job.payload.subject),
    seededEarnings.packageTitle,
    seededEarnings.planner.username,
  ]);
  page.on('response', async (response: Response) => {
    try {
      const type = response.headers()['content-type'] ?? '';
      if (type.includes('application/json')) {
        writtenTexts(await response.json(), undefined, texts);
      } else if (type.includes('text/html')) {
        const html = await response.text();
        const state = html.match(/<script[^>]*id="ssr-state"[^>]*>([\s\S]*?)<\/script>/)?.[1];
        if (state) writtenTexts(JSON.parse(state), undefined, texts);
      }
    } catch {
      // A redirect or an aborted answer has no body to read.
    }
  });
  return texts;
}

/** The English words on the page now, outside what people wrote, each with a bit of its context. */
async function englishOn(page: Page, written: Set<string>): Promise<string[]> {
  // Evaluated in the page, as a string: this project's types have no DOM. Folded answers are read too.
  const text = await page.evaluate<string>(`(() => {
    for (const details of document.querySelectorAll('details')) details.open = true;
    const parts = [document.body.innerText, document.title];
    for (const element of document.querySelectorAll('[placeholder], [aria-label], img[alt], [title]')) {
      for (const attribute of ['placeholder', 'aria-label', 'alt', 'title']) {
        const value = element.getAttribute(attribute);
        if (value) parts.push(value);
      }
    }
    return parts.join('\\n');
  })()`);
  let chrome = text;
  // Longest first, so a title is taken out before a shorter text inside it.
  for (const each of [...written].sort((a, b) => b.length - a.length)) {
    chrome = chrome.split(each).join(' ');
  }
  // A written text cut short ("Full planning of a gar…") is taken out too.
  const lines = chrome.split('\n').map((line) =>
    line.replace(/[^…]*…/g, (cut) => {
      const shown = cut.slice(0, -1);
      for (let start = 0; start < shown.length - 12; start++) {
        const tail = shown.slice(start).trim();
        if ([...written].some((each) => each.startsWith(tail))) return `${shown.slice(0, start)} `;
      }
      return cut;
    }),
  );
  chrome = lines
    .join('\n')
    .replace(/\S+@\S+/g, ' ')
    .replace(/(Google|Apple) Calendar/g, ' ');
  const found: string[] = [];
  const seen = new Set<string>();
  for (const match of chrome.matchAll(/[A-Za-z]+(?:'[A-Za-z]+)?/g)) {
    const word = match[0].toLowerCase();
    // Initials in an avatar ("WE") are a name's.
    if (!ENGLISH_WORDS.has(word) || /^[A-Z]{1,3}$/.test(match[0]) || seen.has(word)) continue;
    seen.add(word);
    const start = Math.max(0, (match.index ?? 0) - 25);
    found.push(
      `${match[0]} (…${chrome.slice(start, (match.index ?? 0) + match[0].length + 25).replace(/\s+/g, ' ')}…)`,
    );
  }
  return found;
}

/**
 * Opens each address and collects the English words found. On the admins' Categories page a
 * category's English name and description are what the admin edits, next to the Kiswahili name.
 */
async function walk(page: Page, baseURL: string | undefined, addresses: string[]) {
  if (!baseURL) throw new Error("the spec needs the app's address (baseURL)");
  // Kiswahili chosen, as the top bar's switch keeps it (the API's words follow the same cookie);
  // the demo accounts' own profile language is left as it is.
  await page.context().addCookies([{ name: 'lang', value: 'sw', url: baseURL }]);
  const written = collectWrittenTexts(page);
  const categories = (await (await page.request.get('/api/category')).json()) as {
    categories?: Array<{ name: string; description?: string | null }>;
  };
  const leftovers: string[] = [];
  for (const address of addresses) {
    await page.goto(address);
    await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
    // The page has settled: nothing is still loading.
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    const shown = new Set(written);
    if (address.endsWith('/dashboard/categories'))
      for (const category of categories.categories ?? [])
        for (const each of [category.name, category.description]) if (each) shown.add(each);
    for (const word of await englishOn(page, shown)) leftovers.push(`${address}: ${word}`);
  }
  expect(leftovers).toEqual([]);
}

test.describe('every Kiswahili page is in Kiswahili', () => {
  test.describe.configure({ timeout: 180_000 });

  test('the public pages, as a guest', async ({ page, baseURL }) => {
    const pkg = await demoPackageOf(page.request, DEMO.planner);
    await walk(page, baseURL, [
      '/sw',
      '/sw/packages',
      `/sw/packages/${pkg._id}`,
      `/sw/user/${pkg.planner._id}`,
      '/sw/pricing',
      '/sw/login',
      '/sw/reset-password',
      '/sw/contact',
      '/sw/terms',
      '/sw/privacy',
      '/sw/test-email',
      '/sw/no-such-page',
    ]);
  });

  test('the demo client’s pages', async ({ page, baseURL, loginAs }) => {
    await loginAs(DEMO.client);
    const pkg = await demoPackageOf(page.request, DEMO.planner);
    await walk(page, baseURL, [
      '/sw',
      `/sw/packages/${pkg._id}`,
      `/sw/user/${pkg.planner._id}`,
      '/sw/pricing',
      '/sw/profile',
      '/sw/dashboard/bookings',
      '/sw/dashboard/calendar',
      '/sw/contact',
    ]);
  });

  test('a payment’s receipt opened from the Kiswahili site, as the demo client', async ({
    page,
    baseURL,
    loginAs,
  }) => {
    await loginAs(DEMO.client);
    const reply = await (await page.request.get('/api/payments?status=succeeded')).json();
    const payment = (reply.payments as Array<{ _id: string }>)[0];
    expect(payment, 'the demo client has a paid payment').toBeDefined();
    await walk(page, baseURL, [`/api/payments/${payment?._id}/receipt`]);
    await expect(page.getByRole('link', { name: 'Rudi kwenye nafasi zako' })).toHaveAttribute(
      'href',
      /\/sw\/dashboard\/bookings$/,
    );
  });

  test('the demo planner’s pages', async ({ page, baseURL, loginAs }) => {
    await loginAs(DEMO.planner);
    const pkg = await demoPackageOf(page.request, DEMO.planner);
    await walk(page, baseURL, [
      '/sw/pricing',
      '/sw/profile',
      '/sw/dashboard/bookings',
      '/sw/dashboard/calendar',
      '/sw/dashboard/packages',
      '/sw/dashboard/packages/create',
      `/sw/dashboard/packages/edit/${pkg._id}`,
      '/sw/dashboard/analytics',
      '/sw/dashboard/payments',
      '/sw/dashboard/earnings',
    ]);
  });

  test('the demo admin’s pages', async ({ page, baseURL, loginAs }) => {
    await loginAs(DEMO.admin);
    await walk(page, baseURL, [
      '/sw/profile',
      '/sw/dashboard/bookings',
      '/sw/dashboard/packages',
      '/sw/dashboard/categories',
      '/sw/dashboard/analytics',
      '/sw/dashboard/payments',
      '/sw/dashboard/users',
      '/sw/dashboard/messages',
      '/sw/dashboard/jobs',
      '/sw/dashboard/payouts',
    ]);
  });
});
