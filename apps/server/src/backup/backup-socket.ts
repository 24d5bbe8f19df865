import { chmod, rm } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';

/**
 * PGlite runs inside the server's process and nothing else may open its data folder while it does,
 * so `npm run backup` asks the running server for the archive, through a Unix socket in DATA_DIR
 * (only the server's own user may connect to it; it does nothing but take a backup).
 */
export function backupSocketPath(dataDir: string): string {
  return path.join(dataDir, 'backup.sock');
}

/** Listens on DATA_DIR/backup.sock: POST /backup answers with the new archive's path. */
export async function serveBackups(
  dataDir: string,
  takeBackup: () => Promise<string>,
): Promise<{ close(): Promise<void> }> {
  const socket = backupSocketPath(dataDir);
  const server = http.createServer((request, response) => {
    if (request.method !== 'POST' || request.url !== '/backup') {
      response.writeHead(404).end();
      return;
    }
    takeBackup().then(
      (file) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ file })),
      (error: unknown) =>
        response
          .writeHead(500, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: error instanceof Error ? error.message : String(error) })),
    );
  });
  // Left by a server that did not stop cleanly: no one listens on it any more.
  if (!(await backupServerAnswers(dataDir))) await rm(socket, { force: true });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socket, () => resolve());
  });
  // Only the server's own user may ask for a backup.
  await chmod(socket, 0o600);
  return {
    async close() {
      await new Promise((resolve) => server.close(resolve));
      await rm(socket, { force: true });
    },
  };
}

function post(dataDir: string, url: string, timeoutMs: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { socketPath: backupSocketPath(dataDir), method: 'POST', path: url },
      (response) => {
        let body = '';
        response.on('data', (chunk) => {
          body += String(chunk);
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    request.setTimeout(timeoutMs, () => request.destroy(new Error('the server did not answer in time')));
    request.on('error', reject);
    request.end();
  });
}

/** Whether a server listens on DATA_DIR/backup.sock (a PGlite server running on this DATA_DIR). */
export async function backupServerAnswers(dataDir: string): Promise<boolean> {
  try {
    await post(dataDir, '/ping', 5_000);
    return true;
  } catch {
    return false;
  }
}

/**
 * Asks the server running on DATA_DIR for a backup: the archive's path, or undefined when no server
 * listens there.
 */
export async function requestBackup(dataDir: string): Promise<string | undefined> {
  if (!(await backupServerAnswers(dataDir))) return undefined;
  const answer = await post(dataDir, '/backup', 6 * 60 * 60 * 1000);
  const body = JSON.parse(answer.body || '{}') as { file?: string; error?: string };
  if (answer.status !== 200 || !body.file)
    throw new Error(
      `the running server could not take the backup: ${body.error ?? `status ${answer.status}`}`,
    );
  return body.file;
}
