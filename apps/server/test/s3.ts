import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/**
 * A local S3 (s3rver) in a temporary folder, with one bucket, for the object-storage tests. It
 * keeps objects as S3 does but checks no Signature V4 (s3rver only checks V2 signatures).
 */
export async function startLocalS3(bucket = 'sherehe-test') {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'sherehe-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const env = {
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_BUCKET: bucket,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_REGION: 'us-east-1',
    S3_FORCE_PATH_STYLE: 'true',
  };
  return {
    env,
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
