import type { Job } from '@sherehe/shared/schemas/jobs';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { callsTo, jsonResponse, lastQueryOf, mockFetch, signedInAs } from '@/test/fetch-mock';
import { makeUser } from '@/test/fixtures';
import { currentSearch, LocationProbe } from '@/test/location-probe';
import { renderWithApp } from '@/test/render';
import JobsPage from './jobs-page';

const admin = makeUser({ role: 'admin' });

function makeJob(overrides: Partial<Job> = {}): Job {
  return {
    _id: 'j1',
    kind: 'mail',
    status: 'failed',
    summary: 'Your booking is confirmed, to grace@example.com',
    attempts: 15,
    maxAttempts: 15,
    lastError: 'connect ECONNREFUSED 10.0.0.25:587',
    runAt: '2025-12-15T09:00:00.000Z',
    createdAt: '2025-12-15T00:00:00.000Z',
    updatedAt: '2025-12-15T09:30:00.000Z',
    completedAt: null,
    ...overrides,
  };
}

function listReply(jobs: Job[]) {
  return jsonResponse({ success: true, jobs, total: jobs.length, page: 1, pages: 1 });
}

function renderJobs(route = '/dashboard/jobs') {
  return renderWithApp(
    <Routes>
      <Route
        path="/dashboard/jobs"
        element={
          <>
            <JobsPage />
            <LocationProbe />
          </>
        }
      />
    </Routes>,
    { route },
  );
}

describe('JobsPage', () => {
  it('lists failed jobs with summary, kind, tries, last change in Nairobi time and the last error', async () => {
    const fetchMock = mockFetch({
      ...signedInAs(admin),
      'GET /api/admin/jobs': () =>
        jsonResponse({
          success: true,
          jobs: [
            makeJob(),
            makeJob({
              _id: 'j2',
              kind: 'password-reset',
              summary: 'password-reset for brian@example.com',
              attempts: 1,
              maxAttempts: 1,
              lastError: null,
            }),
          ],
          total: 12,
          page: 1,
          pages: 2,
        }),
    });
    renderJobs();
    expect(screen.getByRole('heading', { level: 1, name: 'Background jobs' })).toBeTruthy();
    const card = await screen.findByRole('article', {
      name: 'Your booking is confirmed, to grace@example.com',
    });
    expect(within(card).getByText('mail')).toBeTruthy();
    expect(within(card).getByText('15 of 15 tries')).toBeTruthy();
    expect(within(card).getByText('Mon, 15 Dec 2025, 12:30').getAttribute('datetime')).toBe(
      '2025-12-15T09:30:00.000Z',
    );
    expect(within(card).getByText('connect ECONNREFUSED 10.0.0.25:587')).toBeTruthy();
    expect(within(card).getByText('Failed')).toBeTruthy();
    expect(
      within(card).getByRole('button', { name: 'Retry Your booking is confirmed, to grace@example.com' }),
    ).toBeTruthy();

    const other = screen.getByRole('article', { name: 'password-reset for brian@example.com' });
    expect(within(other).getByText('1 of 1 try')).toBeTruthy();
    expect(within(other).queryByText('Last error')).toBeNull();

    expect(screen.getByText('12 failed jobs, the latest change first.')).toBeTruthy();
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    expect(lastQueryOf(fetchMock, 'GET /api/admin/jobs')).toEqual({
      status: 'failed',
      page: '1',
      limit: '10',
    });
  });

  it('says so when no job has failed, and offers the other statuses', async () => {
    const fetchMock = mockFetch({
      ...signedInAs(admin),
      'GET /api/admin/jobs': (url) =>
        new URL(url, 'http://localhost').searchParams.get('status') === 'failed'
          ? listReply([])
          : listReply([makeJob({ status: 'done', lastError: null, attempts: 1 })]),
    });
    renderJobs();
    expect(
      await screen.findByText('No failed jobs. Everything the server had to do in the background got done.'),
    ).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'all' } });
    const card = await screen.findByRole('article', { name: /Your booking is confirmed/ });
    expect(within(card).getByText('Done')).toBeTruthy();
    // Only a failed job can be retried.
    expect(within(card).queryByRole('button')).toBeNull();
    expect(currentSearch(screen.getByTestId('location')).get('status')).toBe('all');
    expect(lastQueryOf(fetchMock, 'GET /api/admin/jobs')).toEqual({ page: '1', limit: '10' });
  });

  it('retries a failed job: Retrying... while busy, the server message, and the job leaves the list', async () => {
    let jobs = [makeJob(), makeJob({ _id: 'j2', summary: 'Welcome, to otieno@example.com' })];
    let answer: (response: Response) => void = () => {};
    const fetchMock = mockFetch({
      ...signedInAs(admin),
      'GET /api/admin/jobs': () => listReply(jobs),
      'POST /api/admin/jobs/j1/retry': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    renderJobs();
    const card = await screen.findByRole('article', { name: /Your booking is confirmed/ });
    fireEvent.click(within(card).getByRole('button', { name: /^Retry/ }));

    const busy = await within(card).findByRole('button', { name: /^Retrying\.\.\./ });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    // The other job's button is its own.
    const other = screen.getByRole('article', { name: /Welcome/ });
    expect((within(other).getByRole('button', { name: /^Retry / }) as HTMLButtonElement).disabled).toBe(
      false,
    );

    jobs = [jobs[1] as Job];
    answer(
      jsonResponse({
        success: true,
        message: 'The job will run again shortly.',
        job: makeJob({ status: 'pending', attempts: 0 }),
      }),
    );
    expect(await screen.findByText('The job will run again shortly.')).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: /Your booking is confirmed/ })).toBeNull(),
    );
    expect(screen.getByRole('article', { name: /Welcome/ })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('region', { name: 'Jobs' }));
    expect(callsTo(fetchMock, 'POST /api/admin/jobs/j1/retry')).toHaveLength(1);
  });

  it("shows the server's reason when a retry is refused, and refreshes the list", async () => {
    let jobs = [makeJob()];
    const fetchMock = mockFetch({
      ...signedInAs(admin),
      'GET /api/admin/jobs': () => listReply(jobs),
      'POST /api/admin/jobs/j1/retry': () => {
        // Another admin was quicker.
        jobs = [];
        return jsonResponse(
          { success: false, code: 'CONFLICT', message: 'Only a failed job can be retried.' },
          409,
        );
      },
    });
    renderJobs();
    const card = await screen.findByRole('article', { name: /Your booking is confirmed/ });
    fireEvent.click(within(card).getByRole('button', { name: /^Retry/ }));
    expect(await screen.findByText('Only a failed job can be retried.')).toBeTruthy();
    expect(
      await screen.findByText('No failed jobs. Everything the server had to do in the background got done.'),
    ).toBeTruthy();
    expect(callsTo(fetchMock, 'GET /api/admin/jobs').length).toBeGreaterThanOrEqual(2);
  });

  it('says Failed to load jobs. with Try Again', async () => {
    mockFetch({
      ...signedInAs(admin),
      'GET /api/admin/jobs': () => jsonResponse({ success: false, code: 'FORBIDDEN', message: 'x' }, 403),
    });
    renderJobs();
    expect(await screen.findByText('Failed to load jobs.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });
});
