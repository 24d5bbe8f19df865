import { chatMessages } from '@sherehe/shared/messages';
import { lazy, type ReactNode, Suspense, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useUnreadSummary } from '../api/get-unread-summary';
import type { Party } from './chat-panel';
import { UnreadBadge } from './unread-badge';

// The chat's code loads when a chat is opened.
const ChatPanel = lazy(() => import('./chat-panel').then((module) => ({ default: module.ChatPanel })));

interface BookingChatToggleProps {
  bookingId: string;
  me: Party;
  other: Party;
  initiallyOpen?: boolean;
  /** Shown above the messages while the chat is open: the booking's offer, composed by the route. */
  aside?: ReactNode;
}

/** A booking's chat, folded away until opened, with its unread count on the toggle. */
export function BookingChatToggle({
  bookingId,
  me,
  other,
  initiallyOpen = false,
  aside,
}: BookingChatToggleProps) {
  const [open, setOpen] = useState(initiallyOpen);
  const summary = useUnreadSummary();
  const unread = summary.data?.byBooking[bookingId] ?? 0;
  const panelId = useId();
  return (
    <div className="mt-4 border-t border-stone-200 pt-4">
      <Button
        variant="secondary"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        {open ? chatMessages.hideChat : chatMessages.openChat}
        <span className="sr-only">{chatMessages.toggleWith(other.username)}</span>
        <UnreadBadge count={open ? 0 : unread} />
      </Button>
      <div id={panelId}>
        {open ? aside : null}
        {open ? (
          <Suspense
            fallback={<Skeleton layout="list" lines={2} label={chatMessages.loadingChat} className="mt-3" />}
          >
            <ChatPanel
              bookingId={bookingId}
              me={me}
              other={other}
              heading={{ level: 3, text: chatMessages.chatWith(other.username) }}
              className="mt-3"
            />
          </Suspense>
        ) : null}
      </div>
    </div>
  );
}
