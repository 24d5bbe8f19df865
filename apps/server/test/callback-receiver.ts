import { createServer, type IncomingHttpHeaders } from 'node:http';

export interface ReceivedCall {
  path: string;
  headers: IncomingHttpHeaders;
  /** The exact bytes received, as text (signatures cover them). */
  rawBody: string;
  /** The body read as JSON, or undefined. */
  body: unknown;
}

export interface CallbackReceiver {
  /** `http://127.0.0.1:PORT`. */
  url: string;
  received: ReceivedCall[];
  /** The first call (already received or still to come) that `match` accepts. */
  waitFor(match: (call: ReceivedCall) => boolean, timeoutMs?: number): Promise<ReceivedCall>;
  close(): Promise<void>;
}

/**
 * A stand-in for the app's payment callback and webhook routes, on a random port: it answers 200 to
 * every POST and keeps what came, so tests see what the payment simulator sends, byte for byte.
 */
export async function startCallbackReceiver(): Promise<CallbackReceiver> {
  const received: ReceivedCall[] = [];
  const waiting = new Set<{
    match: (call: ReceivedCall) => boolean;
    resolve: (call: ReceivedCall) => void;
  }>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = JSON.parse(rawBody);
      } catch {}
      const call = { path: request.url ?? '/', headers: request.headers, rawBody, body };
      received.push(call);
      for (const waiter of waiting)
        if (waiter.match(call)) {
          waiting.delete(waiter);
          waiter.resolve(call);
        }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    waitFor(match, timeoutMs = 10_000) {
      const already = received.find(match);
      if (already) return Promise.resolve(already);
      return new Promise((resolve, reject) => {
        const waiter = {
          match,
          resolve: (call: ReceivedCall) => {
            clearTimeout(timer);
            resolve(call);
          },
        };
        const timer = setTimeout(() => {
          waiting.delete(waiter);
          reject(new Error(`no matching call within ${timeoutMs} ms`));
        }, timeoutMs);
        waiting.add(waiter);
      });
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
