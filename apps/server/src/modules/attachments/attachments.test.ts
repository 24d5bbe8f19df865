import { deflateSync } from 'node:zlib';
import { MESSAGES } from '@sherehe/shared/messages';
import { ClientEvents, ServerEvents } from '@sherehe/shared/socket-events';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Socket } from 'socket.io-client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { injectAs, listenLocally, useTestApp } from '../../../test/build-app';
import { createBookingRow, createPackage, createUser, type TestUser } from '../../../test/factories';
import { pngImage, SVG_WITH_SCRIPT } from '../../../test/images';
import { connected, connectSocket, emitAck, nextEvent } from '../../../test/sockets';
import { attachments, jobs, sessions } from '../../db/schema';

let url: string;
let client: TestUser;
let planner: TestUser;
let otherPlanner: TestUser;
let stranger: TestUser;
let admin: TestUser;
let bookingId: string;
const sockets: Socket[] = [];

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

const t = useTestApp();
beforeAll(async () => {
  url = await listenLocally(t);
  const db = t.database.db;
  client = await createUser(db, { role: 'client', username: 'Grace' });
  planner = await createUser(db, { role: 'planner', username: 'Wanjiru' });
  otherPlanner = await createUser(db, { role: 'planner' });
  stranger = await createUser(db, { role: 'client' });
  admin = await createUser(db, { role: 'admin' });
  const pkg = await createPackage(db, { plannerId: planner.id });
  bookingId = (await createBookingRow(db, { clientId: client.id, packageId: pkg.id, plannerId: planner.id }))
    .id;
  // The other planner has a booking with the same client: still not this one's party.
  const theirs = await createPackage(db, { plannerId: otherPlanner.id });
  await createBookingRow(db, { clientId: client.id, packageId: theirs.id, plannerId: otherPlanner.id });
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});

function fileForm(bytes: Buffer, name: string, type: string) {
  const data = new FormData();
  data.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return data;
}

