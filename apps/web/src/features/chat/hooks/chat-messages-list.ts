import type { ChatMessage } from '@sherehe/shared/socket-events';

/** 'sending' until the server acknowledges it; 'failed' when the server refused or never answered. */
export type Delivery = 'sent' | 'sending' | 'failed';

export interface ChatItem extends ChatMessage {
  delivery: Delivery;
  /** Why a failed message was not sent. */
  error?: string;
}

function sameMessage(a: ChatMessage, b: ChatMessage): boolean {
  return (a._id !== '' && a._id === b._id) || (a.clientId !== undefined && a.clientId === b.clientId);
}

/**
 * Puts a message into the list once: a message already there (same `_id`, or same `clientId` as a
 * message still being sent) is replaced, so an acknowledgement and the room's `newMessage` for the
 * same message never show it twice, whichever comes first.
 */
export function upsertMessage(items: readonly ChatItem[], message: ChatItem): ChatItem[] {
  let placed = false;
  const result: ChatItem[] = [];
  for (const item of items) {
    if (!sameMessage(item, message)) result.push(item);
    else if (!placed) {
      result.push(message);
      placed = true;
    }
  }
  if (!placed) result.push(message);
  return result;
}

const byTime = (a: ChatItem, b: ChatItem) => a.createdAt.localeCompare(b.createdAt);

/**
 * The history from the server, plus what only this screen has: messages heard while the history was
 * on its way, and messages not yet acknowledged (kept last, in the order they were written).
 */
export function mergeHistory(history: readonly ChatMessage[], local: readonly ChatItem[]): ChatItem[] {
  const stored: ChatItem[] = history.map((message) => ({ ...message, delivery: 'sent' }));
  const missing = local.filter((item) => !stored.some((message) => sameMessage(message, item)));
  return [
    ...[...stored, ...missing.filter((item) => item.delivery === 'sent')].sort(byTime),
    ...missing.filter((item) => item.delivery !== 'sent'),
  ];
}

/** A random id for a message being sent; crypto.randomUUID needs a secure context, so a fallback. */
export function newClientId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
