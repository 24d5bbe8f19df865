import type { AuditEvent } from '@sherehe/shared/schemas/audit';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { jsonResponse, lastQueryOf, mockFetch, signedInAs } from '@/test/fetch-mock';
import { makeUser } from '@/test/fixtures';
import { currentSearch, LocationProbe } from '@/test/location-probe';
import { renderWithApp } from '@/test/render';
import AuditPage from './audit-page';

const admin = makeUser({ role: 'admin' });

function makeEvent(overrides: Partial<AuditEvent> = {}): AuditEvent {
  return {
    _id: 'a1',
    at: '2025-12-15T09:30:00.000Z',
    actor: { _id: 'u1', username: 'Sherehe Admin', deleted: false },
    actorRole: 'admin',
    action: 'user.role_changed',
    subjectType: 'user',
    subjectId: 'u2',
    summary: { before: { role: 'client' }, after: { role: 'planner' } },
    requestId: 'r1',
    ip: '127.0.0.1',
    ...overrides,
  };
}

function renderAudit(route = '/dashboard/audit') {
  return renderWithApp(
    <Routes>
      <Route
        path="/dashboard/audit"
        element={
          <>
            <AuditPage />
            <LocationProbe />
          </>
        }
      />
    </Routes>,
    { route },
  );
}

describe('AuditPage', () => {
  it('shows the trail in a table: when, who (the system, a deleted user), what, about what and the details', async () => {
    mockFetch({
      ...signedInAs(admin),
      'GET /api/admin/audit': () =>
        jsonResponse({
          success: true,
          events: [
            makeEvent(),
            makeEvent({
              _id: 'a2',
              actor: null,
              actorRole: 'system',
              action: 'payment.succeeded',
              subjectType: 'payment',
              subjectId: 'p1',
              summary: { amountCents: 300000 },
            }),
            makeEvent({ _id: 'a3', actor: { _id: null, username: 'Deleted user', deleted: true } }),
          ],
          total: 3,
          page: 1,
          pages: 1,
        }),
    });
    renderAudit();
    const table = await screen.findByRole('table', { name: 'Audit trail' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(rows[1]?.textContent).toContain('Sherehe Admin');
    expect(rows[1]?.textContent).toContain('Role changed');
    expect(rows[1]?.textContent).toContain('after: {"role":"planner"}');
    expect(rows[2]?.textContent).toContain('System');
    expect(rows[2]?.textContent).toContain('Payment succeeded');
    expect(rows[2]?.textContent).toContain('amountCents: 300000');
    expect(rows[3]?.textContent).toContain('Deleted user');
    expect(screen.getByText('3 records, the newest first.')).toBeTruthy();
  });

  it('filters by who, what and when in the URL and asks the server for that page', async () => {
    const fetchMock = mockFetch({
      ...signedInAs(admin),
      'GET /api/admin/audit': () => jsonResponse({ success: true, events: [], total: 0, page: 1, pages: 1 }),
    });
    renderAudit('/dashboard/audit?from=2025-12-01&page=2&action=bogus');
    expect(await screen.findByText('Nothing recorded matches your filters.')).toBeTruthy();
    // An unknown action is left out rather than sent to be refused.
    expect(lastQueryOf(fetchMock, 'GET /api/admin/audit')).toEqual({
      from: '2025-12-01',
      page: '2',
      limit: '20',
    });

    fireEvent.change(screen.getByLabelText('What'), { target: { value: 'payout.recorded' } });
    await waitFor(() =>
      expect(currentSearch(screen.getByTestId('location')).get('action')).toBe('payout.recorded'),
    );
    fireEvent.change(screen.getByLabelText('Who'), { target: { value: '  Sherehe Admin ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() =>
      expect(lastQueryOf(fetchMock, 'GET /api/admin/audit')).toEqual({
        actor: 'Sherehe Admin',
        action: 'payout.recorded',
        from: '2025-12-01',
        page: '1',
        limit: '20',
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() =>
      expect(lastQueryOf(fetchMock, 'GET /api/admin/audit')).toEqual({ page: '1', limit: '20' }),
    );
  });
});
