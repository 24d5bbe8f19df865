import { describe, expect, it } from 'vitest';
import { paymentsMessages } from './messages/payments';
import { formatKenyanPhone, kenyanPhoneSchema, normaliseKenyanPhone } from './phone';

describe('Kenyan mobile numbers', () => {
  it.each([
    ['0712345678', '254712345678'],
    ['0712 345 678', '254712345678'],
    ['0712-345-678', '254712345678'],
    ['0712 345678', '254712345678'],
    ['07 12 34 56 78', '254712345678'],
    ['  0722000111  ', '254722000111'],
    ['0799.123.456', '254799123456'],
    ['(0712) 345 678', '254712345678'],
    ['0712\u00a0345\u00a0678', '254712345678'],
    ['+254712345678', '254712345678'],
    ['+254 712 345 678', '254712345678'],
    ['+254-712-345-678', '254712345678'],
    ['+254 (712) 345678', '254712345678'],
    ['254712345678', '254712345678'],
    ['254 712 345 678', '254712345678'],
    ['0110123456', '254110123456'],
    ['0110 123 456', '254110123456'],
    ['0100 200 300', '254100200300'],
    ['+254 110 123 456', '254110123456'],
    ['254110123456', '254110123456'],
    ['0708 374 149', '254708374149'],
  ])('accepts %j as %s', (input, expected) => {
    expect(normaliseKenyanPhone(input)).toBe(expected);
    expect(kenyanPhoneSchema.parse(input)).toBe(expected);
  });

  it.each([
    ['a landline', '020 222 3333'],
    ['a Nairobi landline with the country code', '+254 20 222 3333'],
    ['too short', '071234567'],
    ['too long', '07123456789'],
    ['nine digits without the 0', '712345678'],
    ['another country', '+255712345678'],
    ['a UK number', '+44 7700 900123'],
    ['a 00 prefix', '00254712345678'],
    ['the country code and the 0', '+2540712345678'],
    ['two plus signs', '++254712345678'],
    ['letters', '07I2 345 678'],
    ['words', 'call me'],
    ['a number starting 05', '0512345678'],
    ['254 then 0', '2540712345678'],
    ['an email', 'someone@example.com'],
  ])('refuses %s (%j)', (_what, input) => {
    expect(normaliseKenyanPhone(input)).toBeUndefined();
    const parsed = kenyanPhoneSchema.safeParse(input);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(paymentsMessages.phoneInvalid);
  });

  it('asks for a number when none is given, and refuses what is not text', () => {
    for (const empty of ['', '   ']) {
      expect(kenyanPhoneSchema.safeParse(empty).error?.issues[0]?.message).toBe(
        paymentsMessages.phoneRequired,
      );
    }
    expect(kenyanPhoneSchema.safeParse(712345678).success).toBe(false);
    expect(kenyanPhoneSchema.safeParse(undefined).success).toBe(false);
    expect(kenyanPhoneSchema.safeParse('0'.repeat(500)).success).toBe(false);
  });

  it('writes a stored number back as Kenyans read it', () => {
    expect(formatKenyanPhone('254712345678')).toBe('0712 345 678');
    expect(formatKenyanPhone('254110123456')).toBe('0110 123 456');
    expect(normaliseKenyanPhone(formatKenyanPhone('254799000111'))).toBe('254799000111');
  });
});
