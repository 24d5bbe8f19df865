import { chatMessages } from '@sherehe/shared/messages';
/** A red count of unread chat messages; nothing when there are none. */
export function UnreadBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className="inline-flex h-6 min-w-6 items-center justify-center rounded-full bg-red-700 px-1.5 text-sm font-bold text-white">
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="sr-only">{chatMessages.unread(count)}</span>
    </span>
  );
}
