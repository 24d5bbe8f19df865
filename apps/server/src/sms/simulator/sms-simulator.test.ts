import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/build-app';
import { type CallbackReceiver, startCallbackReceiver } from '../../../test/callback-receiver';
import type { AfricasTalkingSettings } from '../../config';
import { isStopRequest, parseDeliveryReport, parseInboundMessage } from '../africas-talking-callbacks';
import { AfricasTalkingClient } from '../africas-talking-client';
import type { SmsSimulatorControls } from './sms-simulator';

/**
 * The real Africa's Talking client against the simulator, over HTTP: the app listens on a random
 * port, and the simulator's delivery reports and incoming messages go to a receiver on another.
 */
let t: TestContext;
let receiver: CallbackReceiver;
let sim: SmsSimulatorControls;
let settings: AfricasTalkingSettings;
let base: string;

const client = (overrides: Partial<ConstructorParameters<typeof AfricasTalkingClient>[0]> = {}) =>
  new AfricasTalkingClient({ ...settings, baseUrl: `${base}/__sim/sms`, ...overrides });

const outbox = async (to: string) =>
  (await fetch(`${base}/__sim/sms/outbox?to=${encodeURIComponent(to)}`)).json() as Promise<{
    messages: { to: string; message: string; at: string }[];
  }>;

const simPost = (path: string, body: unknown) =>
  fetch(`${base}/__sim/sms${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

const formOf = (rawBody: string) => Object.fromEntries(new URLSearchParams(rawBody));

beforeAll(async () => {
  t = await createTestApp({ SIM_CALLBACK_DELAY_MS: '30', AT_SENDER_ID: 'SHEREHE' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as { port: number };
  base = `http://127.0.0.1:${port}`;
  receiver = await startCallbackReceiver();
  sim = t.app.smsSimulator!;
  sim.deliveryReportUrl = `${receiver.url}/reports`;
  sim.inboundUrl = `${receiver.url}/inbound`;
  settings = t.config.sms.africasTalking!;
});
afterAll(async () => {
  await receiver?.close();
  await t?.close();
});

