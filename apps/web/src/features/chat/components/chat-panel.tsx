import { formatDate, formatTime } from '@sherehe/shared/dates';
import { attachmentsMessages, chatMessages, controlsMessages } from '@sherehe/shared/messages';
import { CHAT_MESSAGE_MAX, type ChatMessage } from '@sherehe/shared/socket-events';
import {
  type ClipboardEvent,
  type DragEvent,
  type FormEvent,
  type KeyboardEvent,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cx } from '@/lib/class-names';
import type { ChatItem } from '../hooks/chat-messages-list';
import { ACCEPTED_FILES, useAttachmentUploads } from '../hooks/use-attachment-uploads';
import { useChatRoom } from '../hooks/use-chat-room';
import { BookingFiles, MessageAttachments, PendingUploads } from './chat-attachments';

/** A person in a chat: the booking's client or planner, as bookings and messages carry them. */
export type Party = ChatMessage['sender'];

interface ChatPanelProps {
  bookingId: string;
  /** The signed-in user. */
  me: Party;
  /** The other party of the booking, who receives what is sent; undefined when it cannot be told. */
  other: Party | undefined;
  /** A heading for the panel; leave out where the panel sits under a heading of its own (a dialog). */
  heading?: { level: 2 | 3 | 4; text: string };
  className?: string;
}

function MessageBubble({ item, mine, onRetry }: { item: ChatItem; mine: boolean; onRetry: () => void }) {
  return (
    <li className={cx('flex', mine ? 'justify-end' : 'justify-start')}>
      <div
        className={cx(
          'max-w-[85%] rounded-2xl px-3 py-2',
          mine ? 'rounded-br-sm bg-brand-700 text-white' : 'rounded-bl-sm bg-stone-100 text-stone-900',
        )}
      >
        <p className={cx('text-sm font-semibold', mine ? 'text-brand-100' : 'text-stone-700')}>
          {mine ? chatMessages.you : item.sender.username}
        </p>
        {item.content ? <p className="break-words whitespace-pre-wrap">{item.content}</p> : null}
        {item.attachments?.length ? <MessageAttachments files={item.attachments} mine={mine} /> : null}
        <p className={cx('mt-1 text-sm', mine ? 'text-brand-100' : 'text-stone-600')}>
          {item.delivery === 'sending' ? (
            chatMessages.sending
          ) : item.delivery === 'failed' ? (
            <span className="flex flex-wrap items-center gap-2">
              <span>{item.error ?? chatMessages.sendFailed}</span>
              <button
                type="button"
                onClick={onRetry}
                className="inline-flex min-h-11 items-center rounded-lg px-2 font-semibold underline"
              >
                {controlsMessages.tryAgain}
              </button>
            </span>
          ) : (
            <time dateTime={item.createdAt} title={formatDate(item.createdAt)}>
              {formatTime(item.createdAt)}
            </time>
          )}
        </p>
      </div>
    </li>
  );
}

/**
 * A booking's chat (docs/product-spec.md#chat-states): history, newest message in view, a 300–400 px tall panel,
 * input and Send disabled with 'Not connected to chat server.' while the socket is down.
 */
