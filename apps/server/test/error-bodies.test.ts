import { MESSAGES } from '@sherehe/shared/messages';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './build-app';

const t = useTestApp();

describe('the error body of a failure', () => {
  it('carries the request id of its header on a 500, and nothing of the cause', async () => {
    // A database error that is not the database being unreachable: the table is gone.
    await t.database.db.execute(sql`alter table categories rename to categories_gone`);
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/category' });
      expect(response.statusCode).toBe(500);
      const requestId = response.headers['x-request-id'];
      expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
      expect(response.json()).toEqual({
        success: false,
        message: MESSAGES.generic.server,
        code: 'INTERNAL',
        requestId,
      });
    } finally {
      await t.database.db.execute(sql`alter table categories_gone rename to categories`);
    }
  });

  it('has no request id on a refusal', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/user/data' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).not.toHaveProperty('requestId');
  });
});
