import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';
import seededJobs from './seeded-jobs.json' with { type: 'json' };

export const DEMO_PASSWORD = 'sherehe-demo';
export const DEMO = {
  admin: 'admin@sherehe.demo',
  planner: 'wanjiru@sherehe.demo',
  planner2: 'otieno@sherehe.demo',
  client: 'grace@sherehe.demo',
  client2: 'brian@sherehe.demo',
  client3: 'faith@sherehe.demo',
  /** On the Free plan (3 packages) with 5 packages already: creating one hits the plan limit. */
  plannerFree: 'amina@sherehe.demo',
} as const;

/**
 * The jobs that failed for good, which seed-database.mjs wrote into the server's database before it
 * started: `toRetry` is for the test that retries it, `toRead` stays failed for tests that only look.
 */
export const SEEDED_JOBS = seededJobs;

/** An id no package or user has, for the pages of things that do not exist. */
export const MISSING_ID = '00000000-0000-4000-8000-000000000000';

/** The one-line summary the API gives a mail job: its subject and recipient. */
export function mailJobSummary(job: { payload: { to: string; subject: string } }): string {
  return `${job.payload.subject}, to ${job.payload.to}`;
}

let counter = 0;
/** A unique email for accounts a test creates. */
export function uniqueEmail(prefix = 'e2e') {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}@example.test`;
}

/** A client address of its own for a browser context (see e2e/start-server.mjs). */
export function randomAddress() {
  const byte = () => Math.floor(Math.random() * 254) + 1;
  return `10.${byte()}.${byte()}.${byte()}`;
}

/**
 * After loading a page the server rendered, wait until the app has taken it over (html[data-hydrated],
 * docs/decisions/009), as a person waits for a page to respond: before that its buttons do nothing
 * yet. Pages the browser renders itself are used as before.
 */
export function waitsForApp(page: Page): Page {
  const untilReady = async () => {
    await page.locator('html[data-hydrated], html:not(:has(#ssr-state))').waitFor({ state: 'attached' });
  };
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await untilReady();
    return response;
  };
  const reload = page.reload.bind(page);
  page.reload = async (options) => {
    const response = await reload(options);
    await untilReady();
    return response;
  };
  return page;
}

/** An account as the API names it. */
export interface Person {
  _id: string;
  username: string;
  email: string;
}

/** Registers an account through a request context, whose cookies then hold its session. */
export async function register(request: APIRequestContext, role: 'client' | 'planner', name: string) {
  const email = uniqueEmail(role);
  const response = await request.post('/api/auth/register', {
    data: { username: name, email, password: 'e2e-password', role },
  });
  expect(response.status(), `register ${email}`).toBe(201);
  return (await response.json()).user as Person;
}

/** Logs a request context in (its cookies then hold the session). */
export async function logIn(request: APIRequestContext, email: string, password = DEMO_PASSWORD) {
  const response = await request.post('/api/auth/login', { data: { email, password } });
  expect(response.status(), `login as ${email}`).toBe(200);
  return (await response.json()).user as Person;
}

export const test = base.extend<{
  /** Logs the page's context in through the API (the session cookie lands in the browser). */
  loginAs: (email: string, password?: string) => Promise<void>;
  /** Logs the page's context in through the API as `email` (a demo account), then opens `path`. */
  visitAs: (email: string, path: string) => Promise<void>;
  /** Registers a new account through the API and logs the page's context in. */
  registerAs: (
    role: 'client' | 'planner',
    name?: string,
  ) => Promise<{ _id: string; email: string; name: string }>;
}>({
  page: async ({ page, javaScriptEnabled }, use) => {
    await use(javaScriptEnabled === false ? page : waitsForApp(page));
  },
  // Every test is its own client address (see e2e/start-server.mjs).
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's dependencies from this pattern
  extraHTTPHeaders: async ({}, use) => {
    await use({ 'x-forwarded-for': randomAddress() });
  },
  loginAs: async ({ page }, use) => {
    await use(async (email, password) => {
      await logIn(page.request, email, password);
    });
  },
  visitAs: async ({ page }, use) => {
    await use(async (email, path) => {
      await logIn(page.request, email);
      await page.goto(path);
    });
  },
  registerAs: async ({ page }, use) => {
    await use(async (role, name = `E2E ${role} ${uniqueSuffix()}`) => {
      const user = await register(page.request, role, name);
      return { _id: user._id, email: user.email, name };
    });
  },
});

export { expect };

/** Fails on serious or critical accessibility violations, naming them. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([]);
}

/** Follows the link `name` in the dashboard's menu on `page`, as a person picks a page there. */
export async function followDashboardMenu(page: Page, name: string) {
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name }).first().click();
}

/** Where a signed-in `current` user opening an admin's page lands: /unauthorized, saying why. */
export async function expectSentToUnauthorized(page: Page, current: 'client' | 'planner') {
  await expect(page).toHaveURL(new RegExp(`/unauthorized\\?required=admin&current=${current}$`));
  await expect(page.getByRole('heading', { name: 'Insufficient Permissions' })).toBeVisible();
  await expect(
    page.getByText(`You need admin permissions to access this page. Your current role is ${current}.`),
  ).toBeVisible();
}

/** A short random suffix that keeps names made by parallel tests apart. */
export function uniqueSuffix(): string {
  return Math.random().toString(36).slice(2, 8);
}
