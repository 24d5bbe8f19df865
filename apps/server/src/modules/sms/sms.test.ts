import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/build-app';
import { createUser } from '../../../test/factories';
import { freePort } from '../../../test/ports';
import { jobs, smsMessages, smsOptOuts } from '../../db/schema';
import { until } from '../payments/payments.test-support';
import { type QueueSmsInput, queueSms, SMS_SEND_JOB } from '.';

/**
 * SMS through the job queue, end to end over real HTTP: the app listens at its PUBLIC_URL, its job
 * sends through the real client to the simulator on the same server, whose delivery reports and
 * incoming messages come back to the app's own callback routes. Retries a few milliseconds apart.
 */
let t: TestContext;
let base: string;

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  t = await createTestApp({
    PUBLIC_URL: base,
    SIM_CALLBACK_DELAY_MS: '20',
    JOBS_RETRY_BASE_MS: '20',
    JOBS_RETRY_MAX_MS: '60',
    JOBS_POLL_MS: '50',
  });
  await t.app.listen({ port, host: '127.0.0.1' });
});
afterAll(() => t?.close());

let counter = 0;
/** A number of its own for each message, ending in `suffix` (the simulator's outcome). */
const numberEnding = (suffix = '') => {
  counter += 1;
  const digits = `7${String(Date.now() % 1_000_000).padStart(6, '0')}${String(counter).padStart(2, '0')}`;
  return `254${digits.slice(0, 9 - suffix.length)}${suffix}`;
};

async function queue(input: Partial<QueueSmsInput> & { to: string }) {
  const id = await t.database.db.transaction((tx) =>
    queueSms(tx, t.app.jobs, { message: 'Karibu Sherehe', kind: 'test', subjectKey: 'welcome', ...input }),
  );
  t.app.jobs.wake();
  return id;
}
const rowsTo = (to: string) => t.database.db.select().from(smsMessages).where(eq(smsMessages.to, to));
const outbox = async (to: string) =>
  ((await (await fetch(`${base}/__sim/sms/outbox?to=${to}`)).json()) as { messages: unknown[] }).messages;
