import type { ChatNotification } from '@sherehe/shared/socket-events';
import type { ChatConnection, ChatConnectionOptions } from '@/features/chat/api/chat-connection-types';

type Responder = (payload: unknown) => unknown;

/**
 * Stands in for the socket (src/test/setup.ts mocks the chat connection module with it): tests
 * decide when it is connected, how each event is acknowledged, and what the server pushes.
 */
export class FakeChatConnection implements ChatConnection {
  connected = false;
  closed = false;
  readonly requests: Array<{ event: string; payload: unknown }> = [];
  /** Acknowledgements by event name; an event without one never answers (the request times out). */
  readonly responders: Record<string, Responder> = {};
  private readonly handlers = new Map<string, Set<(payload: unknown) => void>>();

  constructor(readonly options: ChatConnectionOptions) {}

  request<T>(event: string, payload: unknown): Promise<T> {
    this.requests.push({ event, payload });
    const responder = this.responders[event];
    if (!responder) return Promise.reject(new Error('operation has timed out'));
    return Promise.resolve().then(() => responder(payload) as T);
  }

  on<T>(event: string, handler: (payload: T) => void): () => void {
    const set = this.handlers.get(event) ?? new Set();
    set.add(handler as (payload: unknown) => void);
    this.handlers.set(event, set);
    return () => set.delete(handler as (payload: unknown) => void);
  }

  close(): void {
    this.closed = true;
    this.connected = false;
  }

  /** What the server would push to this socket. */
  push(event: string, payload: unknown): void {
    for (const handler of this.handlers.get(event) ?? []) handler(payload);
  }

  notify(notification: ChatNotification): void {
    this.options.onNotification(notification);
  }

  setConnected(connected: boolean): void {
    this.connected = connected;
    this.options.onStatus(connected ? 'connected' : 'connecting');
  }

  sent(event: string): unknown[] {
    return this.requests.filter((request) => request.event === event).map((request) => request.payload);
  }
}

/** The connections the app opened, newest last. */
export const fakeChatConnections: FakeChatConnection[] = [];

export function connectChat(options: ChatConnectionOptions): ChatConnection {
  const connection = new FakeChatConnection(options);
  fakeChatConnections.push(connection);
  return connection;
}

/** The connection the app opened most recently (waits for the lazy import to settle). */
export function latestChatConnection(): FakeChatConnection | undefined {
  return fakeChatConnections[fakeChatConnections.length - 1];
}
