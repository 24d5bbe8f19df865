import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, jsonResponse, mockFetch, signedInAs, signedOut } from '@/test/fetch-mock';
import { makeUser } from '@/test/fixtures';
import { renderWithApp } from '@/test/render';
import ContactPage from './contact-page';

const client = makeUser({ firstName: 'Grace', lastName: 'Wanjiku', email: 'grace@example.com' });
const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;
const sendButton = () => screen.getByRole('button', { name: /^Send Message|^Sending/ });

describe('ContactPage', () => {
  it('shows the contact details and prefills name and email from the signed-in user', async () => {
    const fetchMock = mockFetch({
      ...signedInAs(client),
      'POST /api/messages': () =>
        jsonResponse(
          {
            success: true,
            message: 'Message sent successfully! We will get back to you soon.',
            data: { _id: 'm1' },
          },
          201,
        ),
    });
    renderWithApp(<ContactPage />, { route: '/contact' });
    expect(screen.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'hello@sherehe.co.ke' }).getAttribute('href')).toBe(
      'mailto:hello@sherehe.co.ke',
    );
    await waitFor(() => expect(value('Name')).toBe('Grace Wanjiku'));
    expect(value('Email')).toBe('grace@example.com');
    expect(screen.getByLabelText('Email').getAttribute('type')).toBe('email');
    expect(sendButton().matches(':disabled')).toBe(false);

    fireEvent.click(sendButton());
    expect(await screen.findByText('Message is required.')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/messages')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Do you cover Kisumu?' } });
    fireEvent.click(sendButton());
    expect(await screen.findByText('Message sent successfully! We will get back to you soon.')).toBeTruthy();
    expect(JSON.parse(String(callsTo(fetchMock, 'POST /api/messages')[0]?.[1]?.body))).toEqual({
      name: 'Grace Wanjiku',
      email: 'grace@example.com',
      message: 'Do you cover Kisumu?',
    });
    await waitFor(() => expect(value('Message')).toBe(''));
  });

  it('tells a guest to log in and does not let them send', async () => {
    mockFetch(signedOut());
    renderWithApp(<ContactPage />, { route: '/contact' });
    expect(await screen.findByText('Please log in to send us a message.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(
      '/login?mode=login&next=%2Fcontact',
    );
    expect(value('Name')).toBe('');
    expect(sendButton().matches(':disabled')).toBe(true);
  });

  it("refuses an admin with the specification's text", async () => {
    mockFetch({
      ...signedInAs(makeUser({ role: 'admin' })),
    });
    renderWithApp(<ContactPage />, { route: '/contact' });
    expect(await screen.findByText('Admins are not allowed to send messages via this form.')).toBeTruthy();
    expect(sendButton().matches(':disabled')).toBe(true);
  });

  it("reads the server's reason from `error`, else says Failed to send message.", async () => {
    let reply = () =>
      jsonResponse({ success: false, code: 'RATE_LIMITED', error: 'Slow down, please.' }, 429);
    mockFetch({
      ...signedInAs(client),
      'POST /api/messages': () => reply(),
    });
    renderWithApp(<ContactPage />, { route: '/contact' });
    await waitFor(() => expect(value('Name')).toBe('Grace Wanjiku'));
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Hello' } });
    fireEvent.click(sendButton());
    expect(await screen.findByText('Slow down, please.')).toBeTruthy();

    reply = () => new Response('oops', { status: 500 });
    fireEvent.click(sendButton());
    expect(await screen.findByText('Failed to send message.')).toBeTruthy();
    expect(value('Message')).toBe('Hello');
  });
});