const simPost = (path: string, body: unknown) =>
  fetch(`${base}/__sim/sms${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const jobOf = async (smsId: string) =>
  (
    await t.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.uniqueKey, `${SMS_SEND_JOB}:${smsId}`))
  )[0];

describe('queueSms and the sms-send job', () => {
  it('sends a message once per recipient, kind and subject, and records its delivery', async () => {
    const to = numberEnding();
    const user = await createUser(t.database.db);
    const id = await queue({ to, userId: user.id, subjectKey: 'booking-1' });
    expect(id).toEqual(expect.any(String));
    // The same notice again (another event, a retry of the caller): nothing more.
    expect(await queue({ to, userId: user.id, subjectKey: 'booking-1', message: 'Again' })).toBeUndefined();
    const [row] = await until(
      () => rowsTo(to),
      (rows) => rows[0]?.status === 'delivered',
    );
    expect(row).toMatchObject({
      id,
      userId: user.id,
      to,
      message: 'Karibu Sherehe',
      kind: 'test',
      subjectKey: 'booking-1',
      status: 'delivered',
      providerMessageId: expect.stringMatching(/^ATXid_/),
      failureReason: null,
      attempts: 1,
      sentAt: expect.any(Date),
      deliveredAt: expect.any(Date),
    });
    expect(await outbox(to)).toEqual([{ to, message: 'Karibu Sherehe', at: expect.any(String) }]);
    // Another subject, or another kind, is another message.
    await queue({ to, userId: user.id, subjectKey: 'booking-2' });
    await queue({ to, userId: user.id, subjectKey: 'booking-1', kind: 'other' });
    await until(
      () => rowsTo(to),
      (rows) => rows.length === 3 && rows.every((each) => each.status === 'delivered'),
    );
    expect(await outbox(to)).toHaveLength(3);
    // The admins' list says which job sends to whom, never the message.
    const job = await jobOf(id!);
    expect(job).toMatchObject({ kind: 'sms-send', status: 'done', payload: { smsId: id, to } });
  });

  it('keeps one message per number and subject when there is no account', async () => {
    const to = numberEnding();
    expect(await queue({ to, subjectKey: 'code-1' })).toEqual(expect.any(String));
    expect(await queue({ to, subjectKey: 'code-1' })).toBeUndefined();
    await until(
      () => rowsTo(to),
      (rows) => rows[0]?.status === 'delivered',
    );
    expect(await rowsTo(to)).toHaveLength(1);
    expect(await outbox(to)).toHaveLength(1);
  });

  it('marks a message Africa’s Talking refuses for good as failed, its job failed at once for admins', async () => {
    const to = numberEnding('0406');
    const id = await queue({ to });
    const job = await until(
      () => jobOf(id!),
      (row) => row?.status === 'failed',
    );
    expect(job).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError: expect.stringContaining('UserInBlacklist'),
    });
    expect((await rowsTo(to))[0]).toMatchObject({
      status: 'failed',
      failureReason: "Africa's Talking: UserInBlacklist (406)",
      attempts: 1,
      providerMessageId: null,
      // Refused: it takes no place among the number's messages of the day.
      sentAt: null,
    });
    expect(await outbox(to)).toEqual([]);
    const admin = await createUser(t.database.db, { role: 'admin' });
    const failed = await t.app.inject({ url: '/api/admin/jobs?status=failed', headers: admin.headers });
    expect(failed.json().jobs).toEqual(
      expect.arrayContaining([expect.objectContaining({ _id: job!.id, summary: `sms-send for ${to}` })]),
    );
  });

  it('marks a message whose delivery report says Failed as failed, with the reason', async () => {
    const to = numberEnding('0001');
    await queue({ to });
    const [row] = await until(
      () => rowsTo(to),
      (rows) => rows[0]?.status === 'failed',
    );
    expect(row).toMatchObject({
      status: 'failed',
      failureReason: 'AbsentSubscriber',
      sentAt: expect.any(Date),
    });
  });

  it('delays and loses none of the messages queued during an outage of the provider', async () => {
    const numbers = [numberEnding(), numberEnding(), numberEnding()];
    await simPost('/outage', { on: true });
    try {
      for (const to of numbers) await queue({ to, subjectKey: 'outage' });
      // Each has been tried and refused more than once, and waits for another try.
      for (const to of numbers)
        expect(
          (
            await until(
              () => rowsTo(to),
              (rows) => (rows[0]?.attempts ?? 0) >= 2,
            )
          )[0],
        ).toMatchObject({ status: 'queued', failureReason: expect.stringContaining('Service Unavailable') });
      for (const to of numbers) expect(await outbox(to)).toEqual([]);
    } finally {
      await simPost('/outage', { on: false });
    }
    for (const to of numbers) {
      const [row] = await until(
        () => rowsTo(to),
        (rows) => rows[0]?.status === 'delivered',
      );
      expect(row).toMatchObject({ status: 'delivered', failureReason: null });
      expect(row!.attempts).toBeGreaterThanOrEqual(2);
      expect(await outbox(to)).toHaveLength(1);
    }
  });

  it('holds a message until its notBefore (the end of quiet hours), then sends it', async () => {
    const to = numberEnding();
    const notBefore = new Date(Date.now() + 3_600_000);
    const id = await queue({ to, subjectKey: 'later', notBefore });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await jobOf(id!)).toMatchObject({ status: 'pending', attempts: 0, runAt: notBefore });
    expect((await rowsTo(to))[0]).toMatchObject({ status: 'queued', attempts: 0 });
    expect(await outbox(to)).toEqual([]);
    // Its time comes.
    await t.database.db
      .update(jobs)
      .set({ runAt: new Date() })
      .where(eq(jobs.uniqueKey, `${SMS_SEND_JOB}:${id}`));
    t.app.jobs.wake();
    await until(
      () => rowsTo(to),
      (rows) => rows[0]?.status === 'delivered',
    );
    expect(await outbox(to)).toHaveLength(1);
  });

  it('refuses a number not written 2547XXXXXXXX, before writing anything', async () => {
    await expect(queue({ to: '0712345678' })).rejects.toThrow(/2547XXXXXXXX/);
  });
});

describe('Africa’s Talking’s callbacks', () => {
  const secret = () => t.config.sms.africasTalking!.callbackSecret;
  const form = (fields: Record<string, string>) => ({
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });

  it('records a STOP by reply as the number’s opt-out; later messages to it are not sent', async () => {
    const to = numberEnding();
    expect(await (await simPost('/inbound', { from: to, text: ' stop ' })).json()).toEqual({
      delivered: true,
    });
    expect(await t.database.db.select().from(smsOptOuts).where(eq(smsOptOuts.phone, to))).toEqual([
      { phone: to, keyword: 'STOP', optedOutAt: expect.any(Date) },
    ]);
    await queue({ to, subjectKey: 'after-stop' });
    const [row] = await until(
      () => rowsTo(to),
      (rows) => rows[0]?.status === 'failed',
    );
    expect(row).toMatchObject({ status: 'failed', failureReason: 'opted out (STOP)', attempts: 0 });
    expect(await outbox(to)).toEqual([]);
    // Anything else is only read.
    const other = numberEnding();
    expect(await (await simPost('/inbound', { from: other, text: 'Habari, STOP please' })).json()).toEqual({
      delivered: true,
    });
    expect(await t.database.db.select().from(smsOptOuts).where(eq(smsOptOuts.phone, other))).toEqual([]);
    // STOPALL, whatever its case, too.
    await simPost('/inbound', { from: other, text: 'StopAll' });
    expect(
      (await t.database.db.select().from(smsOptOuts).where(eq(smsOptOuts.phone, other)))[0]?.keyword,
    ).toBe('STOPALL');
  });

  it('refuses a call without the secret (403, nothing changed) and a body it cannot read (400)', async () => {
    for (const route of ['delivery-reports', 'inbound']) {
      const forged = await t.app.inject({
        method: 'POST',
        url: `/api/sms/${route}/not-the-secret`,
        ...form({ from: '+254712345678', text: 'STOP', to: '20880', id: 'x', id2: 'y' }),
      });
      expect(forged.statusCode).toBe(403);
      expect(forged.json()).toEqual({
        success: false,
        code: 'FORBIDDEN',
        message: 'Not a call from the SMS provider.',
      });
      const junk = await t.app.inject({
        method: 'POST',
        url: `/api/sms/${route}/${secret()}`,
        ...form({ a: 'b' }),
      });
      expect(junk.statusCode).toBe(400);
      expect(junk.json()).toMatchObject({ success: false, code: 'VALIDATION' });
    }
    expect(await t.database.db.select().from(smsOptOuts).where(eq(smsOptOuts.phone, '254712345678'))).toEqual(
      [],
    );
    // A report about a message that is not ours is taken (so Africa's Talking does not retry) and changes nothing.
    const unknown = await t.app.inject({
      method: 'POST',
      url: `/api/sms/delivery-reports/${secret()}`,
      ...form({ id: 'ATXid_unknown', status: 'Success', phoneNumber: '+254712345678' }),
    });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ success: true });
  });

  it('records a delivery reported before the send’s answer was, once the message has its id', async () => {
    const to = numberEnding();
    // Its row as the send job leaves it while the provider's answer is on its way (no job here).
    const [message] = await t.database.db
      .insert(smsMessages)
      .values({
        to,
        message: 'Karibu',
        kind: 'test',
        subjectKey: 'early-report',
        attempts: 1,
        sentAt: new Date(),
      })
      .returning();
    const id = message!.id;
    const providerId = `ATXid_early_${counter}`;
    // The report first: no message has that id yet.
    const early = await t.app.inject({
      method: 'POST',
      url: `/api/sms/delivery-reports/${secret()}`,
      ...form({ id: providerId, status: 'Success', phoneNumber: `+${to}` }),
    });
    expect(early.statusCode).toBe(200);
    expect((await rowsTo(to))[0]?.status).not.toBe('delivered');
    // Then the send's answer is recorded, as the job does when the provider's answer arrives.
    await t.database.db
      .update(smsMessages)
      .set({ status: 'sent', providerMessageId: providerId })
      .where(eq(smsMessages.id, id));
    const [row] = await until(
      () => rowsTo(to),
      (rows) => rows[0]?.status === 'delivered',
    );
    expect(row).toMatchObject({ status: 'delivered', providerMessageId: providerId });
    // The same report twice waits once; a report for an id never ours is tried, then let go.
    for (let i = 0; i < 2; i += 1) {
      const stranger = await t.app.inject({
        method: 'POST',
        url: `/api/sms/delivery-reports/${secret()}`,
        ...form({ id: 'ATXid_not_ours', status: 'Failed', phoneNumber: `+${to}`, failureReason: 'Absent' }),
      });
      expect(stranger.statusCode).toBe(200);
    }
    const done = await until(
      async () =>
        (await t.database.db.select().from(jobs).where(eq(jobs.kind, 'sms-delivery-report'))).filter(
          (job) => job.payload.id === 'ATXid_not_ours',
        ),
      (list) => list[0]?.status === 'done',
    );
    expect(done).toHaveLength(1);
    expect(done[0]?.attempts).toBe(6);
  });

  it('never lets a late or interim report undo a delivery', async () => {
    const to = numberEnding();
    await queue({ to, subjectKey: 'late-report' });
    const [row] = await until(
      () => rowsTo(to),
      (rows) => rows[0]?.status === 'delivered',
    );
    for (const status of ['Failed', 'Buffered', 'Sent'])
      await t.app.inject({
        method: 'POST',
        url: `/api/sms/delivery-reports/${secret()}`,
        ...form({ id: row!.providerMessageId!, status, phoneNumber: `+${to}`, failureReason: 'Late' }),
      });
    expect((await rowsTo(to))[0]).toMatchObject({ status: 'delivered', failureReason: null });
  });
});
