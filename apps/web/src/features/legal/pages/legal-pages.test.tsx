import { screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '@/test/axe';
import { mockFetch, signedOut } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import { PrivacyPage, TermsPage } from './legal-pages';

const headings = () => screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);

/** Renders a legal page and checks what both have: the title, the version's date and the sections. */
function renderLegalPage(page: ReactElement, route: string, title: string, sections: string[]) {
  mockFetch(signedOut());
  const { container } = renderWithApp(page, { route });
  expect(screen.getByRole('heading', { level: 1, name: title })).toBeTruthy();
  expect(screen.getByText('Version of Fri, 27 Nov 2026')).toBeTruthy();
  expect(headings()).toEqual(sections);
  return container;
}

describe('TermsPage', () => {
  it('shows the terms with the date of their version, and the ways to the privacy notice and the contact page', async () => {
    const container = renderLegalPage(<TermsPage />, '/terms', 'Terms of use', [
      'What Sherehe is',
      'Your account',
      'Bookings and payments',
      'What you post',
      'Leaving',
      'Changes',
      'How to ask',
    ]);
    expect(screen.getByText(/payment records are kept, as the law requires/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Read the privacy notice' }).getAttribute('href')).toBe(
      '/privacy',
    );
    expect(screen.getByRole('link', { name: 'Write to us on the contact page' }).getAttribute('href')).toBe(
      '/contact',
    );
    await expectNoAxeViolations(container);
  });
});

describe('PrivacyPage', () => {
  it('says what is kept, why, for how long, who sees it and how to ask, with its version', async () => {
    const container = renderLegalPage(<PrivacyPage />, '/privacy', 'Privacy notice', [
      'What we keep',
      'Why we keep it',
      'For how long',
      'Who sees what',
      'Your data, your choice',
      'How to ask',
    ]);
    // Money records for seven years (KRA), the rest until the account goes, logs briefly.
    expect(
      screen.getByText(
        /^Payment records, refunds, the ledger and payouts: seven years, because the Kenya Revenue Authority \(KRA\) requires/,
      ),
    ).toBeTruthy();
    expect(screen.getByText('Everything else: until you delete your account.')).toBeTruthy();
    expect(screen.getByText(/logs, .*: a short while, then they are deleted\.$/)).toBeTruthy();
    expect(screen.getByText(/“Download my data”.*“Delete my account”/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to your profile' }).getAttribute('href')).toBe('/profile');
    expect(screen.getByRole('link', { name: 'Write to us on the contact page' }).getAttribute('href')).toBe(
      '/contact',
    );
    expect(screen.getByRole('link', { name: 'Read the terms' }).getAttribute('href')).toBe('/terms');
    await expectNoAxeViolations(container);
  });
});
