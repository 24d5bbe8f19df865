import type { ContactMessage } from '@sherehe/shared/schemas/contact';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '@/test/axe';
import { callsTo, jsonResponse, mockFetch, signedInAs } from '@/test/fetch-mock';
import { makeUser } from '@/test/fixtures';
import { renderWithApp } from '@/test/render';
import MessagesPage from './messages-page';

const admin = makeUser({ role: 'admin' });

function makeMessage(overrides: Partial<ContactMessage> = {}): ContactMessage {
  return {
    _id: 'm1',
    name: 'Grace Wanjiku',
    email: 'grace@example.com',
    message: 'Do you cover Kisumu?\nWe are 80 guests.',
    priority: false,
    user: { _id: 'u1', username: 'Grace W', role: 'client' },
    createdAt: '2026-12-14T09:30:00.000Z',
    handledAt: null,
    handledBy: null,
    answer: null,
    ...overrides,
  };
}

/** The server's answer listing `messages`, all on one page. */
const onePage = (messages: ContactMessage[]) =>
  jsonResponse({ success: true, messages, total: messages.length, page: 1, pages: 1 });

/** The card of the message from `name`, once it shows. */
const cardOf = async (name: string) =>
  (await screen.findByRole('heading', { name })).closest('article') as HTMLElement;

