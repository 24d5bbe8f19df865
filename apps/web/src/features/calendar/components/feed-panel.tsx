import { calendarPagesMessages as m } from '@sherehe/shared/messages/calendar-pages';
import { useId, useRef, useState } from 'react';
import { Button, buttonClassName } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { serverMessageOr } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/toast';
import { googleCalendarUrl, useFeed, useReplaceFeed, webcalUrl } from '../api/feed';
import { CalendarPanel } from './calendar-panel';

/**
 * The signed-in user's secret feed (docs/bookings-and-calendar.md#calendar-feeds): Google Calendar, webcal:// for Apple and Outlook, a
 * copy with a visible confirmation (or, where the clipboard is closed, the address selected to copy by
 * hand), and Replace link, asked first since the old address stops at once.
 */
export function FeedPanel() {
  const feed = useFeed();
  const replace = useReplaceFeed();
  const [confirming, setConfirming] = useState(false);
  const [status, setStatus] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();

  async function copy(url: string) {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(url);
      setStatus(m.copied);
    } catch {
      setStatus(m.copyFailed);
      inputRef.current?.focus();
      inputRef.current?.select();
    }
  }

  async function replaceLink() {
    try {
      const reply = await replace.mutateAsync();
      setConfirming(false);
      setStatus(reply.message ?? '');
      notifySuccess(reply.message ?? m.replaceLink);
    } catch (error) {
      notifyError(serverMessageOr(error, m.replaceFailed));
    }
  }

  const link = buttonClassName('secondary', 'md');
  return (
    <CalendarPanel title={m.feedTitle}>
      <p className="mt-1 text-stone-600">{m.feedIntro}</p>
      {feed.isPending ? (
        <p role="status" className="mt-3 text-stone-600">
          {m.feedLoading}
        </p>
      ) : feed.isError ? (
        <p role="alert" className="mt-3 text-red-700">
          {m.feedFailed}
        </p>
      ) : (
        <>
          <label htmlFor={inputId} className="mt-3 block font-medium text-stone-800">
            {m.feedAddressLabel}
          </label>
          <input
            id={inputId}
            ref={inputRef}
            readOnly
            value={feed.data}
            onFocus={(event) => event.currentTarget.select()}
            className="mt-1 block min-h-11 w-full rounded-xl border border-stone-400 bg-stone-50 px-3 py-2 font-mono text-sm"
          />
          <div className="mt-3 flex flex-wrap gap-3">
            <a href={googleCalendarUrl(feed.data)} target="_blank" rel="noopener noreferrer" className={link}>
              {m.addToGoogle}
              <span className="sr-only"> {m.opensInNewTab}</span>
            </a>
            <a href={webcalUrl(feed.data)} className={link}>
              {m.subscribeApple}
            </a>
            <Button variant="secondary" onClick={() => void copy(feed.data)}>
              {m.copyLink}
            </Button>
            <Button variant="ghost" onClick={() => setConfirming(true)}>
              {m.replaceLink}
            </Button>
          </div>
        </>
      )}
      <p role="status" className="mt-2 min-h-6 text-sm font-medium text-stone-800">
        {status}
      </p>
      <ConfirmDialog
        open={confirming}
        title={m.replaceTitle}
        confirmLabel={m.replaceConfirm}
        busyLabel={m.replacing}
        busy={replace.isPending}
        onConfirm={() => void replaceLink()}
        onCancel={() => setConfirming(false)}
      >
        {m.replaceText}
      </ConfirmDialog>
    </CalendarPanel>
  );
}