async function upload(
  user: TestUser,
  bytes: Buffer,
  name: string,
  type = 'application/octet-stream',
  booking = bookingId,
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/bookings/${booking}/attachments`,
    headers: user.headers,
    body: fileForm(bytes, name, type),
  });
}

/** A phone photo: 300×200 pixels stored sideways (EXIF orientation 6), with where it was taken. */
async function phonePhoto() {
  return sharp(await pngImage(300, 200))
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD3: {
        GPSLatitudeRef: 'S',
        GPSLatitude: '1/1 17/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '36/1 49/1 0/1',
      },
    })
    .toBuffer();
}

describe('uploading', () => {
  it('turns a phone photo upright, drops its location and metadata, and makes a thumbnail', async () => {
    const photo = await phonePhoto();
    const before = await sharp(photo).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif).toBeDefined();

    const response = await upload(client, photo, 'IMG_0001.JPG', 'image/jpeg');
    expect(response.statusCode).toBe(201);
    const { attachment } = response.json();
    expect(attachment).toMatchObject({ name: 'IMG_0001.webp', type: 'image/webp' });
    expect(attachment.url).toBe(`http://localhost:3000/api/attachments/${attachment._id}`);
    expect(attachment.thumbnailUrl).toBe(`${attachment.url}/thumbnail`);

    const file = await injectAs(t, client, 'GET', `/api/attachments/${attachment._id}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    const stored = await sharp(file.rawPayload).metadata();
    expect(stored.format).toBe('webp');
    expect([stored.width, stored.height]).toEqual([200, 300]);
    expect(stored.exif).toBeUndefined();
    expect(stored.orientation).toBeUndefined();
    expect(file.rawPayload.includes(Buffer.from('GPS'))).toBe(false);
    expect(attachment.size).toBe(file.rawPayload.length);

    const thumb = await injectAs(t, client, 'GET', `/api/attachments/${attachment._id}/thumbnail`);
    expect(thumb.statusCode).toBe(200);
    expect((await sharp(thumb.rawPayload).metadata()).format).toBe('webp');
    // Never kept by the browser: after logout, a shared computer's cache must not show it.
    expect(thumb.headers['cache-control']).toBe('private, no-store');
  });

  it('keeps at most 2,048 px of a large photo', async () => {
    const response = await upload(
      planner,
      await sharp(await pngImage(3000, 1000))
        .webp()
        .toBuffer(),
      'wide.webp',
    );
    expect(response.statusCode).toBe(201);
    const file = await injectAs(
      t,
      planner,
      'GET',
      response.json().attachment.url.replace('http://localhost:3000', ''),
    );
    expect((await sharp(file.rawPayload).metadata()).width).toBe(2048);
  });

  it('keeps a PDF as it is and serves it as a download, with no thumbnail', async () => {
    const response = await upload(planner, PDF, 'contract.pdf', 'application/pdf');
    expect(response.statusCode).toBe(201);
    const { attachment } = response.json();
    expect(attachment).toMatchObject({
      name: 'contract.pdf',
      type: 'application/pdf',
      size: PDF.length,
      thumbnailUrl: null,
    });
    const file = await injectAs(t, planner, 'GET', `/api/attachments/${attachment._id}`);
    expect(file.rawPayload.equals(PDF)).toBe(true);
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="contract.pdf"/);
    const thumb = await injectAs(t, planner, 'GET', `/api/attachments/${attachment._id}/thumbnail`);
    expect(thumb.statusCode).toBe(404);
  });

  it('refuses by the bytes, whatever the name or declared type says', async () => {
    const zipOffice = Buffer.concat([
      Buffer.from('PK\u0003\u0004'),
      Buffer.alloc(200, 1),
      Buffer.from('[Content_Types].xml'),
    ]);
    const cases: Array<[Buffer, string, string]> = [
      [SVG_WITH_SCRIPT, 'logo.svg', 'image/svg+xml'],
      [Buffer.from('<!doctype html><script>alert(1)</script>'), 'photo.png', 'image/png'],
      [Buffer.concat([Buffer.from('MZ'), Buffer.alloc(300, 0)]), 'photo.jpg', 'image/jpeg'],
      [
        Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46]), Buffer.alloc(300, 0)]),
        'run.pdf',
        'application/pdf',
      ],
      [zipOffice, 'menu.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      [
        await sharp(await pngImage(40, 40))
          .gif()
          .toBuffer(),
        'anim.gif',
        'image/gif',
      ],
    ];
    for (const [bytes, name, type] of cases) {
      const response = await upload(client, bytes, name, type);
      expect(response.statusCode, name).toBe(415);
      expect(response.json().message).toMatch(/photo \(JPEG, PNG or WebP\) or a PDF/);
    }
  });

  it('refuses a PDF that runs JavaScript or launches a program', async () => {
    for (const action of ['/JavaScript', '/Launch', '/J#61vaScript']) {
      const pdf = Buffer.from(
        `%PDF-1.4\n1 0 obj << /OpenAction << /S ${action} /JS (app.alert(1)) >> >> endobj\n%%EOF`,
      );
      const response = await upload(client, pdf, 'evil.pdf', 'application/pdf');
      expect(response.statusCode).toBe(415);
      expect(response.json().message).toMatch(/scripts or actions/);
    }
  });

  it('refuses a PDF whose actions open a page, send a form or another file, or hide in a compressed object stream', async () => {
    const hidden = deflateSync(Buffer.from('7 0 << /S /JavaScript /JS (app.alert(1)) >>'));
    for (const pdf of [
      Buffer.from(
        '%PDF-1.4\n1 0 obj << /OpenAction << /S /URI /URI (https://evil.example) >> >> endobj\n%%EOF',
      ),
      Buffer.from('%PDF-1.4\n1 0 obj << /AA << /O 2 0 R >> >> endobj\n%%EOF'),
      Buffer.from('%PDF-1.4\n1 0 obj << /A << /S /SubmitForm /F (https://evil.example) >> >> endobj\n%%EOF'),
      Buffer.from('%PDF-1.4\n1 0 obj << /A << /S /GoToR /F (other.pdf) >> >> endobj\n%%EOF'),
      Buffer.concat([
        Buffer.from(
          `%PDF-1.5\n5 0 obj << /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${hidden.length} >>\nstream\n`,
        ),
        hidden,
        Buffer.from('\nendstream\nendobj\n%%EOF'),
      ]),
    ]) {
      const response = await upload(client, pdf, 'evil.pdf', 'application/pdf');
      expect(response.statusCode).toBe(415);
      expect(response.json().message).toBe(MESSAGES.attachments.pdfActive);
    }
  });

  it('refuses a file over 10 MB with 413, and a form without a file with 400', async () => {
    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(10 * 1024 * 1024, 32)]);
    const response = await upload(client, big, 'big.pdf', 'application/pdf');
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('A file can be at most 10 MB.');
    const empty = new FormData();
    empty.append('note', 'nothing');
    const none = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${bookingId}/attachments`,
      headers: client.headers,
      body: empty,
    });
    expect(none.statusCode).toBe(400);
  });

  it('refuses once the booking holds 100 MB', async () => {
    const db = t.database.db;
    const pkg = await createPackage(db, { plannerId: planner.id });
    const full = (
      await createBookingRow(db, { clientId: stranger.id, packageId: pkg.id, plannerId: planner.id })
    ).id;
    await db.insert(attachments).values({
      bookingId: full,
      uploaderId: planner.id,
      name: 'earlier.pdf',
      type: 'application/pdf',
      size: 100 * 1024 * 1024 - 10,
      storageKey: '00000000-0000-4000-8000-000000000000',
    });
    const response = await upload(stranger, PDF, 'one-more.pdf', 'application/pdf', full);
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toMatch(/100 MB/);
  });

  it('lets only the booking’s two parties upload', async () => {
    for (const user of [stranger, otherPlanner, admin]) {
      expect((await upload(user, PDF, 'x.pdf')).statusCode).toBe(404);
    }
    const guest = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${bookingId}/attachments`,
      body: fileForm(PDF, 'x.pdf', 'application/pdf'),
    });
    expect(guest.statusCode).toBe(401);
  });
});

describe('fetching', () => {
  async function sentPdf() {
    const { attachment } = (await upload(client, PDF, 'menu.pdf', 'application/pdf')).json();
    const socket = connectSocket(url, { token: client.token });
    sockets.push(socket);
    await connected(socket);
    const ack = await emitAck<{ success: boolean }>(socket, ClientEvents.sendMessage, {
      bookingId,
      receiver: planner.id,
      content: '',
      attachments: [attachment._id],
    });
    expect(ack.success).toBe(true);
    return attachment as { _id: string };
  }

  it('answers the parties and admins, with private, sandboxed headers; 404 to anyone else', async () => {
    const { _id } = await sentPdf();
    for (const user of [client, planner, admin]) {
      const response = await injectAs(t, user, 'GET', `/api/attachments/${_id}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('private, no-store');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    }
    for (const user of [stranger, otherPlanner]) {
      const response = await injectAs(t, user, 'GET', `/api/attachments/${_id}`);
      expect(response.statusCode).toBe(404);
    }
    const guest = await t.app.inject({ method: 'GET', url: `/api/attachments/${_id}` });
    expect(guest.statusCode).toBe(401);
  });

  it('answers 401 to an expired session', async () => {
    const { _id } = await sentPdf();
    const late = await createUser(t.database.db, { role: 'client' });
    await t.database.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 day'` })
      .where(eq(sessions.userId, late.id));
    const response = await injectAs(t, late, 'GET', `/api/attachments/${_id}`);
    expect(response.statusCode).toBe(401);
  });

  it('shows a file not yet sent to its uploader only', async () => {
    const { attachment } = (await upload(client, PDF, 'draft.pdf', 'application/pdf')).json();
    const mine = await injectAs(t, client, 'GET', `/api/attachments/${attachment._id}`);
    expect(mine.statusCode).toBe(200);
    const theirs = await injectAs(t, planner, 'GET', `/api/attachments/${attachment._id}`);
    expect(theirs.statusCode).toBe(404);
  });
});

