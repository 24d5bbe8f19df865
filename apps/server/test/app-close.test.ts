import http from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestContext } from './build-app';

let t: TestContext | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('closing the app', () => {
  it('ends the connection of a request still in flight, so close does not wait out the keep-alive timeout', async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const agent = new http.Agent({ keepAlive: true });
    const app = t.app;

    // The request's headers arrive, its body not yet: the request is in flight when close begins.
    const arrived = new Promise((resolve) => app.server.once('request', resolve));
    const body = JSON.stringify({ email: 'nobody@example.test', password: 'not-the-password' });
    const answer = new Promise<http.IncomingMessage>((resolve, reject) => {
      const request = http.request(
        {
          port,
          host: '127.0.0.1',
          path: '/api/auth/login',
          method: 'POST',
          agent,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        resolve,
      );
      request.on('error', reject);
      request.write(body.slice(0, 10));
      arrived
        .then(() => vi.waitFor(() => expect(app.draining).toBe(true)))
        .then(() => request.end(body.slice(10)));
    });
    await arrived;
    const closing = app.close();

    const response = await answer;
    response.resume();
    expect(response.statusCode).toBe(401);
    expect(response.headers.connection).toBe('close');
    // Without the reaping this waits for the keep-alive timeout (72 s), past the test's timeout.
    await closing;
    agent.destroy();
  });
});
