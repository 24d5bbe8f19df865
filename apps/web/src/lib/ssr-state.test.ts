import { describe, expect, it } from 'vitest';
import { serializeSsrState } from './ssr-state';

describe('serializeSsrState', () => {
  it('cannot close its script element or open a comment, and parses back to the same state', () => {
    const hostile = "</script><script>alert(1)</script><!-- \u2028\u2029 $& $'";
    const state = { user: null, loads: { title: hostile }, queries: { text: hostile } };
    const json = serializeSsrState(state);
    expect(json).not.toMatch(/<|\u2028|\u2029/);
    expect(JSON.parse(json)).toEqual(state);
  });
});