describe('sending with a message', () => {
  async function open(user: TestUser) {
    const socket = connectSocket(url, { token: user.token });
    sockets.push(socket);
    await connected(socket);
    await emitAck(socket, ClientEvents.joinRoom, { bookingId });
    return socket;
  }

  it('carries the files to the other side, in newMessage and fetchMessages, with empty text', async () => {
    const photo = (await upload(client, await phonePhoto(), 'venue.jpg', 'image/jpeg')).json().attachment;
    const pdf = (await upload(client, PDF, 'contract.pdf', 'application/pdf')).json().attachment;
    const sender = await open(client);
    const receiver = await open(planner);
    const arriving = nextEvent<{ content: string; attachments?: unknown[] }>(
      receiver,
      ServerEvents.newMessage,
    );
    const ack = await emitAck<{ success: boolean; message: { _id: string } }>(
      sender,
      ClientEvents.sendMessage,
      {
        bookingId,
        receiver: planner.id,
        content: '',
        attachments: [photo._id, pdf._id],
      },
    );
    expect(ack.success).toBe(true);
    const message = await arriving;
    expect(message.content).toBe('');
    expect(message.attachments).toEqual([photo, pdf]);

    const history = await emitAck<Array<{ _id: string; attachments?: unknown[] }>>(
      receiver,
      ClientEvents.fetchMessages,
      { bookingId },
    );
    expect(history.find((m) => m._id === ack.message._id)?.attachments).toEqual([photo, pdf]);
    // The other side may now fetch them.
    const file = await injectAs(t, planner, 'GET', `/api/attachments/${photo._id}/thumbnail`);
    expect(file.statusCode).toBe(200);
    const list = await injectAs(t, planner, 'GET', `/api/bookings/${bookingId}/attachments`);
    expect(list.json().attachments.map((a: { _id: string }) => a._id)).toEqual(
      expect.arrayContaining([photo._id, pdf._id]),
    );
  });

  it("keeps a text message in the specification's shape, without an attachments field", async () => {
    const sender = await open(client);
    const receiver = await open(planner);
    const arriving = nextEvent<Record<string, unknown>>(receiver, ServerEvents.newMessage);
    await emitAck(sender, ClientEvents.sendMessage, { bookingId, receiver: planner.id, content: 'Habari!' });
    const message = await arriving;
    expect(Object.keys(message).sort()).toEqual([
      '_id',
      'booking',
      'content',
      'createdAt',
      'receiver',
      'sender',
    ]);
  });

  it('refuses files that are not the sender’s own unsent ones of this booking, storing no message', async () => {
    const sender = await open(client);
    const plannerFile = (await upload(planner, PDF, 'p.pdf', 'application/pdf')).json().attachment;
    const mine = (await upload(client, PDF, 'mine.pdf', 'application/pdf')).json().attachment;
    await emitAck(sender, ClientEvents.sendMessage, {
      bookingId,
      receiver: planner.id,
      content: 'one',
      attachments: [mine._id],
    });
    const strangerPkg = await createPackage(t.database.db, { plannerId: otherPlanner.id });
    const elsewhere = (
      await createBookingRow(t.database.db, {
        clientId: stranger.id,
        packageId: strangerPkg.id,
        plannerId: otherPlanner.id,
      })
    ).id;
    const otherBooking = (await upload(stranger, PDF, 'o.pdf', 'application/pdf', elsewhere)).json()
      .attachment;
    for (const ids of [
      [plannerFile._id],
      [mine._id],
      [otherBooking._id],
      ['00000000-0000-4000-8000-000000000001'],
    ]) {
      const ack = await emitAck<{ success: boolean; message: string }>(sender, ClientEvents.sendMessage, {
        bookingId,
        receiver: planner.id,
        content: 'with a file',
        attachments: ids,
      });
      expect(ack.success).toBe(false);
      expect(ack.message).toMatch(/not found, is not yours/);
    }
    const [row] = await t.database.db.select().from(attachments).where(eq(attachments.id, plannerFile._id));
    expect(row?.messageId).toBeNull();
  });

  it('refuses more than 5 files, and an empty message without files', async () => {
    const sender = await open(client);
    const six = Array.from({ length: 6 }, (_, i) => `00000000-0000-4000-8000-00000000000${i}`);
    const tooMany = await emitAck<{ success: boolean; message: string }>(sender, ClientEvents.sendMessage, {
      bookingId,
      receiver: planner.id,
      content: 'x',
      attachments: six,
    });
    expect(tooMany).toMatchObject({ success: false, message: expect.stringMatching(/at most 5 files/) });
    const empty = await emitAck<{ success: boolean; message: string }>(sender, ClientEvents.sendMessage, {
      bookingId,
      receiver: planner.id,
      content: '   ',
    });
    expect(empty).toMatchObject({ success: false, message: expect.stringMatching(/empty/) });
  });
});

