import type { Page } from '@playwright/test';
import { DEMO, expect, test } from '../fixtures';

/** Every Content-Security-Policy issue Chromium raises while `visit` runs (eval, inline code…). */
async function cspIssues(page: Page, visit: () => Promise<void>): Promise<string[]> {
  const issues: string[] = [];
  const cdp = await page.context().newCDPSession(page);
  cdp.on('Audits.issueAdded', ({ issue }) => {
    if (issue.code !== 'ContentSecurityPolicyIssue') return;
    const details = issue.details.contentSecurityPolicyIssueDetails;
    issues.push(
      `${details?.violatedDirective} ${details?.contentSecurityPolicyViolationType} at ${details?.sourceCodeLocation?.url ?? details?.blockedURL ?? '?'}`,
    );
  });
  await cdp.send('Audits.enable');
  await visit();
  return issues;
}

test.describe('the Content-Security-Policy', () => {
  test('holds on the pages a visitor and a client use, forms included: nothing is refused', async ({
    page,
    visitAs,
  }) => {
    const issues = await cspIssues(page, async () => {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.goto('/login');
      // The form validates with the shared zod schemas: submitting it empty runs them.
      await page.getByRole('button', { name: 'Sign Up' }).click();
      await expect(page.getByText('Email is required.')).toBeVisible();
      await page.goto('/packages');
      await page
        .getByRole('link', { name: /More Details/ })
        .first()
        .click();
      await expect(page).toHaveURL(/\/packages\/[^/]+$/);
      await visitAs(DEMO.client, '/dashboard/bookings');
      await expect(page.getByRole('heading', { name: 'My Bookings' })).toBeVisible();
      await page.goto('/profile');
      await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible();
    });
    expect(issues).toEqual([]);
  });
});
