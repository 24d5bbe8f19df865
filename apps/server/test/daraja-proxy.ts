import { createServer, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A Daraja callback as it went through the proxy to the app. */
export interface ForwardedCallback {
  path: string;
  /** The exact bytes Daraja posted, as text: a replay sends them again. */
  body: string;
  /** The app's answer's status; undefined when the app never answered (it died meanwhile). */
  status: number | undefined;
}

/**
 * A proxy in both directions between a server under test and a stand-in for Daraja (a second server
 * in simulator mode): the server's DARAJA_BASE_URL is `darajaUrl`, its PUBLIC_URL is `url`, so the STK
 * push, the OAuth token, the STK query and the callback all cross it. A test holds the callbacks
 * while the server is down and lets them through once it is back, and cuts a call to Daraja short:
 * Daraja acts on it and answers, the proxy runs `meanwhile` (kill the server) and never passes the
 * answer on.
 */
export interface DarajaProxy {
  url: string;
  /** What the server under test takes for Daraja. */
  darajaUrl: string;
  /** Callbacks wait in the proxy from now on (the server is about to go down). */
  holdCallbacks(): void;
  /** The callbacks waiting, and those to come, go on to the server (it is up again). */
  releaseCallbacks(): void;
  /**
   * The next call to Daraja whose path ends with `pathEnd` reaches Daraja; with its answer in hand
   * the proxy awaits `meanwhile`, then drops the connection instead of answering. Resolves with
   * Daraja's answer once that is done.
   */
  interceptNext(pathEnd: string, meanwhile: (answer: string) => Promise<void>): Promise<string>;
  /** Every callback forwarded so far. */
  callbacks: ForwardedCallback[];
  /** The next callback the server has answered, or failed to. */
  nextCallback(): Promise<ForwardedCallback>;
  close(): Promise<void>;
}

const DARAJA_PREFIX = '/__sim/daraja/';

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The request again, to another origin; the answer read whole. */
async function forward(
  origin: string,
  method: string,
  path: string,
  headers: IncomingHttpHeaders,
  body: Buffer,
) {
  const passed: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (['host', 'connection', 'content-length', 'transfer-encoding'].includes(name)) continue;
    if (typeof value === 'string') passed[name] = value;
  }
  const response = await fetch(`${origin}${path}`, {
    method,
    headers: passed,
    ...(body.length > 0 ? { body } : {}),
    redirect: 'manual',
  });
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    body: await response.text(),
  };
}

export async function startDarajaProxy(options: {
  /** The stand-in's origin, `http://127.0.0.1:PORT`. */
  daraja: string;
  /** Where the server under test listens (the same port after each restart). */
  appPort: number;
}): Promise<DarajaProxy> {
  const app = `http://127.0.0.1:${options.appPort}`;
  const intercepts: Array<{
    pathEnd: string;
    meanwhile: (answer: string) => Promise<void>;
    done: (answer: string) => void;
  }> = [];
  const callbacks: ForwardedCallback[] = [];
  const callbackWaiters: Array<(callback: ForwardedCallback) => void> = [];
  let release: (() => void) | undefined;
  let held: Promise<void> = Promise.resolve();

  const server = createServer(async (request, response) => {
    response.on('error', () => {});
    const path = request.url ?? '/';
    const method = request.method ?? 'GET';
    const body = await readBody(request);
    if (path.startsWith(DARAJA_PREFIX)) {
      const at = intercepts.findIndex((i) => path.endsWith(i.pathEnd));
      const intercept = at === -1 ? undefined : intercepts.splice(at, 1)[0];
      const answer = await forward(options.daraja, method, path, request.headers, body).catch(
        () => undefined,
      );
      if (!answer) {
        response.writeHead(502);
        response.end();
        return;
      }
      if (intercept) {
        try {
          await intercept.meanwhile(answer.body);
        } finally {
          request.socket.destroy();
          intercept.done(answer.body);
        }
        return;
      }
      response.writeHead(answer.status, answer.contentType ? { 'content-type': answer.contentType } : {});
      response.end(answer.body);
      return;
    }
    // The provider's call to the app: it waits while the app is down, and goes on even if the
    // provider stopped waiting meanwhile (the app's answer then has nobody to go to).
    await held;
    const callback: ForwardedCallback = { path, body: body.toString('utf8'), status: undefined };
    try {
      const answer = await forward(app, method, path, request.headers, body);
      callback.status = answer.status;
      response.writeHead(answer.status, answer.contentType ? { 'content-type': answer.contentType } : {});
      response.end(answer.body);
    } catch {
      response.writeHead(502);
      response.end();
    }
    callbacks.push(callback);
    for (const wake of callbackWaiters.splice(0)) wake(callback);
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    darajaUrl: `${url}/__sim/daraja`,
    holdCallbacks() {
      if (release) return;
      held = new Promise((resolve) => {
        release = resolve;
      });
    },
    releaseCallbacks() {
      release?.();
      release = undefined;
    },
    interceptNext(pathEnd, meanwhile) {
      return new Promise((done) => intercepts.push({ pathEnd, meanwhile, done }));
    },
    callbacks,
    nextCallback: () => new Promise((resolve) => callbackWaiters.push(resolve)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
