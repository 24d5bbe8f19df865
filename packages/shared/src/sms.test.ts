import { describe, expect, it } from 'vitest';
import { fitsOneSms, gsm7Length, isGsm7, SMS_MAX_CHARS } from './sms';

describe('GSM-7 and the 160 characters of one SMS', () => {
  it('counts the basic alphabet as one each and the extension table as two', () => {
    expect(gsm7Length('Habari! Malipo yako ya Ksh 1,500 yamepokelewa.')).toBe(46);
    expect(gsm7Length('@£$¥èé_ÆÑüà¿¡§\n\r')).toBe(16);
    expect(gsm7Length('€')).toBe(2);
    expect(gsm7Length('[x]{y}\\^~|')).toBe(18);
    expect(gsm7Length('')).toBe(0);
  });

  it('refuses what GSM-7 cannot write: emoji, curly quotes, other scripts', () => {
    for (const text of ['Asante 🎉', 'it’s', '“quoted”', 'Ελληνικά', 'ç', 'naïve', '\t'])
      expect(isGsm7(text), text).toBe(false);
    expect(gsm7Length('Asante 🎉')).toBeUndefined();
    expect(isGsm7("It's ok: 100% (sure)")).toBe(true);
  });

  it('fits one SMS up to 160 characters as a phone counts them', () => {
    expect(SMS_MAX_CHARS).toBe(160);
    expect(fitsOneSms('a'.repeat(160))).toBe(true);
    expect(fitsOneSms('a'.repeat(161))).toBe(false);
    expect(fitsOneSms(`${'a'.repeat(158)}€`)).toBe(true);
    expect(fitsOneSms(`${'a'.repeat(159)}€`)).toBe(false);
    expect(fitsOneSms(`${'a'.repeat(10)}’`)).toBe(false);
    expect(fitsOneSms('')).toBe(false);
  });
});