describe('MessagesPage', () => {
  it('lists messages with email link, date, text, priority marker and profile link', async () => {
    const fetchMock = mockFetch({
      ...signedInAs(admin),
      'GET /api/messages': () =>
        jsonResponse({
          success: true,
          messages: [
            makeMessage({ _id: 'm2', name: 'Otieno Events', priority: true, user: null }),
            makeMessage(),
          ],
          total: 12,
          page: 1,
          pages: 2,
        }),
    });
    renderWithApp(<MessagesPage />, { route: '/dashboard/messages' });
    expect(screen.getByRole('heading', { level: 1, name: 'Messages' })).toBeTruthy();
    const first = await cardOf('Otieno Events');
    expect(within(first).getByText('Priority')).toBeTruthy();
    expect(within(first).queryByRole('link', { name: /profile/ })).toBeNull();

    const second = screen.getByRole('heading', { name: 'Grace Wanjiku' }).closest('article') as HTMLElement;
    expect(within(second).queryByText('Priority')).toBeNull();
    expect(within(second).getByRole('link', { name: 'grace@example.com' }).getAttribute('href')).toBe(
      'mailto:grace@example.com',
    );
    expect(within(second).getByText('Mon, 14 Dec 2026, 12:30')).toBeTruthy();
    expect(within(second).getByText(/Do you cover Kisumu\?/)).toBeTruthy();
    expect(within(second).getByRole('link', { name: "View Grace W's profile" }).getAttribute('href')).toBe(
      '/user/u1',
    );
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    const url = new URL(String(callsTo(fetchMock, 'GET /api/messages')[0]?.[0]), 'http://localhost');
    expect(Object.fromEntries(url.searchParams)).toEqual({ page: '1', limit: '10' });
  });

  it('says when there are no messages', async () => {
    mockFetch({
      ...signedInAs(admin),
      'GET /api/messages': () => onePage([]),
    });
    renderWithApp(<MessagesPage />, { route: '/dashboard/messages' });
    expect(await screen.findByText('No messages yet.')).toBeTruthy();
  });

  it('says Failed to load messages. with Try Again', async () => {
    mockFetch({
      ...signedInAs(admin),
      'GET /api/messages': () => jsonResponse({ success: false, code: 'FORBIDDEN', message: 'x' }, 403),
    });
    renderWithApp(<MessagesPage />, { route: '/dashboard/messages' });
    expect(await screen.findByText('Failed to load messages.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });

  it('answers a message by email: the answer is sent, and the message then shows handled by the admin', async () => {
    let answered = false;
    const fetchMock = mockFetch({
      ...signedInAs(admin),
      'GET /api/messages': () =>
        onePage([
          answered
            ? makeMessage({
                handledAt: '2026-12-15T07:00:00.000Z',
                handledBy: { _id: 'a1', username: 'Neema' },
                answer: 'Yes, we cover Kisumu.',
              })
            : makeMessage(),
        ]),
      'POST /api/messages/m1/answer': () => {
        answered = true;
        return jsonResponse({
          success: true,
          message: 'Answer sent by email. The message is marked as handled.',
          data: makeMessage(),
        });
      },
    });
    const { container } = renderWithApp(<MessagesPage />, { route: '/dashboard/messages' });
    const card = await cardOf('Grace Wanjiku');
    expect(within(card).getByText('Not handled')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Answer' }));
    const box = within(card).getByLabelText('Your answer');
    expect(
      within(card).getByText('It is sent by email to grace@example.com, in the language of their account.'),
    ).toBeTruthy();
    // Nothing to send yet: said on the field, nothing asked.
    fireEvent.click(within(card).getByRole('button', { name: 'Send answer' }));
    expect(await within(card).findByText('The answer is required.')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/messages/m1/answer')).toHaveLength(0);
    await expectNoAxeViolations(container);

    fireEvent.change(box, { target: { value: 'Yes, we cover Kisumu.' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Send answer' }));
    await waitFor(() => expect(within(card).getByText('Handled')).toBeTruthy());
    const [call] = callsTo(fetchMock, 'POST /api/messages/m1/answer');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ message: 'Yes, we cover Kisumu.' });
    expect(within(card).getByText('Handled by Neema on Tue, 15 Dec 2026, 10:00.')).toBeTruthy();
    expect(within(card).getByText('Yes, we cover Kisumu.')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Answer' })).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Mark as handled' })).toBeNull();
  });

  it('marks a message handled without answering, and says why when the server refuses', async () => {
    let handled = false;
    const fetchMock = mockFetch({
      ...signedInAs(admin),
      'GET /api/messages': () =>
        onePage([
          handled ? makeMessage({ handledAt: '2026-12-15T07:00:00.000Z', handledBy: null }) : makeMessage(),
          makeMessage({ _id: 'm2', name: 'Otieno Events' }),
        ]),
      'PATCH /api/messages/m1': () => {
        handled = true;
        return jsonResponse({ success: true, message: 'Marked as handled.', data: makeMessage() });
      },
      'PATCH /api/messages/m2': () =>
        jsonResponse({ success: false, code: 'NOT_FOUND', message: 'Message not found.' }, 404),
    });
    renderWithApp(<MessagesPage />, { route: '/dashboard/messages' });
    const card = await cardOf('Grace Wanjiku');
    fireEvent.click(within(card).getByRole('button', { name: 'Mark as handled' }));
    await waitFor(() => expect(within(card).getByText('Handled on Tue, 15 Dec 2026, 10:00.')).toBeTruthy());
    expect(JSON.parse(String(callsTo(fetchMock, 'PATCH /api/messages/m1')[0]?.[1]?.body))).toEqual({
      handled: true,
    });
    expect(within(card).queryByRole('button', { name: 'Mark as handled' })).toBeNull();
    // Handled without an answer: it may still be answered.
    expect(within(card).getByRole('button', { name: 'Answer' })).toBeTruthy();

    const other = screen.getByRole('heading', { name: 'Otieno Events' }).closest('article') as HTMLElement;
    fireEvent.click(within(other).getByRole('button', { name: 'Mark as handled' }));
    expect((await within(other).findByRole('alert')).textContent).toBe('Message not found.');
  });

  it('filters handled and not handled messages, kept in the address, and says when none match', async () => {
    const fetchMock = mockFetch({
      ...signedInAs(admin),
      'GET /api/messages': (url) =>
        new URL(url, 'http://localhost').searchParams.get('state') === 'handled'
          ? onePage([])
          : onePage([makeMessage()]),
    });
    renderWithApp(<MessagesPage />, { route: '/dashboard/messages' });
    expect(await screen.findByText('1 message: not handled first, newest first.')).toBeTruthy();
    const queries = () =>
      callsTo(fetchMock, 'GET /api/messages').map(([input]) =>
        Object.fromEntries(new URL(String(input), 'http://localhost').searchParams),
      );
    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'handled' } });
    expect(await screen.findByText('No messages here.')).toBeTruthy();
    expect(queries().at(-1)).toEqual({ page: '1', limit: '10', state: 'handled' });
    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'unhandled' } });
    await waitFor(() => expect(queries().at(-1)).toEqual({ page: '1', limit: '10', state: 'unhandled' }));
    expect(await screen.findByRole('heading', { name: 'Grace Wanjiku' })).toBeTruthy();
  });
});
