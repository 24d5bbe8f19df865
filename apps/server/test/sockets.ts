import { io, type Socket } from 'socket.io-client';

/** A real socket.io client, as the web app connects (websocket transport, token in auth). */
export function connectSocket(
  url: string,
  options: { token?: string; cookie?: string; origin?: string; acceptLanguage?: string } = {},
) {
  return io(url, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    timeout: 5_000,
    ...(options.token ? { auth: { token: options.token } } : {}),
    extraHeaders: {
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.origin ? { origin: options.origin } : {}),
      ...(options.acceptLanguage ? { 'accept-language': options.acceptLanguage } : {}),
    },
  });
}

/** Resolves when connected; rejects with the server's refusal. */
export function connected(socket: Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    if (socket.connected) return resolve();
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => reject(error));
  });
}

export function emitAck<T = unknown>(socket: Socket, event: string, payload?: unknown): Promise<T> {
  return socket.timeout(5_000).emitWithAck(event, payload) as Promise<T>;
}

/** The next `event` the socket receives (rejects after `ms`). */
export function nextEvent<T = unknown>(socket: Socket, event: string, ms = 5_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, listener);
      reject(new Error(`no ${event} within ${ms} ms`));
    }, ms);
    const listener = (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    };
    socket.once(event, listener);
  });
}

/** Collects every `event` the socket receives. */
export function collect<T = unknown>(socket: Socket, event: string): T[] {
  const received: T[] = [];
  socket.on(event, (payload: T) => received.push(payload));
  return received;
}

/** Resolves with the reason once the socket is disconnected (rejects after `ms`). */
export function disconnected(socket: Socket, ms = 5_000): Promise<string> {
  return new Promise((resolve, reject) => {
    if (!socket.connected) return resolve('not connected');
    const timer = setTimeout(() => reject(new Error(`still connected after ${ms} ms`)), ms);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}
