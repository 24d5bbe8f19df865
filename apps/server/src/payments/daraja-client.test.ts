import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseDarajaCallback, parseDarajaTimestamp } from './daraja-callbacks';
import { DarajaClient, darajaTimestamp, stkPassword } from './daraja-client';

describe('the STK password and timestamp', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('writes the timestamp on Nairobi clocks (UTC+3), across a day and a year end', () => {
    expect(darajaTimestamp(new Date('2026-03-14T09:05:07Z'))).toBe('20260314120507');
    expect(darajaTimestamp(new Date('2025-12-31T21:30:00Z'))).toBe('20260101003000');
    expect(darajaTimestamp(new Date('2026-06-30T23:59:59.999Z'))).toBe('20260701025959');
    // Midnight in Nairobi is 00, never 24.
    expect(darajaTimestamp(new Date('2026-05-01T21:00:00Z'))).toBe('20260502000000');
  });

  it('is base64 of shortcode, passkey and timestamp run together', () => {
    // Safaricom's sandbox shortcode and passkey, as its documentation shows them.
    const passkey = 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919';
    const password = stkPassword('174379', passkey, '20160216165627');
    expect(password).toBe(
      'MTc0Mzc5YmZiMjc5ZjlhYTliZGJjZjE1OGU5N2RkNzFhNDY3Y2QyZTBjODkzMDU5YjEwZjc4ZTZiNzJhZGExZWQyYzkxOTIwMTYwMjE2MTY1NjI3',
    );
    expect(Buffer.from(password, 'base64').toString()).toBe(`174379${passkey}20160216165627`);
  });

  it('sends the password and timestamp of the moment of the request, by the clock', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-08-07T06:00:00Z'));
    const sent: unknown[] = [];
    const server = await import('node:http').then(({ createServer }) =>
      createServer((request, response) => {
        let body = '';
        request.on('data', (chunk) => {
          body += chunk;
        });
        request.on('end', () => {
          response.setHeader('content-type', 'application/json');
          if (request.url?.startsWith('/oauth'))
            return response.end('{"access_token":"t","expires_in":"3599"}');
          sent.push(JSON.parse(body));
          response.end(
            JSON.stringify({
              MerchantRequestID: 'm',
              CheckoutRequestID: 'ws_CO_1',
              ResponseCode: '0',
              CustomerMessage: 'ok',
            }),
          );
        });
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      const client = new DarajaClient({
        baseUrl: `http://127.0.0.1:${port}`,
        consumerKey: 'k',
        consumerSecret: 's',
        shortcode: '174379',
        passkey: 'pk',
      });
      const pushed = await client.stkPush({
        amount: 100,
        phone: '254712345678',
        callbackUrl: 'http://example.test/cb',
        accountReference: 'A-much-too-long-reference',
        description: 'A much too long description',
      });
      expect(pushed).toEqual({
        ok: true,
        value: { merchantRequestId: 'm', checkoutRequestId: 'ws_CO_1', customerMessage: 'ok' },
      });
      expect(sent[0]).toMatchObject({
        BusinessShortCode: '174379',
        Timestamp: '20260807090000',
        Password: Buffer.from('174379pk20260807090000').toString('base64'),
        TransactionType: 'CustomerPayBillOnline',
        Amount: 100,
        PartyA: '254712345678',
        PartyB: '174379',
        PhoneNumber: '254712345678',
        AccountReference: 'A-much-too-l',
        TransactionDesc: 'A much too lo',
      });
    } finally {
      server.close();
    }
  });

  it('refuses before sending what Daraja cannot take', async () => {
    const client = new DarajaClient({
      baseUrl: 'http://127.0.0.1:9',
      consumerKey: 'k',
      consumerSecret: 's',
      shortcode: '174379',
      passkey: 'pk',
    });
    const base = {
      phone: '254712345678',
      callbackUrl: 'http://x.test',
      accountReference: 'r',
      description: 'd',
    };
    for (const amount of [0, -5, 10.5, Number.NaN])
      expect(await client.stkPush({ ...base, amount })).toMatchObject({
        ok: false,
        error: { kind: 'invalid_request' },
      });
    expect(await client.stkPush({ ...base, amount: 10, phone: '0712345678' })).toMatchObject({
      ok: false,
      error: { kind: 'invalid_request' },
    });
    expect(
      await client.reverse({ receipt: 'X', amount: 1, resultUrl: 'x', timeoutUrl: 'x', remarks: 'r' }),
    ).toMatchObject({
      ok: false,
      error: { kind: 'not_configured' },
    });
  });

  it('reads a transaction date back as the instant, refusing a day that does not exist', () => {
    expect(parseDarajaTimestamp(20191219102115)?.toISOString()).toBe('2019-12-19T07:21:15.000Z');
    expect(parseDarajaTimestamp('20260101003000')?.toISOString()).toBe('2025-12-31T21:30:00.000Z');
    expect(parseDarajaTimestamp('20260230120000')).toBeUndefined();
    expect(parseDarajaTimestamp('2026')).toBeUndefined();
  });
});

const callback = (stk: Record<string, unknown>) => ({
  Body: {
    stkCallback: {
      MerchantRequestID: '29115-34620561-1',
      CheckoutRequestID: 'ws_CO_191220191020363925',
      ...stk,
    },
  },
});

