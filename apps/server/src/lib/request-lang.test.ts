import { describe, expect, it } from 'vitest';
import { requestLang } from './request-lang';

describe('requestLang', () => {
  it('takes the lang cookie first, over the user and the header', () => {
    expect(
      requestLang({ cookies: { lang: 'sw' }, headers: { 'accept-language': 'en' }, userLocale: 'en' }),
    ).toBe('sw');
    expect(
      requestLang({ cookies: { lang: 'en' }, headers: { 'accept-language': 'sw' }, userLocale: 'sw' }),
    ).toBe('en');
  });

  it("ignores a cookie that names no language we speak and falls to the user's locale", () => {
    expect(
      requestLang({ cookies: { lang: 'fr' }, headers: { 'accept-language': 'en' }, userLocale: 'sw' }),
    ).toBe('sw');
    expect(requestLang({ cookies: {}, headers: { 'accept-language': 'sw' }, userLocale: 'en' })).toBe('en');
  });

  it('then Accept-Language, by its weights', () => {
    expect(requestLang({ cookies: {}, headers: { 'accept-language': 'fr, sw-KE;q=0.8, en;q=0.5' } })).toBe(
      'sw',
    );
    expect(requestLang({ headers: { 'accept-language': 'sw;q=0.2, en-GB' } })).toBe('en');
  });

  it('else English', () => {
    expect(requestLang({ cookies: {}, headers: {} })).toBe('en');
    expect(requestLang({ cookies: { lang: 'xx' }, headers: { 'accept-language': 'fr, de' } })).toBe('en');
  });
});