describe('deleting', () => {
  async function bookingWithFiles() {
    const db = t.database.db;
    const guest = await createUser(db, { role: 'client' });
    const host = await createUser(db, { role: 'planner' });
    const pkg = await createPackage(db, { plannerId: host.id });
    const id = (await createBookingRow(db, { clientId: guest.id, packageId: pkg.id, plannerId: host.id })).id;
    for (const user of [guest, host]) {
      expect((await upload(user, await pngImage(60, 40), 'a.png', 'image/png', id)).statusCode).toBe(201);
      expect((await upload(user, PDF, 'b.pdf', 'application/pdf', id)).statusCode).toBe(201);
    }
    return { guest, host, pkg, id };
  }

  it("removes a deleted user's files and their bookings' from storage", async () => {
    const { guest } = await bookingWithFiles();
    // Two photos (file and thumbnail each) and two PDFs.
    const before = await t.app.attachmentStore.countFiles();
    const response = await injectAs(t, admin, 'DELETE', `/api/user/${guest.id}`);
    expect(response.statusCode).toBe(200);
    expect(await t.app.attachmentStore.countFiles()).toBe(before - 6);
  });

  it("removes the files of a deleted package's bookings, and keeps the bookings", async () => {
    const { host, pkg, id } = await bookingWithFiles();
    const before = await t.app.attachmentStore.countFiles();
    const response = await injectAs(t, host, 'DELETE', `/api/packages/delete/${pkg.id}`);
    expect(response.statusCode).toBe(200);
    expect(await t.app.attachmentStore.countFiles()).toBe(before - 6);
    expect(await t.database.db.select().from(attachments).where(eq(attachments.bookingId, id))).toEqual([]);
  });
});

