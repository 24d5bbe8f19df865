import { useSyncExternalStore } from 'react';
import type { ChatConnection, ConnectionStatus } from '../api/chat-connection-types';

interface ChatState {
  status: ConnectionStatus;
  /** The socket of the signed-in session; null for a guest and until it has loaded. */
  connection: ChatConnection | null;
}

const DISCONNECTED: ChatState = { status: 'disconnected', connection: null };
let state: ChatState = DISCONNECTED;
const listeners = new Set<() => void>();
// Bookings whose chat is on screen, with how many panels show each.
const openChats = new Map<string, number>();

/**
 * The session's chat connection, kept outside React's tree: the connector that owns the socket is
 * loaded after login (not with the first page), and any page reads the state through `useChat`.
 */
export const chatStore = {
  get: (): ChatState => state,
  set(next: ChatState): void {
    state = next.connection ? next : DISCONNECTED;
    for (const listener of listeners) listener();
  },
  reset(): void {
    chatStore.set(DISCONNECTED);
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** Marks a booking's chat as on screen (no toast for it); returns the function that unmarks it. */
export function openChat(bookingId: string): () => void {
  openChats.set(bookingId, (openChats.get(bookingId) ?? 0) + 1);
  return () => {
    const left = (openChats.get(bookingId) ?? 1) - 1;
    if (left > 0) openChats.set(bookingId, left);
    else openChats.delete(bookingId);
  };
}

export function isChatOpen(bookingId: string): boolean {
  return (openChats.get(bookingId) ?? 0) > 0;
}

/** The chat connection and whether it is up (docs/product-spec.md#chat-states: connected or not connected). */
export function useChat(): ChatState & { openChat: typeof openChat } {
  const current = useSyncExternalStore(chatStore.subscribe, chatStore.get, chatStore.get);
  return { ...current, openChat };
}
