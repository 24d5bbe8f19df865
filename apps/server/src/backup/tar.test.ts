import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractTar, TarWriter } from './tar';

const exec = promisify(execFile);
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'sherehe-tar-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

// A name over 100 bytes: ustar keeps its folders in the prefix field.
const LONG = `files/${'deep/'.repeat(25)}file.bin`;

describe('backup archives (tar.ts)', () => {
  it('writes what tar reads and reads back what it wrote: empty, odd-sized, large and long-named entries', async () => {
    const source = path.join(dir, 'big.bin');
    const big = Buffer.alloc(300_123, 7);
    await writeFile(source, big);
    const archive = path.join(dir, 'a.tar.gz');
    const tar = new TarWriter(archive);
    await tar.add('manifest.json', Buffer.from('{"a":1}\n'));
    await tar.add('files/empty', Buffer.alloc(0));
    await tar.add(LONG, Buffer.from('x'.repeat(513)));
    await tar.addFile('database.pgdump', source);
    await tar.finish();

    const listed = (await exec('tar', ['-tzf', archive])).stdout.trim().split('\n');
    expect(listed).toEqual(['manifest.json', 'files/empty', LONG, 'database.pgdump']);

    const out = await mkdtemp(path.join(dir, 'out-'));
    expect(await extractTar(archive, out)).toEqual(listed);
    expect(await readFile(path.join(out, 'manifest.json'), 'utf8')).toBe('{"a":1}\n');
    expect((await readFile(path.join(out, 'files/empty'))).length).toBe(0);
    expect(await readFile(path.join(out, LONG), 'utf8')).toBe('x'.repeat(513));
    expect((await readFile(path.join(out, 'database.pgdump'))).equals(big)).toBe(true);
  });

  it('refuses a name that would land outside the folder it extracts into', async () => {
    const archive = path.join(dir, 'evil.tar.gz');
    const tar = new TarWriter(archive);
    await tar.add('../escaped', Buffer.from('no'));
    await tar.finish();
    const out = await mkdtemp(path.join(dir, 'out-'));
    await expect(extractTar(archive, out)).rejects.toThrow(/unsafe name in the archive: \.\.\/escaped/);
    await expect(readFile(path.join(dir, 'escaped'))).rejects.toThrow();
  });

  it('says so when an archive is cut short', async () => {
    const archive = path.join(dir, 'whole.tar.gz');
    const tar = new TarWriter(archive);
    await tar.add('files/a', Buffer.alloc(100_000, 1));
    await tar.finish();
    const { gunzipSync, gzipSync } = await import('node:zlib');
    const raw = gunzipSync(await readFile(archive));
    const cut = path.join(dir, 'cut.tar.gz');
    await writeFile(cut, gzipSync(raw.subarray(0, 50_000)));
    await expect(extractTar(cut, await mkdtemp(path.join(dir, 'out-')))).rejects.toThrow(/cut short/);
  });
});