describe('the SMS simulator, through the real client', () => {
  it('takes a message as Africa’s Talking does, lists it by number, and reports its delivery', async () => {
    const sent = await client().send({ to: '254712000101', message: 'Karibu Sherehe' });
    expect(sent).toEqual({
      ok: true,
      value: {
        messageId: expect.stringMatching(/^ATXid_[0-9a-f]{32}$/),
        statusCode: 101,
        status: 'Success',
        cost: 'KES 0.8000',
        number: '+254712000101',
      },
    });
    const messageId = sent.ok ? sent.value.messageId : '';
    expect(await outbox('254712000101')).toEqual({
      messages: [{ to: '254712000101', message: 'Karibu Sherehe', at: expect.any(String) }],
    });
    expect((await outbox('+254712000101')).messages).toHaveLength(1);
    expect((await outbox('254712000102')).messages).toEqual([]);
    const report = await receiver.waitFor((call) => formOf(call.rawBody).id === messageId);
    expect(report.path).toBe('/reports');
    expect(report.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(formOf(report.rawBody)).toEqual({
      id: messageId,
      status: 'Success',
      phoneNumber: '+254712000101',
      networkCode: '63902',
      retryCount: '0',
    });
    expect(parseDeliveryReport(report.rawBody)).toEqual({
      ok: true,
      value: {
        id: messageId,
        status: 'Success',
        phoneNumber: '+254712000101',
        networkCode: '63902',
        failureReason: undefined,
        retryCount: 0,
      },
    });
  });

  it('reports a message to a number ending 0001 as failed, with the reason', async () => {
    const sent = await client().send({ to: '254712340001', message: 'Habari' });
    const messageId = sent.ok ? sent.value.messageId : 'none';
    const report = await receiver.waitFor((call) => formOf(call.rawBody).id === messageId);
    expect(formOf(report.rawBody)).toMatchObject({ status: 'Failed', failureReason: 'AbsentSubscriber' });
  });

  it('refuses a wrong API key or username as Africa’s Talking does: final', async () => {
    for (const wrong of [client({ apiKey: 'not-the-key' }), client({ username: 'someone-else' })])
      expect(await wrong.send({ to: '254712000103', message: 'x' })).toEqual({
        ok: false,
        error: {
          kind: 'auth',
          status: 401,
          message: "Africa's Talking: The supplied authentication is invalid",
          retryable: false,
        },
      });
    expect((await outbox('254712000103')).messages).toEqual([]);
  });

  it('refuses an invalid number (final), a blacklisted one (final) and one the gateway fails (retryable)', async () => {
    expect(await client().send({ to: '0712000104', message: 'x' })).toMatchObject({
      ok: false,
      error: { kind: 'invalid_request', retryable: false },
    });
    // Sent anyway, as another client might: Africa's Talking's answer for a number it cannot use.
    const raw = await fetch(`${base}/__sim/sms/version1/messaging`, {
      method: 'POST',
      headers: {
        apiKey: settings.apiKey,
        accept: 'application/json',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ username: settings.username, to: '+25571200', message: 'x' }).toString(),
    });
    expect(raw.status).toBe(201);
    expect(await raw.json()).toEqual({
      SMSMessageData: {
        Message: 'Sent to 0/1 Total Cost: 0',
        Recipients: [
          {
            statusCode: 403,
            status: 'InvalidPhoneNumber',
            number: '+25571200',
            cost: '0',
            messageId: 'None',
          },
        ],
      },
    });
    expect(await client().send({ to: '254712340406', message: 'x' })).toMatchObject({
      ok: false,
      error: { kind: 'rejected', statusCode: 406, code: 'UserInBlacklist', retryable: false },
    });
    expect(await client().send({ to: '254712340500', message: 'x' })).toMatchObject({
      ok: false,
      error: { kind: 'rejected', statusCode: 500, code: 'InternalServerError', retryable: true },
    });
  });

  it('answers 503 during an outage (retryable), and takes messages again after it', async () => {
    expect(await (await simPost('/outage', { on: true })).json()).toEqual({ on: true });
    try {
      expect(await client().send({ to: '254712000105', message: 'x' })).toMatchObject({
        ok: false,
        error: { kind: 'unavailable', status: 503, retryable: true },
      });
    } finally {
      expect(await (await simPost('/outage', { on: false })).json()).toEqual({ on: false });
    }
    expect((await client().send({ to: '254712000105', message: 'x' })).ok).toBe(true);
    expect((await simPost('/outage', { on: 'yes' })).status).toBe(400);
  });

  it('says a provider that never answers timed out: retryable, since it may have sent', async () => {
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    try {
      const result = await client({ baseUrl: `http://127.0.0.1:${port}`, timeoutMs: 100 }).send({
        to: '254712000106',
        message: 'x',
      });
      expect(result).toMatchObject({ ok: false, error: { kind: 'timeout', retryable: true } });
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
  });

  it('posts an incoming message (a STOP) as Africa’s Talking would', async () => {
    expect(await (await simPost('/inbound', { from: '254712000107', text: 'STOP' })).json()).toEqual({
      delivered: true,
    });
    const call = await receiver.waitFor((c) => c.path === '/inbound');
    const parsed = parseInboundMessage(call.rawBody);
    expect(parsed).toEqual({
      ok: true,
      value: {
        from: '+254712000107',
        to: 'SHEREHE',
        text: 'STOP',
        date: expect.any(Date),
        id: expect.any(String),
        linkId: undefined,
      },
    });
    expect((await simPost('/inbound', { from: 'nobody', text: 'STOP' })).status).toBe(400);
  });
});

describe("Africa's Talking's callbacks, read", () => {
  it('reads a delivery report as its documentation shows one, and refuses what is not one', () => {
    const body =
      'phoneNumber=%2B254711XXXYYY&failureReason=UserInBlacklist&retryCount=0&id=ATXid_dda2d0b6e6e5cb2fd0f4b4e1a6d8e8d1&status=Rejected&networkCode=63902';
    expect(parseDeliveryReport(body)).toEqual({
      ok: true,
      value: {
        id: 'ATXid_dda2d0b6e6e5cb2fd0f4b4e1a6d8e8d1',
        status: 'Rejected',
        phoneNumber: '+254711XXXYYY',
        networkCode: '63902',
        failureReason: 'UserInBlacklist',
        retryCount: 0,
      },
    });
    for (const junk of [
      '',
      'id=x',
      'id=x&status=Lost&phoneNumber=1',
      '{"id":"x"}',
      'id=&status=Success&phoneNumber=1',
    ])
      expect(parseDeliveryReport(junk).ok, junk).toBe(false);
  });

  it('reads an incoming message, and tells STOP and STOPALL whatever their case', () => {
    const body =
      'linkId=&text=Stop&to=20880&id=5e6a1b2c&date=2026-11-27+10%3A00%3A00&from=%2B254712345678&networkCode=63902';
    expect(parseInboundMessage(body)).toMatchObject({
      ok: true,
      value: { from: '+254712345678', to: '20880', text: 'Stop', id: '5e6a1b2c', linkId: undefined },
    });
    expect(parseInboundMessage('text=STOP').ok).toBe(false);
    for (const stop of ['STOP', 'stop', ' Stop ', 'STOPALL', 'stopall'])
      expect(isStopRequest(stop), stop).toBe(true);
    for (const other of ['STOP IT', 'please stop', 'stopp', '', 'S T O P'])
      expect(isStopRequest(other), other).toBe(false);
  });
});
