import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { formatLogLine, prettyLogStream, usePrettyLogs } from './log-format';

const at = new Date(2026, 11, 14, 14, 3, 7, 123).getTime();

describe('readable log lines', () => {
  it('puts time, level, message and the request on one line', () => {
    const line = JSON.stringify({
      level: 30,
      time: at,
      pid: 42,
      hostname: 'box',
      reqId: 'b5e1c1d2-0000-4000-8000-000000000000',
      res: { statusCode: 200 },
      req: { method: 'GET', url: '/api/health' },
      responseTime: 3.24,
      msg: 'request completed',
    });
    expect(formatLogLine(line)).toBe(
      '14:03:07.123 INFO  request completed  GET /api/health 200 3.2 ms reqId=b5e1c1d2-0000-4000-8000-000000000000\n',
    );
  });

  it('shows other fields as key=value and an error with its stack below', () => {
    const line = JSON.stringify({
      level: 50,
      time: at,
      event: 'sendMessage',
      err: { type: 'Error', message: 'boom', stack: 'Error: boom\n    at handler (chat.ts:1:1)' },
      msg: 'socket handler failed',
    });
    expect(formatLogLine(line)).toBe(
      '14:03:07.123 ERROR socket handler failed  error: boom event=sendMessage\n    Error: boom\n    at handler (chat.ts:1:1)\n',
    );
  });

  it('colours the level only for a terminal, and keeps a line that is not JSON', () => {
    const line = JSON.stringify({ level: 40, time: at, msg: 'careful' });
    expect(formatLogLine(line, { color: true })).toContain('\x1b[33mWARN \x1b[0m careful');
    expect(formatLogLine('plain words')).toBe('plain words\n');
  });

  it('is pretty at a terminal outside production, or when asked; JSON otherwise', () => {
    const terminal = { isProduction: false, isTerminal: true };
    expect(usePrettyLogs('auto', terminal)).toBe(true);
    expect(usePrettyLogs('auto', { ...terminal, isTerminal: false })).toBe(false);
    expect(usePrettyLogs('auto', { ...terminal, isProduction: true })).toBe(false);
    expect(usePrettyLogs('json', terminal)).toBe(false);
    expect(usePrettyLogs('pretty', { isProduction: true, isTerminal: false })).toBe(true);
  });

  it("takes Fastify's own request log", async () => {
    let written = '';
    const out = new Writable({
      write(chunk, _encoding, done) {
        written += String(chunk);
        done();
      },
    });
    const app = Fastify({ logger: { level: 'info', stream: prettyLogStream(out) } });
    app.get('/ping', async () => ({ ok: true }));
    await app.inject({ method: 'GET', url: '/ping' });
    await app.close();
    expect(written).toMatch(/^\d\d:\d\d:\d\d\.\d{3} INFO {2}incoming request {2}GET \/ping reqId=\S+$/m);
    expect(written).toMatch(/^\d\d:\d\d:\d\d\.\d{3} INFO {2}request completed {2}200 \d+\.\d ms reqId=\S+$/m);
    expect(written).not.toContain('{');
  });
});
