import type { ChatMessage } from '@sherehe/shared/socket-events';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BOOKING_ID, CLIENT_ID, PLANNER_ID } from '@/test/booking-fixtures';
import { type FakeChatConnection, latestChatConnection } from '@/test/fake-chat';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { makeUser } from '@/test/fixtures';
import { renderWithApp } from '@/test/render';
import { ChatPanel } from './chat-panel';

const ME = { _id: CLIENT_ID, username: 'Grace Wanjiku' };
const PLANNER = { _id: PLANNER_ID, username: 'Wanjiru Events' };

function message(overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    _id: 'm1',
    booking: BOOKING_ID,
    sender: PLANNER,
    receiver: CLIENT_ID,
    content: 'Karibu! How many guests?',
    createdAt: '2026-03-02T09:00:00.000Z',
    ...overrides,
  };
}

async function renderPanel({
  withReceiver = true,
  history = [message()],
  files = [] as unknown[],
}: {
  withReceiver?: boolean;
  history?: ChatMessage[];
  files?: unknown[];
} = {}) {
  mockFetch({
    [`GET /api/bookings/${BOOKING_ID}/attachments`]: () =>
      jsonResponse({ success: true, attachments: files }),
    'GET /api/auth/is-auth': () =>
      jsonResponse({ success: true, user: makeUser({ _id: CLIENT_ID, id: CLIENT_ID }) }),
    'GET /api/chat/unread': () => jsonResponse({ success: true, total: 0, byBooking: {} }),
  });
  renderWithApp(<ChatPanel bookingId={BOOKING_ID} me={ME} other={withReceiver ? PLANNER : undefined} />);
  await waitFor(() => expect(latestChatConnection()).toBeTruthy());
  const connection = latestChatConnection() as FakeChatConnection;
  connection.responders.joinRoom = () => ({ success: true });
  connection.responders.fetchMessages = () => history;
  connection.responders.markRead = () => ({ success: true, marked: 1 });
  return connection;
}

async function connect(connection: FakeChatConnection) {
  act(() => connection.setConnected(true));
  await waitFor(() =>
    expect((screen.getByLabelText(/Message to/) as HTMLTextAreaElement).disabled).toBe(false),
  );
}

function type(text: string) {
  fireEvent.change(screen.getByLabelText(/Message to/), { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: 'Send' }));
}

