import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Debian's PostgreSQL server binaries, when installed. */
export function postgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const bin = path.join(root, version, 'bin');
    if (existsSync(path.join(bin, 'initdb'))) return bin;
  }
  return undefined;
}

/** A PostgreSQL server of a test's own, which the test may stop and start again. */
export function createPgCluster(port: number) {
  const bin = postgresBin();
  if (!bin) throw new Error('PostgreSQL is not installed');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sherehe-pgc-'));
  const isRoot = process.getuid?.() === 0;
  if (isRoot) {
    chmodSync(dir, 0o777);
    execFileSync('chown', ['-R', 'postgres:postgres', dir]);
  }
  const run = (command: string) =>
    isRoot
      ? execFileSync('su', ['postgres', '-s', '/bin/bash', '-c', command], { stdio: 'pipe' })
      : execFileSync('bash', ['-c', command], { stdio: 'pipe' });
  run(`'${bin}/initdb' -D '${dir}/data' -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null`);
  const start = () =>
    run(
      `'${bin}/pg_ctl' -D '${dir}/data' -l '${dir}/log' -w -o "-p ${port} -k '${dir}' -c listen_addresses=127.0.0.1 -c fsync=off" start >/dev/null`,
    );
  const stop = () => run(`'${bin}/pg_ctl' -D '${dir}/data' -m fast -w stop >/dev/null`);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    destroy() {
      try {
        run(`'${bin}/pg_ctl' -D '${dir}/data' -m immediate stop >/dev/null 2>&1`);
      } catch {}
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
