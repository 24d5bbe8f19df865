import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'sherehe-demo';
export const DEMO = {
  admin: 'admin@sherehe.demo',
  planner: 'wanjiru@sherehe.demo',
  planner2: 'otieno@sherehe.demo',
  client: 'grace@sherehe.demo',
  client2: 'brian@sherehe.demo',
  client3: 'faith@sherehe.demo',
} as const;

let counter = 0;
/** A unique email for accounts a test creates. */
export function uniqueEmail(prefix = 'e2e') {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}@example.test`;
}

function randomAddress() {
  const byte = () => Math.floor(Math.random() * 254) + 1;
  return `10.${byte()}.${byte()}.${byte()}`;
}

export const test = base.extend<{
  /** Logs the page's context in through the API (the session cookie lands in the browser). */
  loginAs: (email: string, password?: string) => Promise<void>;
  /** Registers a new account through the API and logs the page's context in. */
  registerAs: (role: 'client' | 'planner', name?: string) => Promise<{ email: string; name: string }>;
}>({
  // Every test is its own client address (see e2e/start-server.mjs).
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's dependencies from this pattern
  extraHTTPHeaders: async ({}, use) => {
    await use({ 'x-forwarded-for': randomAddress() });
  },
  loginAs: async ({ page }, use) => {
    await use(async (email, password = DEMO_PASSWORD) => {
      const response = await page.request.post('/api/auth/login', { data: { email, password } });
      expect(response.status(), `login as ${email}`).toBe(200);
    });
  },
  registerAs: async ({ page }, use) => {
    await use(async (role, name = `E2E ${role} ${counter + 1}`) => {
      const email = uniqueEmail(role);
      const response = await page.request.post('/api/auth/register', {
        data: { username: name, email, password: 'e2e-password', role },
      });
      expect(response.status(), `register ${email}`).toBe(201);
      return { email, name };
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