describe('chat panel', () => {
  it("disables the input and Send with 'Not connected to chat server.' while not connected", async () => {
    await renderPanel();
    expect(await screen.findByText('Not connected to chat server.')).toBeTruthy();
    expect((screen.getByLabelText('Message to Wanjiru Events') as HTMLTextAreaElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('loads the history, ignores blank messages and shows a message as sending until acknowledged', async () => {
    const connection = await renderPanel();
    await connect(connection);
    expect(await screen.findByText('Karibu! How many guests?')).toBeTruthy();
    expect(screen.queryByText('Not connected to chat server.')).toBeNull();
    expect(connection.sent('joinRoom')).toEqual([{ bookingId: BOOKING_ID }]);

    type('   ');
    expect(connection.sent('sendMessage')).toEqual([]);

    let acknowledge: (value: unknown) => void = () => {};
    connection.responders.sendMessage = () =>
      new Promise((resolve) => {
        acknowledge = resolve;
      });
    type('  About 150 guests.  ');
    expect(await screen.findByText('Sending...')).toBeTruthy();
    const [payload] = connection.sent('sendMessage') as Array<Record<string, string>>;
    expect(payload).toMatchObject({
      bookingId: BOOKING_ID,
      receiver: PLANNER_ID,
      content: 'About 150 guests.',
    });
    expect(payload?.clientId).toBeTruthy();
    expect((screen.getByLabelText(/Message to/) as HTMLTextAreaElement).value).toBe('');

    const stored = message({
      _id: 'm2',
      sender: ME,
      receiver: PLANNER_ID,
      content: 'About 150 guests.',
      clientId: payload?.clientId,
      createdAt: '2026-03-02T09:01:00.000Z',
    });
    // The room's newMessage may come before the acknowledgement: still one message.
    act(() => connection.push('newMessage', stored));
    await act(async () => acknowledge({ success: true, message: stored }));
    await waitFor(() => expect(screen.queryByText('Sending...')).toBeNull());
    expect(screen.getAllByText('About 150 guests.')).toHaveLength(1);
  });

  it('sends again with the same clientId after a dropped connection, and shows it once', async () => {
    const connection = await renderPanel();
    await connect(connection);
    connection.responders.sendMessage = () => new Promise(() => {});
    type('Are you free in June?');
    expect(await screen.findByText('Sending...')).toBeTruthy();
    const [first] = connection.sent('sendMessage') as Array<Record<string, string>>;

    act(() => connection.setConnected(false));
    expect(await screen.findByText('Not connected to chat server.')).toBeTruthy();
    expect(screen.getByText('Sending...')).toBeTruthy();

    const stored = message({
      _id: 'm9',
      sender: ME,
      receiver: PLANNER_ID,
      content: 'Are you free in June?',
      clientId: first?.clientId,
    });
    // The server had stored it before the drop: the history has it, and the resend is acknowledged with it.
    connection.responders.fetchMessages = () => [message(), stored];
    connection.responders.sendMessage = () => ({ success: true, message: stored });
    await connect(connection);
    await waitFor(() => expect(screen.queryByText('Sending...')).toBeNull());
    expect(screen.getAllByText('Are you free in June?')).toHaveLength(1);
    expect(connection.sent('joinRoom')).toHaveLength(2);
  });

  it('resends what the server never stored, with the same clientId', async () => {
    const connection = await renderPanel();
    await connect(connection);
    connection.responders.sendMessage = () => new Promise(() => {});
    type('Hello?');
    await screen.findByText('Sending...');
    act(() => connection.setConnected(false));
    connection.responders.sendMessage = (payload) => ({
      success: true,
      message: message({
        _id: 'm5',
        sender: ME,
        receiver: PLANNER_ID,
        content: 'Hello?',
        ...(payload as object),
      }),
    });
    await connect(connection);
    await waitFor(() => expect(screen.queryByText('Sending...')).toBeNull());
    const sends = connection.sent('sendMessage') as Array<Record<string, string>>;
    expect(sends).toHaveLength(2);
    expect(sends[1]?.clientId).toBe(sends[0]?.clientId);
    expect(screen.getAllByText('Hello?')).toHaveLength(1);
  });

  it('marks what arrives while the chat is open as read', async () => {
    const connection = await renderPanel();
    await connect(connection);
    await screen.findByText('Karibu! How many guests?');
    act(() => connection.push('newMessage', message({ _id: 'm3', content: 'Shall we meet on Friday?' })));
    expect(await screen.findByText('Shall we meet on Friday?')).toBeTruthy();
    await waitFor(() => expect(connection.sent('markRead')).toEqual([{ bookingId: BOOKING_ID }]));
  });

  it('says the history failed to load, and tries again', async () => {
    const connection = await renderPanel();
    delete connection.responders.fetchMessages;
    act(() => connection.setConnected(true));
    expect(await screen.findByText('Failed to load the conversation. Please try again.')).toBeTruthy();
    connection.responders.fetchMessages = () => [message()];
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Karibu! How many guests?')).toBeTruthy();
  });

  it('alerts when the receiver cannot be told', async () => {
    const alert = vi.fn();
    const original = window.alert;
    window.alert = alert;
    try {
      const connection = await renderPanel({ withReceiver: false });
      await connect(connection);
      type('Hello');
      expect(alert).toHaveBeenCalledWith(
        'Cannot send message: receiver is undefined. Please refresh the page or contact support.',
      );
      expect(connection.sent('sendMessage')).toEqual([]);
    } finally {
      window.alert = original;
    }
  });
});

describe('chat panel files', () => {
  const PHOTO = {
    _id: 'a1',
    name: 'venue.webp',
    type: 'image/webp' as const,
    size: 204_800,
    url: 'http://localhost:3000/api/attachments/a1',
    thumbnailUrl: 'http://localhost:3000/api/attachments/a1/thumbnail',
  };
  const PDF = {
    _id: 'a2',
    name: 'contract.pdf',
    type: 'application/pdf' as const,
    size: 1_572_864,
    url: 'http://localhost:3000/api/attachments/a2',
    thumbnailUrl: null,
  };

  it('shows a photo as a thumbnail opening a viewer, and a PDF as a card that downloads', async () => {
    const connection = await renderPanel({ history: [message({ content: '', attachments: [PHOTO, PDF] })] });
    await connect(connection);
    const thumb = (await screen.findByRole('img', { name: 'venue.webp' })) as HTMLImageElement;
    expect(thumb.src).toBe(PHOTO.thumbnailUrl);
    const card = screen.getByRole('link', { name: 'Download contract.pdf' }) as HTMLAnchorElement;
    expect(card.href).toBe(PDF.url);
    expect(card.textContent).toContain('1.5 MB');
    fireEvent.click(thumb.closest('button')!);
    const full = screen
      .getAllByRole('img', { name: 'venue.webp', hidden: true })
      .find((img) => (img as HTMLImageElement).src === PHOTO.url);
    expect(full).toBeTruthy();
  });

  it('uploads a picked file with its progress, then sends its id with the message', async () => {
    const sentForms: FormData[] = [];
    class FakeXhr {
      upload: { onprogress?: (event: { lengthComputable: boolean; loaded: number; total: number }) => void } =
        {};
      status = 0;
      responseText = '';
      withCredentials = false;
      onload?: () => void;
      onerror?: () => void;
      open() {}
      setRequestHeader() {}
      abort() {}
      send(data: FormData) {
        sentForms.push(data);
        setTimeout(() => {
          this.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 });
          this.status = 201;
          this.responseText = JSON.stringify({ success: true, attachment: PDF });
          this.onload?.();
        }, 0);
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    try {
      const connection = await renderPanel();
      await connect(connection);
      connection.responders.sendMessage = (payload: unknown) => ({
        success: true,
        // As the server answers: the sent ids come back as the files they name.
        message: message({
          ...(payload as object),
          _id: 'm9',
          sender: ME,
          receiver: PLANNER_ID,
          content: '',
          attachments: [PDF],
        }),
      });
      const input = document.querySelector('input[type="file"]') as HTMLInputElement;
      const file = new File(['%PDF-1.4'], 'contract.pdf', { type: 'application/pdf' });
      fireEvent.change(input, { target: { files: [file] } });
      await waitFor(() => expect(screen.getByRole('button', { name: 'Remove: contract.pdf' })).toBeTruthy());
      expect((sentForms[0]?.get('file') as File | undefined)?.name).toBe('contract.pdf');
      fireEvent.click(screen.getByRole('button', { name: 'Send' }));
      await waitFor(() => expect(connection.sent('sendMessage')).toHaveLength(1));
      expect(connection.sent('sendMessage')[0]).toMatchObject({ content: '', attachments: ['a2'] });
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('refuses a file of another type before uploading it, saying why', async () => {
    const connection = await renderPanel();
    await connect(connection);
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, {
      target: { files: [new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' })] },
    });
    expect((await screen.findByRole('alert')).textContent).toMatch(/photo \(JPEG, PNG or WebP\) or a PDF/);
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('lists every file of the booking under Files, when opened', async () => {
    const connection = await renderPanel({ files: [PHOTO, PDF] });
    await connect(connection);
    fireEvent.click(screen.getByText('Files'));
    const pdfLink = (await screen.findByRole('link', { name: 'contract.pdf' })) as HTMLAnchorElement;
    expect(pdfLink.getAttribute('download')).toBe('contract.pdf');
    expect(screen.getByRole('link', { name: 'venue.webp' }).getAttribute('href')).toBe(PHOTO.url);
  });

  it('takes a pasted image, shows its progress, and cancels it', async () => {
    const aborted: string[] = [];
    class SlowXhr {
      upload: { onprogress?: (event: { lengthComputable: boolean; loaded: number; total: number }) => void } =
        {};
      withCredentials = false;
      open() {}
      setRequestHeader() {}
      send() {
        setTimeout(() => this.upload.onprogress?.({ lengthComputable: true, loaded: 3, total: 10 }), 0);
      }
      abort() {
        aborted.push('aborted');
      }
    }
    vi.stubGlobal('XMLHttpRequest', SlowXhr);
    const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
    try {
      const connection = await renderPanel();
      await connect(connection);
      const photo = new File(['png'], 'pasted.png', { type: 'image/png' });
      fireEvent.paste(screen.getByLabelText(/Message to/), { clipboardData: { files: [photo] } });
      const progress = (await screen.findByRole('progressbar', {
        name: /pasted\.png/,
      })) as HTMLProgressElement;
      await waitFor(() => expect(progress.value).toBeCloseTo(0.3));
      expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
      fireEvent.click(screen.getByRole('button', { name: 'Cancel upload: pasted.png' }));
      expect(aborted).toEqual(['aborted']);
      expect(screen.queryByText('pasted.png')).toBeNull();
    } finally {
      vi.unstubAllGlobals();
      URL.createObjectURL = original.create;
      URL.revokeObjectURL = original.revoke;
    }
  });
});
