import type { Lang } from '@sherehe/shared/i18n';
import { fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, signedOut } from '@/test/fetch-mock';
import { makeUser } from '@/test/fixtures';
import { renderWithApp } from '@/test/render';
import LoginPage from './login-page';

// The language of the build this page runs in: the Kiswahili build runs the same code with 'sw'.
const build = vi.hoisted(() => ({ lang: 'en' as Lang }));
vi.mock('@/config/lang', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/config/lang')>()),
  get LANG() {
    return build.lang;
  },
}));

const langCookie = () => /(?:^|; )lang=(en|sw)/.exec(document.cookie)?.[1];
const clearLangCookie = () => {
  // biome-ignore lint/suspicious/noDocumentCookie: resetting the test browser's language choice.
  document.cookie = 'lang=; path=/; max-age=0';
};

async function logIn(locale: Lang, search = '?mode=login') {
  const user = makeUser({ role: 'client', locale });
  mockFetch({
    ...signedOut(),
    'POST /api/auth/login': () =>
      jsonResponse({ success: true, message: 'Successfully logged in!', token: 'tok-1', user }),
    'GET /api/user/data': () => jsonResponse({ success: true, userData: user }),
  });
  renderWithApp(
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="/" element={<p>Home page</p>} />
      <Route path="/packages/:id" element={<p>Package page</p>} />
    </Routes>,
    { route: `/login${search}` },
  );
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: user.email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'whatever-it-is' } });
  fireEvent.click(await screen.findByRole('button', { name: 'Login' }));
}

describe('the language after signing in', () => {
  let assign: ReturnType<typeof vi.fn<(url: string | URL) => void>>;
  beforeEach(() => {
    clearLangCookie();
    assign = vi.fn<(url: string | URL) => void>();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    clearLangCookie();
    build.lang = 'en';
  });

  it('stays the Kiswahili page’s for an English-profile user, and this browser keeps it', async () => {
    build.lang = 'sw';
    await logIn('en', `?mode=login&next=${encodeURIComponent('/packages/p1?book=1')}`);
    expect(await screen.findByText('Package page')).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
    expect(langCookie()).toBe('sw');
  });

  it('is the page’s even when this browser had chosen English before', async () => {
    build.lang = 'sw';
    // biome-ignore lint/suspicious/noDocumentCookie: the test browser's earlier choice.
    document.cookie = 'lang=en; path=/';
    await logIn('en');
    expect(await screen.findByText('Home page')).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
    expect(langCookie()).toBe('sw');
  });

  it('follows a Kiswahili profile from the English page of a browser that never chose, to where they were headed', async () => {
    await logIn('sw', `?mode=login&next=${encodeURIComponent('/packages/p1?book=1')}`);
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/sw/packages/p1?book=1'));
    expect(langCookie()).toBe('sw');
  });
});
