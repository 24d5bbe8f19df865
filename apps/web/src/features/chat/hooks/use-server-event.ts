import { type RefObject, useEffect, useRef } from 'react';
import type { ChatConnection } from '../api/chat-connection-types';
import { useChat } from './use-chat';

/**
 * The session's socket while it is up (null otherwise), and a ref that always holds the latest
 * `handler`, so a listener added once calls the handler of the last render.
 */
export function useSocketListener<T>(handler: (payload: T) => void): {
  connection: ChatConnection | null;
  handlerRef: RefObject<(payload: T) => void>;
} {
  const { connection, status } = useChat();
  const handlerRef = useRef(handler);
  useEffect(() => {
    handlerRef.current = handler;
  });
  return { connection: status === 'connected' ? connection : null, handlerRef };
}

/**
 * Hears one server event sent to the signed-in user (their own room, which every socket of theirs
 * joins) on the session's socket while mounted, and hands `handler` each payload. Other features
 * get such events through a route that composes them (the bookings' `quoteUpdated`).
 */
export function useServerEvent<T>(event: string, handler: (payload: T) => void): void {
  const { connection, handlerRef } = useSocketListener(handler);
  useEffect(() => {
    if (!connection) return;
    return connection.on<T>(event, (payload) => handlerRef.current(payload));
  }, [connection, event, handlerRef]);
}
