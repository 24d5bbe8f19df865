import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { AwsClient } from 'aws4fetch';

/** An S3-compatible bucket's settings (S3_* in .env.example, docs/decisions/018-object-storage.md). */
export interface ObjectStoreSettings {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** https://host/bucket/key (MinIO, Garage, most self-hosted stores) rather than https://bucket.host/key. */
  forcePathStyle: boolean;
  /** Where the bucket's `images/` are public (a CDN or a public bucket): image URLs point there. */
  publicUrl: string | undefined;
}

/** An object read back: its bytes as a stream, and how many there are. */
export interface StoredObject {
  stream: Readable;
  size: number;
}

/**
 * The four calls of S3's API this app makes (put, get, delete, list), signed with AWS Signature
 * Version 4 by aws4fetch on Node's own fetch: the whole AWS SDK is not needed for them.
 */
export class ObjectStore {
  readonly #client: AwsClient;
  readonly #base: string;

  constructor(readonly settings: ObjectStoreSettings) {
    // aws4fetch retries 5xx, 429 and network errors with a growing delay; three is enough for a
    // request someone is waiting on.
    this.#client = new AwsClient({
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
      region: settings.region,
      service: 's3',
      retries: 3,
    });
    const endpoint = new URL(settings.endpoint);
    const root = endpoint.pathname.replace(/\/+$/, '');
    this.#base = settings.forcePathStyle
      ? `${endpoint.origin}${root}/${settings.bucket}`
      : `${endpoint.protocol}//${settings.bucket}.${endpoint.host}${root}`;
  }

  #url(key: string) {
    return `${this.#base}/${key.split('/').map(encodeURIComponent).join('/')}`;
  }

  /** Stores an object; `headers` (content-type, cache-control) are kept and answered with it. */
  async put(key: string, body: Buffer, headers: Record<string, string>): Promise<void> {
    const response = await this.#client.fetch(this.#url(key), {
      method: 'PUT',
      body: new Uint8Array(body.buffer, body.byteOffset, body.byteLength),
      headers,
    });
    await failUnlessOk(response, `PUT ${key}`);
    await response.body?.cancel();
  }

  /** The object's bytes, or undefined when there is no such object. */
  async get(key: string): Promise<StoredObject | undefined> {
    const response = await this.#client.fetch(this.#url(key));
    if (response.status === 404) {
      await response.body?.cancel();
      return undefined;
    }
    await failUnlessOk(response, `GET ${key}`);
    if (!response.body) return { stream: Readable.from([]), size: 0 };
    return {
      stream: Readable.fromWeb(response.body as WebReadableStream<Uint8Array>),
      size: Number(response.headers.get('content-length') ?? 0),
    };
  }

  /** Removes an object; one that is not there is not an error (S3 answers 204 either way). */
  async delete(key: string): Promise<void> {
    const response = await this.#client.fetch(this.#url(key), { method: 'DELETE' });
    await response.body?.cancel();
    if (response.status !== 404) await failUnlessOk(response, `DELETE ${key}`);
  }

  /** Every key under a prefix (ListObjectsV2, page by page): tests count objects with it. */
  async list(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const query = new URLSearchParams({ 'list-type': '2', prefix });
      if (token) query.set('continuation-token', token);
      const response = await this.#client.fetch(`${this.#base}?${query}`);
      await failUnlessOk(response, `LIST ${prefix}`);
      const xml = await response.text();
      for (const match of xml.matchAll(/<Key>([^<]*)<\/Key>/g)) keys.push(unescapeXml(match[1] ?? ''));
      token = /<IsTruncated>true<\/IsTruncated>/.test(xml)
        ? unescapeXml(/<NextContinuationToken>([^<]*)<\/NextContinuationToken>/.exec(xml)?.[1] ?? '')
        : undefined;
    } while (token);
    return keys;
  }
}

async function failUnlessOk(response: Response, what: string) {
  if (response.ok) return;
  // S3's error body names the problem (AccessDenied, NoSuchBucket…); it carries no secret.
  const body = await response.text().catch(() => '');
  const code = /<Code>([^<]*)<\/Code>/.exec(body)?.[1] ?? '';
  throw new Error(`Object store: ${what} answered ${response.status} ${code}`.trim());
}

function unescapeXml(text: string) {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}
