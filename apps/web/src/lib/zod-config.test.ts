import { describe, expect, it } from 'vitest';
import { config } from 'zod';
import './zod-config';

describe('zod in the browser', () => {
  it('parses without compiling, so the CSP never sees an eval', () => {
    expect(config().jitless).toBe(true);
  });
});
