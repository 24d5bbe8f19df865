import type { PaymentListItem, PaymentSummary } from '@sherehe/shared/schemas/payments';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '@/test/axe';
import { callsTo, jsonResponse, mockFetch, signedInAs } from '@/test/fetch-mock';
import { makeUser } from '@/test/fixtures';
import { currentSearch, LocationProbe } from '@/test/location-probe';
import { renderWithApp } from '@/test/render';
import PaymentsPage from './payments-page';

const planner = makeUser({ _id: 'pl1', id: 'pl1', role: 'planner', username: 'Amani Events' });
const admin = makeUser({ _id: 'ad1', id: 'ad1', role: 'admin', username: 'Sherehe Admin' });

// Fixed instants in the past: the page shows them in Africa/Nairobi (UTC+3), whatever today is.
function makePayment(overrides: Partial<PaymentListItem> = {}): PaymentListItem {
  return {
    _id: 'pay1',
    purpose: 'deposit',
    method: 'mpesa',
    amount: 13500,
    currency: 'KES',
    status: 'succeeded',
    failureReason: null,
    receipt: 'SJK4TQ7XYZ',
    receiptProvisional: false,
    booking: 'b1',
    createdAt: '2025-12-15T09:30:00.000Z',
    completedAt: '2025-12-15T09:31:00.000Z',
    packageTitle: 'Garden Wedding',
    client: { _id: 'c1', username: 'Wanjiru' },
    planner: { _id: 'pl1', username: 'Amani Events' },
    fee: 1350,
    net: 12150,
    ...overrides,
  };
}

const pendingPayment = makePayment({
  _id: 'pay2',
  purpose: 'balance',
  amount: 31500,
  status: 'pending',
  receipt: null,
  createdAt: '2025-12-20T17:05:00.000Z',
  completedAt: null,
  client: { _id: 'c2', username: 'Otieno' },
  packageTitle: 'Corporate Gala',
  planner: { _id: 'pl2', username: 'Baraka Planners' },
  fee: 0,
  net: 0,
});

const SUMMARY: PaymentSummary = {
  received: 45000,
  bookings: 45000,
  plans: 0,
  refunded: 0,
  fees: 4500,
  net: 40500,
  platformRevenue: 4500,
  count: 3,
};
const NOTHING: PaymentSummary = {
  received: 0,
  bookings: 0,
  plans: 0,
  refunded: 0,
  fees: 0,
  net: 0,
  platformRevenue: 0,
  count: 0,
};
const RECEIVED_MEANS = 'Successful payments, before any refund.';
const FEES_MEANS =
  "The platform's share of booking payments, less what went back with refunds. Plans carry no fee.";
const NET_MEANS = 'What planners keep: booking payments less refunds and platform fees.';

function listReply(
  payments: PaymentListItem[],
  {
    total = payments.length,
    pages = 1,
    summary = SUMMARY,
  }: { total?: number; pages?: number; summary?: PaymentSummary } = {},
) {
  return jsonResponse({ success: true, payments, total, page: 1, pages, summary });
}

function renderPayments(route = '/dashboard/payments') {
  return renderWithApp(
    <Routes>
      <Route
        path="/dashboard/payments"
        element={
          <>
            <PaymentsPage />
            <LocationProbe />
          </>
        }
      />
    </Routes>,
    { route },
  );
}

type FetchMock = ReturnType<typeof mockFetch>;

const listQueries = (fetchMock: FetchMock) =>
  callsTo(fetchMock, 'GET /api/payments').map(([input]) =>
    Object.fromEntries(new URL(String(input), 'http://localhost').searchParams),
  );
const lastListQuery = (fetchMock: FetchMock) => listQueries(fetchMock).at(-1);
const location = () => currentSearch(screen.getByTestId('location'));

/** The summary card whose label is `label`: its label, amount and notes, joined by ' | '. */
function summaryCard(label: string): string {
  const totals = screen.getByRole('region', { name: /^Totals/ });
  const term = within(totals).getByText(label, { selector: 'dt' });
  return Array.from(term.parentElement?.children ?? [])
    .map((part) => part.textContent)
    .join(' | ');
}

/** The table's row of the payment whose client is `client`, cell by cell. */
function tableRow(client: string): HTMLElement {
  const table = screen.getByRole('table', { name: 'Payments' });
  const row = within(table)
    .getAllByRole('row')
    .find((candidate) => within(candidate).queryByText(client));
  if (!row) throw new Error(`no row for ${client}`);
  return row;
}

