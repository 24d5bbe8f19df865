import { ServerEvents, SOCKET_CLIENT_OPTIONS } from '@sherehe/shared/socket-events';
import { io, type Socket } from 'socket.io-client';
import type { ChatConnection, ChatConnectionOptions } from './chat-connection-types';

/**
 * Opens the session's socket (docs/product-spec.md#chat-states: WebSocket transport at /socket.io, reconnecting after
 * 1–5 s randomised by half, 20 s connect timeout). Loaded on demand after login, so socket.io-client
 * is not part of the first page's JavaScript (docs/stack.md, Bundle size and first paint).
 */
export function connectChat({ url, token, onStatus, onNotification }: ChatConnectionOptions): ChatConnection {
  const options = { ...SOCKET_CLIENT_OPTIONS, auth: token ? { token } : {}, withCredentials: true };
  const socket: Socket = url ? io(url, options) : io(options);
  // `active` is false once the client has given up (a refused handshake, a server-side disconnect).
  const settle = () =>
    onStatus(socket.connected ? 'connected' : socket.active ? 'connecting' : 'disconnected');
  socket.on('connect', settle);
  socket.on('disconnect', settle);
  socket.on('connect_error', settle);
  socket.on(ServerEvents.notification, onNotification);
  onStatus('connecting');
  return {
    get connected() {
      return socket.connected;
    },
    request: (event, payload, timeoutMs) => socket.timeout(timeoutMs).emitWithAck(event, payload),
    on: (event, handler) => {
      socket.on(event, handler);
      return () => {
        socket.off(event, handler);
      };
    },
    close: () => {
      socket.removeAllListeners();
      socket.disconnect();
    },
  };
}
