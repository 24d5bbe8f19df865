import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { batchNotifications } from './notify-batch';

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('notifications of the socket.io adapter, batched', () => {
  it('sends a turn’s notifications in one statement, in order, identical ones apart', async () => {
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    const listener = new pg.Client({ connectionString: url });
    await listener.connect();
    try {
      const heard: string[] = [];
      listener.on('notification', (message) => heard.push(message.payload ?? ''));
      await listener.query('LISTEN "batch-test"');
      const batched = batchNotifications(pool);
      const statements: unknown[] = [];
      const query = pool.query.bind(pool);
      pool.query = ((...args: Parameters<typeof query>) => {
        statements.push(args[0]);
        return query(...args);
      }) as typeof pool.query;
      const payloads = ['a', 'b', 'c', 'c', 'd'];
      await Promise.all(
        payloads.map((payload) => batched.query('SELECT pg_notify($1, $2)', ['batch-test', payload])),
      );
      // Anything else passes through.
      expect((await batched.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(heard).toEqual(payloads);
      // 'a', 'b', 'c' together; the second 'c' and 'd' in the next statement; then the select.
      expect(statements).toHaveLength(3);
    } finally {
      await listener.end();
      await pool.end();
    }
  });
});
