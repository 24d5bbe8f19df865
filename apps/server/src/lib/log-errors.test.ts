import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { withoutQueryValues } from './log-errors';

describe('withoutQueryValues', () => {
  it("keeps a failed query's SQL and cause, never its values", () => {
    const cause = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), {
      code: '22021',
    });
    const failed = new DrizzleQueryError(
      'insert into "chat_messages" ("content", "client_id") values ($1, $2)',
      ['Tukutane kwa siri saa nne', 'c-\u0000'],
      cause,
    );
    const logged = withoutQueryValues(failed) as Error & { query: string; cause: unknown };
    expect(logged).toBeInstanceOf(DrizzleQueryError);
    expect(logged.message).toBe(
      'Failed query: insert into "chat_messages" ("content", "client_id") values ($1, $2)\nparams: [not logged]',
    );
    expect(logged.stack).toContain('params: [not logged]');
    expect(logged.stack).toMatch(/\n\s+at /);
    expect(logged.query).toBe(failed.query);
    expect(logged.cause).toBe(cause);
    const everything = JSON.stringify({ ...logged, message: logged.message, stack: logged.stack });
    expect(everything).not.toContain('Tukutane');
    expect(failed.message).toContain('Tukutane'); // the error itself is left as it was
  });

  it('leaves other errors and values as they are', () => {
    const plain = new Error('boom');
    expect(withoutQueryValues(plain)).toBe(plain);
    expect(withoutQueryValues('text')).toBe('text');
  });
});
