import type { SocketLimits } from '../config';

/**
 * Takes one from `key`'s budget of `max` per `windowMs`; false once it is spent. The socket server
 * passes budgets decided in its process and settled with the other processes (lib/budgets.ts).
 */
export type TakeLimit = (key: string, max: number, windowMs: number) => boolean | Promise<boolean>;

/** Fixed windows counted in memory. Ended windows are swept on the way, with no timer to stop. */
export function createLocalTake(): TakeLimit {
  const windows = new Map<string, { used: number; endsAt: number }>();
  let sweepAt = 0;
  return (key, max, windowMs) => {
    const now = Date.now();
    if (now >= sweepAt) {
      for (const [name, window] of windows) if (window.endsAt <= now) windows.delete(name);
      sweepAt = now + 60_000;
    }
    let window = windows.get(key);
    if (!window || window.endsAt <= now) {
      window = { used: 0, endsAt: now + windowMs };
      windows.set(key, window);
    }
    if (window.used >= max) return false;
    window.used += 1;
    return true;
  };
}

/**
 * The chat's budgets. A socket's own budget is always counted here (a socket lives in one process);
 * a user's budgets go through `take`, so they can be shared by all processes.
 */
export function createSocketLimiter(limits: SocketLimits, take: TakeLimit = createLocalTake()) {
  const perSocket = createLocalTake();
  return {
    /** Every event a socket sends, whatever it is: its own budget, then its user's. */
    async event(socketId: string, userId: string): Promise<boolean> {
      if (!perSocket(`socket:${socketId}`, limits.eventsPerSocket, limits.windowMs)) return false;
      return take(`socket-events:${userId}`, limits.eventsPerUser, limits.windowMs);
    },
    /** A message sent, on top of the event it is. */
    async message(userId: string): Promise<boolean> {
      return take(`socket-messages:${userId}`, limits.messagesPerUser, limits.windowMs);
    },
  };
}

/**
 * The sockets each user holds in this process, counted from the handshake on (before the socket
 * is connected): parallel handshakes are counted exactly, none slips past the cap beside another.
 */
export function createSocketSlots() {
  const byUser = new Map<string, Set<string>>();
  return {
    count(userId: string): number {
      return byUser.get(userId)?.size ?? 0;
    },
    /** Holds a slot for the socket; false when the user already holds `max`. */
    reserve(userId: string, socketId: string, max: number): boolean {
      const held = byUser.get(userId) ?? new Set<string>();
      if (held.size >= max && !held.has(socketId)) return false;
      held.add(socketId);
      byUser.set(userId, held);
      return true;
    },
    /** Gives the slot back; safe to call more than once. */
    release(userId: string, socketId: string): void {
      const held = byUser.get(userId);
      if (!held) return;
      held.delete(socketId);
      if (held.size === 0) byUser.delete(userId);
    },
  };
}
