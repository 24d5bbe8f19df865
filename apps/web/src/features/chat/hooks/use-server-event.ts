import { useEffect, useRef } from 'react';
import { useChat } from './use-chat';

/**
 * Hears one server event sent to the signed-in user (their own room, which every socket of theirs
 * joins) on the session's socket while mounted, and hands `handler` each payload. Other features
 * get such events through a route that composes them (the bookings' `quoteUpdated`).
 */
export function useServerEvent<T>(event: string, handler: (payload: T) => void): void {
  const { connection, status } = useChat();
  const connected = status === 'connected' && connection !== null;
  const handlerRef = useRef(handler);
  useEffect(() => {
    handlerRef.current = handler;
  });

  useEffect(() => {
    if (!connected || !connection) return;
    return connection.on<T>(event, (payload) => handlerRef.current(payload));
  }, [connected, connection, event]);
}
