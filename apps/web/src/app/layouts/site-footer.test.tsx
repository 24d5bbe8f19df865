import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { SiteFooter } from './site-footer';
import { isNearPageBottom } from './use-near-page-bottom';

function setPage({
  pageHeight,
  viewportHeight,
  scrollY,
}: {
  pageHeight: number;
  viewportHeight: number;
  scrollY: number;
}) {
  Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: pageHeight });
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: viewportHeight });
  Object.defineProperty(window, 'scrollY', { configurable: true, value: scrollY });
}

function renderFooter() {
  return render(
    <MemoryRouter>
      <SiteFooter />
    </MemoryRouter>,
  );
}

/** The footer landmark as assistive technology sees it (hidden means absent). */
const footer = () => screen.queryByRole('contentinfo');

afterEach(() => setPage({ pageHeight: 0, viewportHeight: 768, scrollY: 0 }));

describe('isNearPageBottom', () => {
  it('is true within 20 px of the bottom and false above', () => {
    expect(isNearPageBottom({ scrollY: 1180, viewportHeight: 800, pageHeight: 2000 })).toBe(true);
    expect(isNearPageBottom({ scrollY: 1179, viewportHeight: 800, pageHeight: 2000 })).toBe(false);
  });

  it('is true on a page too short to scroll', () => {
    expect(isNearPageBottom({ scrollY: 0, viewportHeight: 800, pageHeight: 600 })).toBe(true);
  });
});

describe('SiteFooter', () => {
  it('stays hidden at the top of a long page and appears at its bottom', async () => {
    setPage({ pageHeight: 3000, viewportHeight: 800, scrollY: 0 });
    renderFooter();
    expect(footer()).toBeNull();

    setPage({ pageHeight: 3000, viewportHeight: 800, scrollY: 2190 });
    act(() => {
      window.dispatchEvent(new Event('scroll'));
    });
    await waitFor(() => expect(footer()).not.toBeNull());
    expect(screen.getByText(/All rights reserved/)).toBeTruthy();

    setPage({ pageHeight: 3000, viewportHeight: 800, scrollY: 1000 });
    act(() => {
      window.dispatchEvent(new Event('scroll'));
    });
    await waitFor(() => expect(footer()).toBeNull());
  });

  it('shows at once on a page too short to scroll', () => {
    setPage({ pageHeight: 500, viewportHeight: 800, scrollY: 0 });
    renderFooter();
    expect(footer()).not.toBeNull();
  });

  it('links to the terms and the privacy notice', () => {
    setPage({ pageHeight: 500, viewportHeight: 800, scrollY: 0 });
    renderFooter();
    expect(screen.getByRole('link', { name: 'Terms' }).getAttribute('href')).toBe('/terms');
    expect(screen.getByRole('link', { name: 'Privacy' }).getAttribute('href')).toBe('/privacy');
  });
});