const cellTexts = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('PaymentsPage for a planner', () => {
  it('shows received, fees and net, and each payment with its date in Nairobi, parties, shares, status and receipt', async () => {
    const fetchMock = mockFetch({
      ...signedInAs(planner),
      'GET /api/payments': () =>
        listReply(
          [
            makePayment(),
            makePayment({
              _id: 'pay3',
              method: 'card',
              purpose: 'balance',
              amount: 2500.5,
              status: 'failed',
              failureReason: 'declined',
              receipt: null,
              client: null,
              packageTitle: null,
              fee: 0,
              net: 0,
            }),
          ],
          { total: 12, pages: 2 },
        ),
    });
    const { container } = renderPayments();
    expect(screen.getByRole('heading', { level: 1, name: 'Payments' })).toBeTruthy();

    await screen.findByRole('table', { name: 'Payments' });
    expect(summaryCard('Received')).toBe(`Received | Ksh 45,000 | From 3 payments | ${RECEIVED_MEANS}`);
    expect(summaryCard('Platform fees')).toBe(`Platform fees | Ksh 4,500 | ${FEES_MEANS}`);
    expect(summaryCard('Net')).toBe(`Net | Ksh 40,500 | ${NET_MEANS}`);
    expect(screen.getByRole('heading', { level: 2, name: 'Totals' })).toBeTruthy();

    const headers = within(screen.getByRole('table')).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual([
      'Date',
      'Client',
      'Package and purpose',
      'Amount',
      'Fee',
      'Net',
      'Status and receipt',
    ]);

    const paid = tableRow('Wanjiru');
    expect(cellTexts(paid)).toEqual([
      'Mon, 15 Dec 2025, 12:30',
      'Wanjiru',
      'Garden WeddingDeposit by M-Pesa',
      'Ksh 13,500',
      'Ksh 1,350',
      'Ksh 12,150',
      'Status: PaidSJK4TQ7XYZReceipt SJK4TQ7XYZ (opens in a new tab)',
    ]);
    expect(within(paid).getByRole('time').getAttribute('datetime')).toBe('2025-12-15T09:30:00.000Z');
    const receipt = within(paid).getByRole('link', { name: 'Receipt SJK4TQ7XYZ (opens in a new tab)' });
    expect(receipt.getAttribute('href')).toBe('/api/payments/pay1/receipt');
    expect(receipt.getAttribute('target')).toBe('_blank');
    expect(receipt.getAttribute('rel')).toBe('noopener');

    // Nothing went through: no fee, no net, no receipt; a deleted client and package say so.
    const failed = tableRow('Deleted user');
    expect(cellTexts(failed)).toEqual([
      'Mon, 15 Dec 2025, 12:30',
      'Deleted user',
      'Deleted packageBalance by Card',
      'Ksh 2,500.50',
      '—none',
      '—none',
      'Status: Failed',
    ]);
    expect(within(failed).queryByRole('link')).toBeNull();

    // The same payments as cards for phones.
    const card = screen.getByRole('article', { name: 'Ksh 13,500 from Wanjiru' });
    expect(within(card).getByText('Deposit by M-Pesa')).toBeTruthy();
    expect(within(card).getByText('Paid')).toBeTruthy();
    expect(within(card).getByRole('link', { name: /^Receipt SJK4TQ7XYZ/ })).toBeTruthy();
    expect(screen.getByRole('article', { name: 'Ksh 2,500.50 from Deleted user' })).toBeTruthy();

    expect(screen.getByText('12 payments, newest first.')).toBeTruthy();
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    // A planner has no filters and cannot ask the provider; the list is theirs, a page at a time.
    expect(screen.queryByRole('search')).toBeNull();
    expect(screen.queryByRole('button', { name: /Check status/ })).toBeNull();
    expect(lastListQuery(fetchMock)).toEqual({ page: '1', limit: '10' });
    await expectNoAxeViolations(container);
  });

  it('asks for the page in the address and ignores admin filters there', async () => {
    const fetchMock = mockFetch({
      ...signedInAs(planner),
      'GET /api/payments': () => listReply([makePayment()], { total: 12, pages: 2 }),
    });
    renderPayments('/dashboard/payments?page=2&status=failed');
    await screen.findByRole('table');
    expect(lastListQuery(fetchMock)).toEqual({ page: '2', limit: '10' });
  });

  it('says so when nobody has paid for their bookings yet', async () => {
    mockFetch({
      ...signedInAs(planner),
      'GET /api/payments': () => listReply([], { pages: 0, summary: NOTHING }),
    });
    const { container } = renderPayments();
    expect(await screen.findByText('No payments yet.')).toBeTruthy();
    expect(
      screen.getByText(
        'When a client pays the deposit or the balance of one of your bookings, it shows here.',
      ),
    ).toBeTruthy();
    expect(summaryCard('Received')).toBe(`Received | Ksh 0 | From 0 payments | ${RECEIVED_MEANS}`);
    expect(screen.queryByRole('table')).toBeNull();
    await expectNoAxeViolations(container);
  });

  it('says Failed to load payments. with Try Again, which loads them', async () => {
    let fail = true;
    const fetchMock = mockFetch({
      ...signedInAs(planner),
      'GET /api/payments': () =>
        fail
          ? jsonResponse({ success: false, code: 'INTERNAL', message: 'Something went wrong.' }, 500)
          : listReply([makePayment()]),
    });
    const { container } = renderPayments();
    expect(await screen.findByText('Failed to load payments.')).toBeTruthy();
    expect(screen.queryByText('Received')).toBeNull();
    await expectNoAxeViolations(container);

    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('table', { name: 'Payments' })).toBeTruthy();
    expect(summaryCard('Net')).toBe(`Net | Ksh 40,500 | ${NET_MEANS}`);
    expect(callsTo(fetchMock, 'GET /api/payments')).toHaveLength(2);
  });
});

