import type { ChatNotification } from '@sherehe/shared/socket-events';

/** 'connecting' covers the first attempt and reconnection after a drop; both mean "not connected". */
export type ConnectionStatus = 'connecting' | 'connected' | 'disconnected';

/** The one socket of a signed-in session, as the rest of the app sees it. */
export interface ChatConnection {
  readonly connected: boolean;
  /** Emits an event and resolves with its acknowledgement; rejects when none comes within `timeoutMs`. */
  request<T>(event: string, payload: unknown, timeoutMs: number): Promise<T>;
  /** Listens to a server event; returns the function that stops listening. */
  on<T>(event: string, handler: (payload: T) => void): () => void;
  close(): void;
}

export interface ChatConnectionOptions {
  /** The backend's address; empty means this page's own origin. */
  url: string;
  /** The stored login token; the session cookie also authenticates the socket. */
  token: string | null;
  onStatus: (status: ConnectionStatus) => void;
  onNotification: (notification: ChatNotification) => void;
}