export function ChatPanel({ bookingId, me, other, heading, className }: ChatPanelProps) {
  const { items, history, connected, send, retry, reload } = useChatRoom({
    bookingId,
    me,
    receiverId: other?._id,
  });
  const [text, setText] = useState('');
  const files = useAttachmentUploads(bookingId);
  const fileInput = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const inputId = useId();
  const name = other?.username ?? 'the other party';
  const Heading = heading ? (`h${heading.level}` as const) : null;
  // How many files the conversation shows: the Files list reloads when it changes.
  const filesSeen = items.reduce((total, item) => total + (item.attachments?.length ?? 0), 0);
  const lastKey = items.length > 0 ? (items[items.length - 1]?.clientId ?? items[items.length - 1]?._id) : '';

  // The newest message in view; only the list scrolls, not the page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a message is added or the history lands
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [lastKey, items.length, history.state]);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The message goes when its files are uploaded; until then Send waits.
    if (files.busy) return;
    const attachments = files.uploads.flatMap((item) => (item.attachment ? [item.attachment] : []));
    if (send(text, attachments)) {
      setText('');
      files.clear();
    }
  }

  function handlePaste(event: ClipboardEvent<HTMLFormElement>) {
    const pasted = [...event.clipboardData.files];
    if (pasted.length > 0) {
      event.preventDefault();
      files.add(pasted);
    }
  }

  function handleDrop(event: DragEvent<HTMLElement>) {
    if (event.dataTransfer.files.length === 0) return;
    event.preventDefault();
    files.add(event.dataTransfer.files);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter sends, Shift+Enter starts a new line.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      event.currentTarget.form?.requestSubmit();
    }
  }

  return (
    <section
      aria-label={chatMessages.chatWith(name)}
      onDragOver={(event) => event.preventDefault()}
      onDrop={handleDrop}
      className={cx(
        'flex h-[60vh] max-h-[400px] min-h-[300px] flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white',
        className,
      )}
    >
      {Heading && heading ? (
        <div className="border-b border-stone-200 px-4 py-2">
          <Heading className="font-semibold">{heading.text}</Heading>
        </div>
      ) : null}
      <BookingFiles bookingId={bookingId} refreshKey={filesSeen} />
      {connected ? null : (
        <p
          role="status"
          className="border-b border-amber-200 bg-amber-50 px-4 py-2 font-medium text-amber-900"
        >
          {chatMessages.notConnected}
        </p>
      )}
      <div
        ref={listRef}
        role="log"
        aria-label={chatMessages.messagesWith(name)}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
        tabIndex={0}
        className="flex-1 overflow-y-auto px-3 py-3"
      >
        {history.state === 'loading' && items.length === 0 ? (
          connected ? (
            <Skeleton layout="list" lines={2} label={chatMessages.loading} />
          ) : null
        ) : null}
        {history.state === 'failed' ? (
          <div role="alert" className="mb-3 rounded-xl bg-red-50 px-3 py-2 text-red-800">
            <p>{history.message}</p>
            <Button variant="secondary" className="mt-2" onClick={reload} disabled={!connected}>
              {controlsMessages.tryAgain}
            </Button>
          </div>
        ) : null}
        {history.state === 'loaded' && items.length === 0 ? (
          <p className="py-6 text-center text-stone-600">{chatMessages.noMessages}</p>
        ) : null}
        {items.length > 0 ? (
          <ol className="space-y-2">
            {items.map((item) => (
              <MessageBubble
                key={item.clientId ?? item._id}
                item={item}
                mine={item.sender._id === me._id}
                onRetry={() => item.clientId && retry(item.clientId)}
              />
            ))}
          </ol>
        ) : null}
      </div>
      <PendingUploads uploads={files.uploads} onRemove={files.remove} onRetry={files.retry} />
      <form
        onSubmit={handleSubmit}
        onPaste={handlePaste}
        className="flex items-end gap-2 border-t border-stone-200 p-2"
      >
        <input
          ref={fileInput}
          type="file"
          multiple
          accept={ACCEPTED_FILES}
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => {
            if (event.target.files) files.add(event.target.files);
            event.target.value = '';
          }}
        />
        <Button
          type="button"
          variant="secondary"
          aria-label={attachmentsMessages.attach}
          title={attachmentsMessages.attach}
          disabled={!connected}
          onClick={() => fileInput.current?.click()}
        >
          <span aria-hidden="true">📎</span>
        </Button>
        <label htmlFor={inputId} className="sr-only">
          {chatMessages.messageTo(name)}
        </label>
        <textarea
          id={inputId}
          rows={1}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={handleKeyDown}
          maxLength={CHAT_MESSAGE_MAX}
          disabled={!connected}
          placeholder={chatMessages.placeholder}
          className="block max-h-32 min-h-11 flex-1 resize-none rounded-xl border border-stone-400 bg-white px-3 py-2 text-base text-stone-900 placeholder:text-stone-500 focus:border-brand-600 disabled:cursor-not-allowed disabled:bg-stone-100"
        />
        <Button type="submit" disabled={!connected || files.busy}>
          {chatMessages.send}
        </Button>
      </form>
    </section>
  );
}
