import { describe, expect, it } from 'vitest';
import { useTestApp } from './build-app';

const t = useTestApp();

describe('with the database unreachable', () => {
  it('answers 503 with a clear message instead of a 500', async () => {
    await t.database.close();
    for (const url of ['/api/health', '/api/plans', '/api/packages']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(503);
      expect(response.json()).toEqual({
        success: false,
        code: 'UNAVAILABLE',
        message: 'The service is temporarily unavailable. Please try again shortly.',
      });
      expect(response.headers['retry-after']).toBe('5');
    }
  });
});