describe('files never sent', () => {
  it('are removed with their bytes a day after the upload; sent ones stay', async () => {
    const unsent = (await upload(planner, await pngImage(50, 50), 'left.png', 'image/png')).json().attachment;
    const sent = (await upload(planner, PDF, 'kept.pdf', 'application/pdf')).json().attachment;
    const socket = connectSocket(url, { token: planner.token });
    sockets.push(socket);
    await connected(socket);
    await emitAck(socket, ClientEvents.sendMessage, {
      bookingId,
      receiver: client.id,
      content: '',
      attachments: [sent._id],
    });
    const expiry = await t.database.db
      .select()
      .from(jobs)
      .where(
        sql`${jobs.kind} = 'attachment-expire' and ${jobs.payload}->>'attachmentId' in (${unsent._id}, ${sent._id})`,
      );
    expect(expiry).toHaveLength(2);
    for (const job of expiry) {
      const row = (
        await t.database.db
          .select()
          .from(attachments)
          .where(eq(attachments.id, String(job.payload.attachmentId)))
      )[0];
      // Due a day after the upload, not before.
      expect(job.runAt.getTime() - row!.createdAt.getTime()).toBe(24 * 60 * 60 * 1000);
    }
    const before = await t.app.attachmentStore.countFiles();
    // The day passes: these two jobs fall due.
    await t.database.db
      .update(jobs)
      .set({ runAt: sql`now()` })
      .where(sql`${jobs.id} in (${expiry[0]!.id}, ${expiry[1]!.id})`);
    await t.app.jobs.drain();
    expect(await t.app.attachmentStore.countFiles()).toBe(before - 2);
    expect(await t.database.db.select().from(attachments).where(eq(attachments.id, unsent._id))).toEqual([]);
    const kept = await injectAs(t, client, 'GET', `/api/attachments/${sent._id}`);
    expect(kept.statusCode).toBe(200);
  });
});
