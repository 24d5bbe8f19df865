// Two server processes behind nginx on one PostgreSQL, with a local S3 (s3rver) as their object
// store: the deployment README.md describes ("Deploying N processes behind a load balancer"),
// started for `npm run load` (scripts/load.mjs, LOAD_MODE=cluster).
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** nginx's path, or undefined with how to install it printed. */
export function findNginx() {
  const found = spawnSync('sh', ['-c', 'command -v nginx || ls /usr/sbin/nginx'], { encoding: 'utf8' });
  const binary = found.stdout.trim().split('\n')[0];
  if (found.status === 0 && binary) return binary;
  console.error(
    "The two-process run needs nginx (Debian's package): sudo apt-get install -y nginx\n(or LOAD_MODE=single for the one-process run only)",
  );
  return undefined;
}

/**
 * The nginx configuration of the deployment: both processes in one upstream, WebSocket upgrade
 * headers for /socket.io/, uploads up to 12 MB (chat files are at most 10 MB), the client's address
 * and scheme passed on (the servers run with TRUST_PROXY). README.md shows the same file. A
 * benchmark holding more connections than one worker may (a proxied socket is two file descriptors)
 * asks for more `workers`, the listening socket shared among them by the kernel (`reuseport`).
 */
export function nginxConfig({ prefix, listen, upstreams, workers = 1, workerConnections = 4096 }) {
  const proxyHeaders = `
      proxy_http_version 1.1;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;`;
  return `worker_processes ${workers};
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections ${workerConnections}; }
http {
  access_log off;
  client_body_temp_path ${prefix}/client_body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;

  upstream sherehe {
${upstreams.map((address) => `    server ${address} max_fails=3 fail_timeout=10s;`).join('\n')}
    keepalive 64;
  }
  map $http_upgrade $connection_upgrade {
    default upgrade;
    '' '';
  }
  server {
    listen ${listen}${workers > 1 ? ' reuseport' : ''};
    client_max_body_size 12m;
    location /socket.io/ {
      proxy_pass http://sherehe;${proxyHeaders}
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_read_timeout 1h;
    }
    location / {
      proxy_pass http://sherehe;${proxyHeaders}
      proxy_set_header Connection "";
    }
  }
}
`;
}