describe('PaymentsPage for an admin', () => {
  it('shows every payment with its planner, and filters by status, method and dates kept in the address', async () => {
    const fetchMock = mockFetch({
      ...signedInAs(admin),
      'GET /api/payments': (url) => {
        const status = new URL(url, 'http://localhost').searchParams.get('status');
        return status === 'pending'
          ? listReply([pendingPayment], { summary: NOTHING })
          : listReply([makePayment(), pendingPayment], { total: 25, pages: 3 });
      },
    });
    const { container } = renderPayments('/dashboard/payments?page=2');
    await screen.findByRole('table', { name: 'Payments' });
    expect(lastListQuery(fetchMock)).toEqual({ page: '2', limit: '10' });
    expect(screen.getByRole('heading', { level: 2, name: 'Totals' })).toBeTruthy();
    expect(
      within(screen.getByRole('table')).getByRole('columnheader', { name: 'Client and planner' }),
    ).toBeTruthy();
    expect(cellTexts(tableRow('Otieno')).slice(1, 3)).toEqual([
      'Otienoto Baraka Planners',
      'Corporate GalaBalance by M-Pesa',
    ]);

    const filters = screen.getByRole('search', { name: 'Filter payments' });
    fireEvent.change(within(filters).getByLabelText('Status'), { target: { value: 'pending' } });
    await waitFor(() =>
      expect(lastListQuery(fetchMock)).toEqual({ page: '1', limit: '10', status: 'pending' }),
    );
    // A filter starts again at the first page.
    expect(Object.fromEntries(location())).toEqual({ status: 'pending' });
    await waitFor(() =>
      expect(summaryCard('Received')).toBe(
        `Received | Ksh 0 | From 0 payments | Bookings Ksh 0, plans Ksh 0 | ${RECEIVED_MEANS}`,
      ),
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Totals for these filters' })).toBeTruthy();

    fireEvent.change(within(filters).getByLabelText('Method'), { target: { value: 'mpesa' } });
    fireEvent.change(within(filters).getByLabelText('From'), { target: { value: '2025-12-01' } });
    fireEvent.change(within(filters).getByLabelText('To'), { target: { value: '2025-12-31' } });
    await waitFor(() =>
      expect(lastListQuery(fetchMock)).toEqual({
        page: '1',
        limit: '10',
        status: 'pending',
        method: 'mpesa',
        from: '2025-12-01',
        to: '2025-12-31',
      }),
    );
    expect(Object.fromEntries(location())).toEqual({
      status: 'pending',
      method: 'mpesa',
      from: '2025-12-01',
      to: '2025-12-31',
    });
    // The days bound each other, so the native pickers offer no empty range.
    expect(within(filters).getByLabelText('From').getAttribute('max')).toBe('2025-12-31');
    expect(within(filters).getByLabelText('To').getAttribute('min')).toBe('2025-12-01');

    // Back to every status.
    fireEvent.change(within(filters).getByLabelText('Status'), { target: { value: '' } });
    await waitFor(() => expect(location().has('status')).toBe(false));
    expect(lastListQuery(fetchMock)).toEqual({
      page: '1',
      limit: '10',
      method: 'mpesa',
      from: '2025-12-01',
      to: '2025-12-31',
    });
    await expectNoAxeViolations(container);
  });

  it('says under "To" when it is before "From" and asks nothing until the days make a range', async () => {
    const fetchMock = mockFetch({
      ...signedInAs(admin),
      'GET /api/payments': () => listReply([makePayment()]),
    });
    const { container } = renderPayments('/dashboard/payments?from=2025-12-10');
    await screen.findByRole('table');
    const asked = listQueries(fetchMock).length;
    const filters = screen.getByRole('search', { name: 'Filter payments' });
    const to = within(filters).getByLabelText('To');
    fireEvent.change(to, { target: { value: '2025-12-09' } });

    const message = 'The "To" date must be the same as or after the "From" date.';
    expect(await screen.findByText(message)).toBeTruthy();
    expect(to.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(to.getAttribute('aria-describedby') ?? '')?.textContent).toBe(message);
    expect(screen.queryByText('Failed to load payments.')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
    expect(listQueries(fetchMock)).toHaveLength(asked);
    await expectNoAxeViolations(container);

    fireEvent.change(to, { target: { value: '2025-12-10' } });
    expect(await screen.findByRole('table')).toBeTruthy();
    expect(screen.queryByText(message)).toBeNull();
    expect(lastListQuery(fetchMock)).toEqual({
      page: '1',
      limit: '10',
      from: '2025-12-10',
      to: '2025-12-10',
    });
  });

  it('keeps the filters of the address on a reload', async () => {
    const fetchMock = mockFetch({
      ...signedInAs(admin),
      'GET /api/payments': () => listReply([makePayment({ method: 'card' })]),
    });
    renderPayments('/dashboard/payments?status=succeeded&method=card&from=2025-12-01&to=2025-12-31');
    await screen.findByRole('table');
    expect(listQueries(fetchMock)).toEqual([
      { page: '1', limit: '10', status: 'succeeded', method: 'card', from: '2025-12-01', to: '2025-12-31' },
    ]);
    const filters = screen.getByRole('search', { name: 'Filter payments' });
    expect((within(filters).getByLabelText('Status') as HTMLSelectElement).value).toBe('succeeded');
    expect((within(filters).getByLabelText('Method') as HTMLSelectElement).value).toBe('card');
    expect((within(filters).getByLabelText('From') as HTMLInputElement).value).toBe('2025-12-01');
    expect((within(filters).getByLabelText('To') as HTMLInputElement).value).toBe('2025-12-31');
  });

  it('ignores filters in the address that are no filter', async () => {
    const fetchMock = mockFetch({
      ...signedInAs(admin),
      'GET /api/payments': () => listReply([makePayment()]),
    });
    renderPayments('/dashboard/payments?status=lost&method=cash&from=2025-02-30&to=yesterday');
    await screen.findByRole('table');
    expect(listQueries(fetchMock)).toEqual([{ page: '1', limit: '10' }]);
  });

  it('says when no payment matches the filters, and clears them', async () => {
    const fetchMock = mockFetch({
      ...signedInAs(admin),
      'GET /api/payments': (url) =>
        new URL(url, 'http://localhost').searchParams.has('method')
          ? listReply([], { pages: 0, summary: NOTHING })
          : listReply([makePayment()]),
    });
    renderPayments('/dashboard/payments?method=card&from=2025-12-01');
    expect(await screen.findByText('No payments match these filters.')).toBeTruthy();
    expect(screen.getByText('Try another status, method or dates.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByRole('table')).toBeTruthy();
    expect(location().toString()).toBe('');
    expect(lastListQuery(fetchMock)).toEqual({ page: '1', limit: '10' });
  });

  it('says Nobody has paid anything yet. without filters', async () => {
    mockFetch({
      ...signedInAs(admin),
      'GET /api/payments': () => listReply([], { pages: 0, summary: NOTHING }),
    });
    renderPayments();
    expect(await screen.findByText('Nobody has paid anything yet.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });
});

describe('Check status (admins)', () => {
  /** An admin's list holding one paid and one pending payment; `answer` is what the check answers, `afterCheck` the row then. */
  function setUp(answer: () => Response | Promise<Response>, afterCheck: PaymentListItem) {
    let current = [makePayment(), pendingPayment];
    const fetchMock = mockFetch({
      ...signedInAs(admin),
      'GET /api/payments': () => listReply(current),
      'POST /api/payments/pay2/check': async () => {
        const response = await answer();
        if (response.ok || response.status === 409) current = [makePayment(), afterCheck];
        return response;
      },
    });
    renderPayments();
    return fetchMock;
  }

  const checkButtonIn = (row: HTMLElement) =>
    within(row).getByRole('button', { name: 'Check status of Ksh 31,500 from Otieno' });

  it('offers the check on pending payments only, and shows a paid answer with its receipt; the row updates', async () => {
    let release: (response: Response) => void = () => {};
    const settled = {
      ...pendingPayment,
      status: 'succeeded' as const,
      receipt: 'SKL9PQ2ABC',
      fee: 3150,
      net: 28350,
    };
    const fetchMock = setUp(
      () =>
        new Promise<Response>((resolve) => {
          release = resolve;
        }),
      settled,
    );
    await screen.findByRole('table');
    expect(within(tableRow('Wanjiru')).queryByRole('button')).toBeNull();
    const row = tableRow('Otieno');
    expect(within(row).getByText('Waiting')).toBeTruthy();
    fireEvent.click(checkButtonIn(row));

    const busy = await within(row).findByRole('button', { name: /^Checking\.\.\./ });
    expect((busy as HTMLButtonElement).disabled).toBe(true);

    const {
      fee: _fee,
      net: _net,
      packageTitle: _title,
      client: _client,
      planner: _planner,
      ...payment
    } = settled;
    release(jsonResponse({ success: true, payment }));
    expect(await screen.findByText('Paid: Ksh 31,500 was received, receipt SKL9PQ2ABC.')).toBeTruthy();
    await waitFor(() => expect(within(tableRow('Otieno')).getByText('Paid')).toBeTruthy());
    expect(cellTexts(tableRow('Otieno')).slice(4)).toEqual([
      'Ksh 3,150',
      'Ksh 28,350',
      'Status: PaidSKL9PQ2ABCReceipt SKL9PQ2ABC (opens in a new tab)',
    ]);
    expect(within(tableRow('Otieno')).queryByRole('button')).toBeNull();
    // The keyboard stays in the list the button left.
    expect(document.activeElement).toBe(screen.getByRole('region', { name: 'Payments' }));
    expect(callsTo(fetchMock, 'POST /api/payments/pay2/check')).toHaveLength(1);
  });

  it('says a payment confirmed before its M-Pesa receipt number came is paid, the number to follow, and shows no request id as a receipt', async () => {
    // Daraja's status query confirmed it: its CheckoutRequestID stands in as the receipt for now.
    const settled = {
      ...pendingPayment,
      status: 'succeeded' as const,
      receipt: 'ws_CO_20251220170500123456',
      receiptProvisional: true,
      fee: 3150,
      net: 28350,
    };
    const { fee: _fee, net: _net, packageTitle: _t, client: _c, planner: _p, ...payment } = settled;
    setUp(() => jsonResponse({ success: true, payment }), settled);
    await screen.findByRole('table');
    fireEvent.click(checkButtonIn(tableRow('Otieno')));
    expect(
      await screen.findByText("Paid: Ksh 31,500 was received. M-Pesa's receipt number will follow."),
    ).toBeTruthy();
    await waitFor(() => expect(within(tableRow('Otieno')).getByText('Paid')).toBeTruthy());
    expect(cellTexts(tableRow('Otieno')).slice(4)).toEqual([
      'Ksh 3,150',
      'Ksh 28,350',
      'Status: PaidM-Pesa receipt no. to followReceipt (opens in a new tab)',
    ]);
    expect(document.body.textContent).not.toContain('ws_CO_');
  });

  it.each([
    {
      status: 'cancelled',
      failureReason: 'cancelled_by_user',
      text: 'Not paid (Ksh 31,500). The payment was cancelled on the phone.',
      label: 'Cancelled',
    },
    {
      status: 'failed',
      failureReason: 'wrong_pin',
      text: 'Not paid (Ksh 31,500). The M-Pesa PIN entered was wrong, so nothing was paid.',
      label: undefined,
    },
    {
      status: 'expired',
      failureReason: 'expired',
      text: 'Not paid (Ksh 31,500). The payment was not completed in time.',
      label: 'Expired',
    },
  ] as const)(
    'says why a $status payment did not go through, in words',
    async ({ status, failureReason, text, label }) => {
      const ended = { ...pendingPayment, status, failureReason };
      setUp(() => jsonResponse({ success: true, payment: ended }), ended);
      await screen.findByRole('table');
      fireEvent.click(checkButtonIn(tableRow('Otieno')));
      expect(await screen.findByText(text)).toBeTruthy();
      if (label) await waitFor(() => expect(within(tableRow('Otieno')).getByText(label)).toBeTruthy());
    },
  );

  it('says when the provider has no answer yet, and keeps the button', async () => {
    const fetchMock = setUp(() => jsonResponse({ success: true, payment: pendingPayment }), pendingPayment);
    await screen.findByRole('table');
    fireEvent.click(checkButtonIn(tableRow('Otieno')));
    expect(
      await screen.findByText(
        'Still waiting: the provider has no answer yet for the payment of Ksh 31,500. It is checked again automatically.',
      ),
    ).toBeTruthy();
    await waitFor(() =>
      expect((checkButtonIn(tableRow('Otieno')) as HTMLButtonElement).disabled).toBe(false),
    );
    expect(within(tableRow('Otieno')).getByText('Waiting')).toBeTruthy();
    fireEvent.click(checkButtonIn(tableRow('Otieno')));
    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/payments/pay2/check')).toHaveLength(2));
  });

  it("shows the server's reason when the payment is no longer pending, and refreshes the list", async () => {
    const expired = { ...pendingPayment, status: 'expired' as const, failureReason: 'expired' };
    setUp(
      () =>
        jsonResponse(
          { success: false, code: 'CONFLICT', message: 'Only a pending payment can be checked.' },
          409,
        ),
      expired,
    );
    await screen.findByRole('table');
    fireEvent.click(checkButtonIn(tableRow('Otieno')));
    expect(await screen.findByText('Only a pending payment can be checked.')).toBeTruthy();
    await waitFor(() => expect(within(tableRow('Otieno')).getByText('Expired')).toBeTruthy());
    expect(within(tableRow('Otieno')).queryByRole('button')).toBeNull();
  });
});

describe('PaymentsPage: plan payments and what each total means', () => {
  it('shows an admin a plan payment as one (who paid, which plan; no planner, no package, no fee) and every total with its meaning', async () => {
    mockFetch({
      ...signedInAs(admin),
      'GET /api/payments': () =>
        listReply(
          [
            makePayment({
              _id: 'plan1',
              purpose: 'plan',
              amount: 1300,
              booking: undefined,
              planId: 'basic',
              planName: 'Basic',
              packageTitle: null,
              client: { _id: 'c3', username: 'Akinyi' },
              planner: null,
              fee: 0,
              net: 0,
            }),
          ],
          {
            summary: {
              received: 460300,
              bookings: 459000,
              plans: 1300,
              refunded: 6000,
              fees: 45300,
              net: 407700,
              platformRevenue: 46600,
              count: 5,
            },
          },
        ),
    });
    renderPayments();
    await screen.findByRole('table', { name: 'Payments' });
    expect(cellTexts(tableRow('Akinyi')).slice(1, 6)).toEqual([
      'Akinyi',
      'Basic planPlan by M-Pesa',
      'Ksh 1,300',
      '—none',
      '—none',
    ]);
    expect(screen.queryByText(/Deleted (user|package)/)).toBeNull();
    expect(summaryCard('Received')).toBe(
      `Received | Ksh 460,300 | From 5 payments | Bookings Ksh 459,000, plans Ksh 1,300 | ${RECEIVED_MEANS}`,
    );
    expect(summaryCard('Refunded')).toBe(
      'Refunded | Ksh 6,000 | Given back to clients by completed refunds.',
    );
    expect(summaryCard('Platform fees')).toBe(`Platform fees | Ksh 45,300 | ${FEES_MEANS}`);
    expect(summaryCard('Net')).toBe(`Net | Ksh 407,700 | ${NET_MEANS}`);
    expect(summaryCard('Platform revenue')).toBe(
      'Platform revenue | Ksh 46,600 | Platform fees plus plan payments.',
    );
  });

  it('shows a planner no plan split and no platform revenue', async () => {
    mockFetch({
      ...signedInAs(planner),
      'GET /api/payments': () => listReply([makePayment()]),
    });
    renderPayments();
    await screen.findByRole('table', { name: 'Payments' });
    expect(summaryCard('Received')).not.toContain('plans');
    expect(screen.queryByText('Platform revenue')).toBeNull();
  });
});
