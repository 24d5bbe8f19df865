import { refundsMessages } from '@sherehe/shared/messages/refunds';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, fieldRefusal, jsonResponse, mockFetch } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import EarningsPage from './earnings-page';
import PayoutsPage from './payouts-page';

const PLANNER = { _id: '0a0a0a0a-0000-4000-8000-000000000002', username: 'Wanjiru Events' };

/** Exactly one payout was recorded, with `body`. */
async function expectOnePayoutSent(fetchMock: ReturnType<typeof mockFetch>, body: unknown) {
  await waitFor(() => expect(callsTo(fetchMock, 'POST /api/payouts')).toHaveLength(1));
  const [, init] = callsTo(fetchMock, 'POST /api/payouts')[0]!;
  expect(JSON.parse(String(init?.body))).toEqual(body);
}

describe('the Earnings page', () => {
  it('shows the pending and payable balances, the ledger and the payouts', async () => {
    mockFetch({
      'GET /api/earnings': () =>
        jsonResponse({
          success: true,
          balance: 2700,
          pending: 700,
          payable: 2000,
          entries: [
            {
              _id: 'e1',
              kind: 'fee',
              amount: -300,
              booking: 'b1',
              packageTitle: 'Garden Wedding',
              payment: 'p1',
              refund: null,
              payout: null,
              createdAt: '2026-01-02T09:00:00.000Z',
            },
          ],
          payouts: [
            {
              _id: 'o1',
              planner: PLANNER,
              amount: 500,
              reference: 'QFT4XYZ123',
              createdAt: '2026-01-03T09:00:00.000Z',
            },
          ],
        }),
    });
    renderWithApp(<EarningsPage />);
    expect(await screen.findByText('Ksh 2,700')).toBeTruthy();
    expect(screen.getByText('Ksh 700')).toBeTruthy();
    expect(screen.getByText('Ksh 2,000')).toBeTruthy();
    expect(screen.getByText('Platform fee')).toBeTruthy();
    expect(screen.getByText(/QFT4XYZ123/)).toBeTruthy();
    // What the balance is, in words.
    expect(
      screen.getByText(
        'Balance: what clients paid for your bookings, less platform fees, refunds and the payouts made to you.',
      ),
    ).toBeTruthy();
  });
});

describe('the Payouts page', () => {
  it('lists what planners are owed and records a payout with its M-Pesa reference', async () => {
    const fetchMock = mockFetch({
      'GET /api/payouts': () =>
        jsonResponse({
          success: true,
          planners: [{ planner: PLANNER, balance: 3000, pending: 1000, payable: 2000 }],
          payouts: [],
        }),
      'POST /api/payouts': () =>
        jsonResponse(
          {
            success: true,
            payout: {
              _id: 'o2',
              planner: PLANNER,
              amount: 1500,
              reference: 'QFT4XYZ124',
              createdAt: '2026-01-04T09:00:00.000Z',
            },
          },
          201,
        ),
    });
    renderWithApp(<PayoutsPage />);
    const owed = await screen.findByRole('table');
    expect(within(owed).getByText('Wanjiru Events')).toBeTruthy();
    expect(
      screen.getByText(
        "Each planner's balance: what clients paid for their bookings, less platform fees, refunds and payouts.",
      ),
    ).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Amount (Ksh)'), { target: { value: '1500' } });
    fireEvent.change(screen.getByLabelText('M-Pesa reference'), { target: { value: 'QFT4XYZ124' } });
    fireEvent.click(screen.getByRole('button', { name: 'Record payout' }));
    await expectOnePayoutSent(fetchMock, {
      plannerId: PLANNER._id,
      amount: 1500,
      reference: 'QFT4XYZ124',
    });
    expect(await screen.findByText('Payout of Ksh 1,500 to Wanjiru Events recorded.')).toBeTruthy();
  });

  it('reads shillings as people write them, and says under each field what is wrong, sending nothing', async () => {
    const planners = [{ planner: PLANNER, balance: 9000, pending: 0, payable: 9000 }];
    const fetchMock = mockFetch({
      'GET /api/payouts': () => jsonResponse({ success: true, planners, payouts: [] }),
      'POST /api/payouts': () =>
        jsonResponse(
          {
            success: true,
            payout: {
              _id: 'o3',
              planner: PLANNER,
              amount: 5000.5,
              reference: 'QFT4XYZ125',
              createdAt: '2026-01-04T09:00:00.000Z',
            },
          },
          201,
        ),
    });
    renderWithApp(<PayoutsPage />);
    await screen.findByRole('table');
    const amount = screen.getByLabelText('Amount (Ksh)');
    const reference = screen.getByLabelText('M-Pesa reference');
    const send = () => fireEvent.click(screen.getByRole('button', { name: 'Record payout' }));

    // Nothing typed, then a wrong amount and a short code: told under each field, nothing sent.
    send();
    expect(await screen.findByText(refundsMessages.amountInvalid)).toBeTruthy();
    expect(screen.getByText(refundsMessages.referenceInvalid)).toBeTruthy();
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    for (const typed of ['abc', '0', '10.505', '5.000,50']) {
      fireEvent.change(amount, { target: { value: typed } });
      fireEvent.change(reference, { target: { value: 'QFT4' } });
      send();
      expect(await screen.findByText(refundsMessages.amountInvalid)).toBeTruthy();
    }
    expect(callsTo(fetchMock, 'POST /api/payouts')).toHaveLength(0);

    // Thousands commas and a lower-case code are what people type: sent as 5000.5 and QFT4XYZ125.
    fireEvent.change(amount, { target: { value: ' 5,000.50 ' } });
    fireEvent.change(reference, { target: { value: 'qft4xyz125' } });
    send();
    await expectOnePayoutSent(fetchMock, {
      plannerId: PLANNER._id,
      amount: 5000.5,
      reference: 'QFT4XYZ125',
    });
    expect(await screen.findByText('Payout of Ksh 5,000.50 to Wanjiru Events recorded.')).toBeTruthy();
    expect(screen.queryByText(refundsMessages.amountInvalid)).toBeNull();
  });

  it('puts the server’s refusal of a field under that field, and any other refusal in its own words', async () => {
    let answer = () => fieldRefusal('amount', 'amount is too large.');
    mockFetch({
      'GET /api/payouts': () =>
        jsonResponse({
          success: true,
          planners: [{ planner: PLANNER, balance: 2000, pending: 0, payable: 2000 }],
          payouts: [],
        }),
      'POST /api/payouts': () => answer(),
    });
    renderWithApp(<PayoutsPage />);
    await screen.findByRole('table');
    const amount = screen.getByLabelText('Amount (Ksh)');
    fireEvent.change(amount, { target: { value: '200000000' } });
    fireEvent.change(screen.getByLabelText('M-Pesa reference'), { target: { value: 'QFT4XYZ126' } });
    fireEvent.click(screen.getByRole('button', { name: 'Record payout' }));
    const problem = await screen.findByText('amount is too large.');
    expect(problem.id).toBe(amount.getAttribute('aria-describedby'));

    // More than the planner is owed: the server's words, not a generic failure.
    answer = () =>
      jsonResponse(
        { success: false, code: 'CONFLICT', message: 'Only Ksh 2,000 is payable to this planner.' },
        409,
      );
    fireEvent.change(amount, { target: { value: '3000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Record payout' }));
    expect(await screen.findByText('Only Ksh 2,000 is payable to this planner.')).toBeTruthy();
    expect(screen.queryByText('amount is too large.')).toBeNull();
  });
});