describe('an STK callback, read with zod', () => {
  it('reads a success with its amount, receipt, date and phone', () => {
    const parsed = parseDarajaCallback(
      callback({
        ResultCode: 0,
        ResultDesc: 'The service request is processed successfully.',
        CallbackMetadata: {
          Item: [
            { Name: 'Amount', Value: 1.0 },
            { Name: 'MpesaReceiptNumber', Value: 'NLJ7RT61SV' },
            { Name: 'Balance' },
            { Name: 'TransactionDate', Value: 20191219102115 },
            { Name: 'PhoneNumber', Value: 254708374149 },
          ],
        },
      }),
    );
    expect(parsed).toEqual({
      ok: true,
      value: {
        type: 'stk',
        callback: {
          merchantRequestId: '29115-34620561-1',
          checkoutRequestId: 'ws_CO_191220191020363925',
          resultCode: 0,
          resultDesc: 'The service request is processed successfully.',
          outcome: {
            kind: 'succeeded',
            amount: 1,
            receipt: 'NLJ7RT61SV',
            transactionDate: new Date('2019-12-19T07:21:15.000Z'),
            phone: '254708374149',
          },
        },
      },
    });
  });

  it.each([
    [1032, 'Request cancelled by user', 'cancelled'],
    [2001, 'The initiator information is invalid.', 'wrong_pin'],
    [1, 'The balance is insufficient for the transaction.', 'insufficient_funds'],
    [1037, 'DS timeout user cannot be reached', 'unreachable'],
    [1019, 'Transaction has expired', 'failed'],
    ['1032', 'Request cancelled by user', 'cancelled'],
  ])('reads result code %j as %s', (code, desc, kind) => {
    const parsed = parseDarajaCallback(callback({ ResultCode: code, ResultDesc: desc }));
    expect(parsed.ok && parsed.value.type === 'stk' && parsed.value.callback.outcome).toEqual({
      kind,
      resultCode: Number(code),
      resultDesc: desc,
    });
  });

  it('refuses a success without its amount or receipt, and anything not in the shape', () => {
    const success = (items: unknown[]) =>
      parseDarajaCallback(callback({ ResultCode: 0, ResultDesc: 'ok', CallbackMetadata: { Item: items } }));
    expect(success([{ Name: 'MpesaReceiptNumber', Value: 'NLJ7RT61SV' }]).ok).toBe(false);
    expect(success([{ Name: 'Amount', Value: 100 }]).ok).toBe(false);
    const paid = (amount: number, receipt: string) =>
      success([
        { Name: 'Amount', Value: amount },
        { Name: 'MpesaReceiptNumber', Value: receipt },
      ]);
    expect(paid(99.5, 'NLJ7RT61SV').ok).toBe(false);
    expect(paid(100, '<script>').ok).toBe(false);
    expect(parseDarajaCallback(callback({ ResultCode: 0, ResultDesc: 'ok' })).ok).toBe(false);
    for (const junk of [null, 'text', {}, { Body: {} }, callback({ ResultCode: 'zero', ResultDesc: 'x' })])
      expect(parseDarajaCallback(junk)).toMatchObject({ ok: false, error: { detail: expect.any(String) } });
  });

  it('reads a reversal result', () => {
    const result = (code: number | string) => ({
      Result: {
        ResultType: 0,
        ResultCode: code,
        ResultDesc: 'The service request is processed successfully.',
        OriginatorConversationID: '8521-4298025-1',
        ConversationID: 'AG_20181005_00004d7ee675c0c7ee0b',
        TransactionID: 'MJ561H6X5O',
      },
    });
    expect(parseDarajaCallback(result(0))).toEqual({
      ok: true,
      value: {
        type: 'reversal',
        result: {
          conversationId: 'AG_20181005_00004d7ee675c0c7ee0b',
          originatorConversationId: '8521-4298025-1',
          succeeded: true,
          resultCode: '0',
          resultDesc: 'The service request is processed successfully.',
          transactionId: 'MJ561H6X5O',
        },
      },
    });
    const refused = parseDarajaCallback(result('R000002'));
    expect(refused.ok && refused.value.type === 'reversal' && refused.value.result.succeeded).toBe(false);
  });

  it('reads a transaction status result by the Occasion it echoes, and tells it from a reversal result', () => {
    const status = (code: number | string, transactionStatus?: string) => ({
      Result: {
        ResultType: 0,
        ResultCode: code,
        ResultDesc: 'The service request is processed successfully.',
        OriginatorConversationID: '10571-7910404-1',
        ConversationID: 'AG_20191219_00004e48cf7e3533f581',
        TransactionID: 'NLJ41HAY6Q',
        ...(transactionStatus
          ? {
              ResultParameters: {
                ResultParameter: [
                  { Key: 'ReceiptNo', Value: 'NLJ41HAY6Q' },
                  { Key: 'TransactionStatus', Value: transactionStatus },
                ],
              },
            }
          : {}),
        ReferenceData: { ReferenceItem: { Key: 'Occasion', Value: 'AG_20181005_00004d7ee675c0c7ee0b' } },
      },
    });
    expect(parseDarajaCallback(status(0, 'Completed'))).toEqual({
      ok: true,
      value: {
        type: 'status',
        result: {
          occasion: 'AG_20181005_00004d7ee675c0c7ee0b',
          found: true,
          transactionStatus: 'Completed',
          resultCode: '0',
          resultDesc: 'The service request is processed successfully.',
        },
      },
    });
    expect(parseDarajaCallback(status('R000002'))).toMatchObject({
      ok: true,
      value: { type: 'status', result: { found: false, transactionStatus: undefined } },
    });
    // A reversal's result carries no Occasion: still read as a reversal.
    const reversal = status(0, 'Completed');
    reversal.Result.ReferenceData.ReferenceItem = { Key: 'QueueTimeoutURL', Value: 'https://example.test' };
    expect(parseDarajaCallback(reversal)).toMatchObject({ ok: true, value: { type: 'reversal' } });
  });
});
