import { chatMessages } from '@sherehe/shared/messages';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { Skeleton } from '@/components/ui/skeleton';
import { usePackageUnread } from '../api/get-package-unread';
import { useChat } from '../hooks/use-chat';
import type { Party } from './chat-panel';
import { UnreadBadge } from './unread-badge';

// The chat's code loads when a chat is opened.
const ChatPanel = lazy(() => import('./chat-panel').then((module) => ({ default: module.ChatPanel })));

interface ChatDialogButtonProps {
  label: string;
  bookingId: string;
  /** The unread count shown is that of all the user's bookings of this package. */
  packageId: string | null;
  me: Party;
  other: Party;
}

/** A button that opens a booking's chat in a dialog, with the unread count on it. */
export function ChatDialogButton({ label, bookingId, packageId, me, other }: ChatDialogButtonProps) {
  const [open, setOpen] = useState(false);
  const { connection, status } = useChat();
  const unread = usePackageUnread(connection, packageId ?? '', status === 'connected' && packageId !== null);
  return (
    <>
      <Button variant="secondary" className="w-full" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {label}
        <UnreadBadge count={open ? 0 : (unread.data ?? 0)} />
      </Button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title={chatMessages.chatWith(other.username)}
        className="max-w-xl"
      >
        {open ? (
          <Suspense fallback={<Skeleton layout="list" lines={2} label={chatMessages.loadingChat} />}>
            <ChatPanel bookingId={bookingId} me={me} other={other} />
          </Suspense>
        ) : null}
      </Modal>
    </>
  );
}
