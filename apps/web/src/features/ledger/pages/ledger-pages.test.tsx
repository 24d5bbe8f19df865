import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, jsonResponse, mockFetch } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import EarningsPage from './earnings-page';
import PayoutsPage from './payouts-page';

const PLANNER = { _id: '0a0a0a0a-0000-4000-8000-000000000002', username: 'Wanjiru Events' };

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
    fireEvent.change(screen.getByLabelText('Amount (Ksh)'), { target: { value: '1500' } });
    fireEvent.change(screen.getByLabelText('M-Pesa reference'), { target: { value: 'QFT4XYZ124' } });
    fireEvent.click(screen.getByRole('button', { name: 'Record payout' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/payouts')).toHaveLength(1));
    const [, init] = callsTo(fetchMock, 'POST /api/payouts')[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({
      plannerId: PLANNER._id,
      amount: 1500,
      reference: 'QFT4XYZ124',
    });
    expect(await screen.findByText('Payout of Ksh 1,500 to Wanjiru Events recorded.')).toBeTruthy();
  });
});
