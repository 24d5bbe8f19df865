import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages';
import { MESSAGES_SW } from './messages-sw';
import { createTranslator } from './translator';

const en = {
  plain: 'Invalid email or password.',
  nested: { client: 'Client', planner: 'Planner' },
  tooLong: (max: number) => `Password must be at most ${max} characters.`,
  changed: (name: string, amount: string) => `Switched ${name} for ${amount}.`,
  unread: (count: number) => `${count} unread message${count === 1 ? '' : 's'}`,
  inDays: (days: number) => (days === 0 ? 'today' : days === 1 ? 'tomorrow' : `in ${days} days`),
  heading: (month: string) => month,
  lines: (input: { name: string }) => [`Hello ${input.name}`],
};
const sw = {
  plain: 'Barua pepe au nenosiri si sahihi.',
  nested: { client: 'Mteja', planner: 'Mratibu' },
  tooLong: (max: number) => `Nenosiri lisizidi herufi ${max.toLocaleString('sw-KE')}.`,
  changed: (name: string, amount: string) => `Umebadili ${name} kwa ${amount}.`,
  unread: (count: number) => (count === 1 ? 'Ujumbe 1 haujasomwa' : `Jumbe ${count} hazijasomwa`),
  inDays: (days: number) => (days === 0 ? 'leo' : days === 1 ? 'kesho' : `baada ya siku ${days}`),
  heading: (month: string) => month,
  lines: (input: { name: string }) => [`Habari ${input.name}`],
};

describe('createTranslator', () => {
  const translate = createTranslator(en, sw);

  it('maps plain texts, nested ones included', () => {
    expect(translate('Invalid email or password.')).toBe(sw.plain);
    expect(translate('Planner')).toBe('Mratibu');
  });

  it('recognises the output of a text function and calls the other with the captured values', () => {
    expect(translate('Password must be at most 200 characters.')).toBe('Nenosiri lisizidi herufi 200.');
    expect(translate('Switched Pro plan for Ksh 2,500.')).toBe('Umebadili Pro plan kwa Ksh 2,500.');
  });

  it('gives numbers back as numbers', () => {
    expect(translate('Password must be at most 12000 characters.')).toBe(
      `Nenosiri lisizidi herufi ${(12000).toLocaleString('sw-KE')}.`,
    );
  });

  it.each([
    ['1 unread message', 'Ujumbe 1 haujasomwa'],
    ['3 unread messages', 'Jumbe 3 hazijasomwa'],
    ['today', 'leo'],
    ['tomorrow', 'kesho'],
    ['in 4 days', 'baada ya siku 4'],
  ])('knows the branches a function takes for 0 and 1: %j', (english, kiswahili) => {
    expect(translate(english)).toBe(kiswahili);
  });

  it.each(['Something else entirely.', 'December 2026', ''])(
    'leaves unknown texts alone, and never learns a pattern that would match anything: %j',
    (text) => {
      expect(translate(text)).toBe(text);
    },
  );
});

describe('a text naming one of ours', () => {
  it('says the named text in the other language too', () => {
    const translate = createTranslator(
      { labels: { fullName: 'Full name' }, required: (label: string) => `${label} is required.` },
      { labels: { fullName: 'Jina kamili' }, required: (label: string) => `Tafadhali jaza: ${label}.` },
    );
    expect(translate('Full name is required.')).toBe('Tafadhali jaza: Jina kamili.');
    expect(translate('Nickname is required.')).toBe('Tafadhali jaza: Nickname.');
  });
});

describe('a plan named in a server message', () => {
  it('is called by its Kiswahili name', () => {
    const translate = createTranslator(MESSAGES, MESSAGES_SW);
    expect(translate(MESSAGES.plans.changed('Free'))).toBe('Sasa uko kwenye mpango wa Bure.');
    expect(translate(MESSAGES.planPayments.paymentRequired('Enterprise', 'Ksh 6,500'))).toBe(
      'Mpango wa Biashara unagharimu Ksh 6,500 kwa siku 30. Lipa ili uanze kuutumia.',
    );
  });
});
