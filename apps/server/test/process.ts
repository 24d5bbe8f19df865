import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, it } from 'vitest';
import { serverRoot } from '../src/paths';
import { createTestDatabase } from './db';

/**
 * The harness of the process tests (test/*-process, crash, chat-cluster…): a server started as
 * `npm start` starts it, stopped by a signal, spoken to over HTTP, on a data folder of the file's own.
 */

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  output: () => string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  /** Sends `signal` (SIGTERM unless told) and resolves with the exit code once the process has ended. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Starts `src/main.ts` in its own process (as `npm start` would run the bundle) on a free port. */
export async function spawnServer(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(serverRoot, 'src/main.ts')], {
    cwd: serverRoot,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 60 s:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before listening:\n${output}`));
    });
  });
  const stop = (signal: NodeJS.Signals = 'SIGTERM') => {
    child.kill(signal);
    return exited;
  };
  return { child, url, output: () => output, exited, stop };
}

// biome-ignore lint/suspicious/noExplicitAny: response bodies are read loosely in these process tests
export type Body = Record<string, any>;

/** A call to a server process: JSON (or a form) in, the status and the JSON body out. */
export async function api(
  url: string,
  pathname: string,
  init: { method?: string; token?: string; body?: unknown } = {},
): Promise<{ status: number; body: Body }> {
  const isForm = init.body instanceof FormData;
  const response = await fetch(`${url}${pathname}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.body && !isForm ? { 'content-type': 'application/json' } : {}),
    },
    body: isForm ? (init.body as FormData) : init.body ? JSON.stringify(init.body) : undefined,
  });
  return { status: response.status, body: (await response.json()) as Body };
}

/** Signs a new account up on a server process (password `long-enough`): the register call's answer. */
export function register(url: string, role: string, username: string, email: string) {
  return api(url, '/api/auth/register', {
    method: 'POST',
    body: { username, email, password: 'long-enough', role },
  });
}

/** Waits until `done()` holds, looking every `everyMs`, for `ms` at the most (then the caller's assertion speaks). */
export async function until(done: () => boolean, ms: number, everyMs: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!done() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, everyMs));
}

/** A data folder for the servers of one test file (or describe block), removed after it. */
export function useDataDir(prefix: string): () => string {
  let dataDir: string | undefined;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), prefix));
  });
  afterAll(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });
  return () => {
    if (!dataDir) throw new Error('the data folder is made before the tests run');
    return dataDir;
  };
}

/**
 * The same process test on each database the server runs on: on PGlite (`engine` names a data
 * folder of its own), and with TEST_DATABASE_URL on a fresh PostgreSQL database as well.
 */
export function itOnEachDatabase(
  name: string,
  dataDir: () => string,
  test: (engine: Record<string, string>) => Promise<void>,
  timeout: number,
): void {
  it(`${name} on PGlite`, () => test({ DATA_DIR: path.join(dataDir(), 'pglite') }), timeout);
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    `${name} on PostgreSQL`,
    async () => {
      const database = await createTestDatabase();
      try {
        await test({ DATA_DIR: path.join(dataDir(), 'pg'), DATABASE_URL: database.url! });
      } finally {
        await database.close();
      }
    },
    timeout,
  );
}