/** A local S3 in a temporary folder with one bucket, and the S3_* settings that reach it. */
export async function startLocalS3() {
  const { default: S3rver } = await import('s3rver');
  const directory = mkdtempSync(path.join(os.tmpdir(), 'sherehe-load-s3-'));
  const bucket = 'sherehe-load';
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  return {
    env: {
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** Starts nginx in the foreground on a generated configuration; stop() ends it and removes it. */
export function startNginx({ binary, listen, upstreams, workers, workerConnections }) {
  const prefix = mkdtempSync(path.join(os.tmpdir(), 'sherehe-nginx-'));
  // nginx's workers run as nobody and write request bodies under the prefix.
  chmodSync(prefix, 0o755);
  mkdirSync(path.join(prefix, 'logs'));
  const conf = path.join(prefix, 'nginx.conf');
  writeFileSync(conf, nginxConfig({ prefix, listen, upstreams, workers, workerConnections }));
  const child = spawn(
    binary,
    ['-p', prefix, '-e', path.join(prefix, 'error.log'), '-c', conf, '-g', 'daemon off;'],
    {
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  return {
    conf,
    child,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGQUIT');
        await new Promise((resolve) => child.once('exit', resolve));
      }
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}

const sameBytes = (a, b) => a.length === b.length && Buffer.compare(a, b) === 0;

/**
 * What only a shared store and a shared database make true: an upload made through process A is
 * fetched through process B (a package image at its public URL, a chat file through the API), and a
 * message sent on a socket of A reaches a socket of B. Each check is recorded as one call.
 */
export async function crossProcessChecks({ a, b, record, io, dayFromToday }) {
  const ip = '10.250.0.1';
  async function json(url, pathname, { method = 'GET', token, body } = {}) {
    const response = await fetch(`${url}${pathname}`, {
      method,
      headers: {
        'x-forwarded-for': ip,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: response.status, json: await response.json() };
  }
  async function check(name, work) {
    const started = performance.now();
    try {
      const detail = await work();
      record(name, performance.now() - started, detail === true, String(detail));
    } catch (error) {
      record(name, performance.now() - started, false, String(error));
    }
  }
  const login = async (url, email) =>
    (await json(url, '/api/auth/login', { method: 'POST', body: { email, password: 'sherehe-demo' } })).json
      .token;

  const browse = (await json(a, '/api/packages?page=1&limit=6')).json.data;
  const clientToken = await login(a, 'bench-client-2000@sherehe.bench');

  const { pngImage } = await makeImages();
  await check('cross-process: image uploaded through A, fetched through B', async () => {
    const form = new FormData();
    form.append('image', new Blob([await pngImage(800, 600)], { type: 'image/png' }), 'photo.png');
    const uploaded = await fetch(`${a}/api/user/profile-picture`, {
      method: 'POST',
      headers: { authorization: `Bearer ${clientToken}`, 'x-forwarded-for': ip },
      body: form,
    });
    if (uploaded.status !== 200) return `upload ${uploaded.status} ${await uploaded.text()}`;
    const { user } = await uploaded.json();
    const imagePath = new URL(user.profilePicture).pathname;
    const [fromA, fromB] = await Promise.all([fetch(`${a}${imagePath}`), fetch(`${b}${imagePath}`)]);
    if (fromB.status !== 200) return `through B: ${fromB.status}`;
    if (fromB.headers.get('cache-control') !== 'public, max-age=31536000, immutable')
      return `cache-control ${fromB.headers.get('cache-control')}`;
    const [bytesA, bytesB] = [Buffer.from(await fromA.arrayBuffer()), Buffer.from(await fromB.arrayBuffer())];
    return sameBytes(bytesA, bytesB) && bytesB.length > 0 ? true : 'different bytes';
  });

  let bookingId;
  let planner;
  let plannerToken;
  await check('cross-process: booking made through A, accepted through B', async () => {
    for (const candidate of browse) {
      const booked = await json(a, '/api/bookings/create', {
        method: 'POST',
        token: clientToken,
        body: {
          package: candidate._id,
          planner: candidate.planner._id,
          date: dayFromToday(75),
          message: 'Cross-process check',
        },
      });
      if (booked.status !== 201) continue;
      bookingId = booked.json.booking._id;
      planner = candidate.planner;
      break;
    }
    if (!bookingId) return 'no booking could be made';
    plannerToken = await login(b, planner.email);
    const accepted = await json(b, `/api/bookings/${bookingId}`, {
      method: 'PATCH',
      token: plannerToken,
      body: { status: 'accepted' },
    });
    return accepted.status === 200 ? true : `accept ${accepted.status} ${accepted.json.message}`;
  });
  if (!bookingId) return;

  await check('cross-process: chat file uploaded through A, fetched through B', async () => {
    const pdf = Buffer.from(
      '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
    );
    const form = new FormData();
    form.append('file', new Blob([pdf], { type: 'application/pdf' }), 'quote.pdf');
    const uploaded = await fetch(`${a}/api/bookings/${bookingId}/attachments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${clientToken}`, 'x-forwarded-for': ip },
      body: form,
    });
    if (uploaded.status !== 201) return `upload ${uploaded.status} ${await uploaded.text()}`;
    const { attachment } = await uploaded.json();
    const fromB = await fetch(`${b}/api/attachments/${attachment._id}`, {
      headers: { authorization: `Bearer ${clientToken}` },
    });
    if (fromB.status !== 200) return `through B: ${fromB.status}`;
    const stranger = await fetch(`${b}/api/attachments/${attachment._id}`, {
      headers: { authorization: `Bearer ${plannerToken}` },
    });
    // Not sent yet: only its uploader sees it, whichever process is asked.
    if (stranger.status !== 404) return `unsent file shown to the other party: ${stranger.status}`;
    return sameBytes(Buffer.from(await fromB.arrayBuffer()), pdf) ? true : 'different bytes';
  });

  await check('cross-process: message sent on a socket of A reaches a socket of B', async () => {
    const options = { path: '/socket.io', transports: ['websocket'], reconnection: false };
    const onA = io(a, { ...options, auth: { token: clientToken } });
    const onB = io(b, { ...options, auth: { token: plannerToken } });
    try {
      await Promise.all(
        [onA, onB].map((socket) => new Promise((resolve) => socket.once('connect', resolve))),
      );
      await onA.timeout(5000).emitWithAck('joinRoom', { bookingId });
      await onB.timeout(5000).emitWithAck('joinRoom', { bookingId });
      const content = `Across processes ${Date.now()}`;
      const heard = new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no newMessage on B within 5 s')), 5000);
        onB.on('newMessage', (message) => {
          if (message.content === content) {
            clearTimeout(timer);
            resolve(message);
          }
        });
      });
      const ack = await onA
        .timeout(5000)
        .emitWithAck('sendMessage', { bookingId, receiver: planner._id, content });
      if (ack?.success !== true) return `send ${JSON.stringify(ack)}`;
      await heard;
      return true;
    } finally {
      onA.disconnect();
      onB.disconnect();
    }
  });
}

/** sharp from the server's dependencies, to make a real photo to upload. */
async function makeImages() {
  const { default: sharp } = await import('sharp');
  return {
    async pngImage(width, height) {
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#db2777"/><circle cx="50%" cy="50%" r="30%" fill="#f59e0b"/></svg>`;
      return new Uint8Array(await sharp(Buffer.from(svg)).png().toBuffer());
    },
  };
}
