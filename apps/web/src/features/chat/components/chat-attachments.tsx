import { attachmentsMessages } from '@sherehe/shared/messages';
import type { Attachment } from '@sherehe/shared/schemas/attachments';
import { useEffect, useRef, useState } from 'react';
import { apiRequest } from '@/lib/api-client';
import { cx } from '@/lib/class-names';
import type { PendingUpload } from '../hooks/use-attachment-uploads';

/** 1.2 MB, 340 KB: a file's size as people read it. */
export function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** The files picked for the next message: preview, progress, and cancel, retry or remove. */
export function PendingUploads({
  uploads,
  onRemove,
  onRetry,
}: {
  uploads: PendingUpload[];
  onRemove: (key: string) => void;
  onRetry: (key: string) => void;
}) {
  if (uploads.length === 0) return null;
  return (
    <ul aria-label={attachmentsMessages.files} className="flex flex-wrap gap-2 border-t border-stone-200 p-2">
      {uploads.map((item) => (
        <li key={item.key} className="w-36 rounded-xl border border-stone-200 p-2 text-sm">
          {item.preview ? (
            <img src={item.preview} alt="" className="mb-1 h-16 w-full rounded object-cover" />
          ) : null}
          <p className="truncate font-medium" title={item.file.name}>
            {item.file.name}
          </p>
          {item.state === 'uploading' ? (
            <progress
              className="w-full"
              max={1}
              value={item.progress}
              aria-label={`${attachmentsMessages.uploading} ${item.file.name}`}
            />
          ) : null}
          {item.state === 'failed' ? (
            <p role="alert" className="text-red-800">
              {item.error}
            </p>
          ) : null}
          <div className="mt-1 flex gap-2">
            {item.state === 'failed' ? (
              <button
                type="button"
                className="min-h-11 font-semibold underline"
                onClick={() => onRetry(item.key)}
              >
                {attachmentsMessages.retry}
              </button>
            ) : null}
            <button
              type="button"
              className="min-h-11 font-semibold underline"
              onClick={() => onRemove(item.key)}
              aria-label={`${item.state === 'uploading' ? attachmentsMessages.cancel : attachmentsMessages.remove}: ${item.file.name}`}
            >
              {item.state === 'uploading' ? attachmentsMessages.cancel : attachmentsMessages.remove}
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The files of a message: photos as thumbnails opening a viewer, PDFs as cards that download. */
export function MessageAttachments({ files, mine }: { files: Attachment[]; mine: boolean }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState<Attachment | undefined>();
  return (
    <div className="mt-1 flex flex-wrap gap-2">
      {files.map((file) =>
        file.thumbnailUrl ? (
          <button
            key={file._id}
            type="button"
            className="overflow-hidden rounded-lg"
            onClick={() => {
              setOpen(file);
              const element = dialog.current;
              if (element && typeof element.showModal === 'function') element.showModal();
              else element?.setAttribute('open', '');
            }}
          >
            <img src={file.thumbnailUrl} alt={file.name} className="h-28 w-28 object-cover" loading="lazy" />
          </button>
        ) : (
          <a
            key={file._id}
            href={file.url}
            download={file.name}
            aria-label={attachmentsMessages.download(file.name)}
            className={cx(
              'flex min-h-11 items-center gap-2 rounded-lg border px-3 py-2 text-sm',
              mine ? 'border-brand-300 text-white' : 'border-stone-300 text-stone-900',
            )}
          >
            <span aria-hidden="true">📄</span>
            <span className="font-medium">{file.name}</span>
            <span>{formatSize(file.size)}</span>
          </a>
        ),
      )}
      {/* A native modal dialog: focus moves in, Escape closes it, and focus returns to the thumbnail. */}
      <dialog
        ref={dialog}
        aria-label={open ? attachmentsMessages.viewer(open.name) : undefined}
        className="m-auto max-h-[90vh] max-w-[90vw] rounded-xl bg-white p-2 backdrop:bg-black/70"
        onClose={() => setOpen(undefined)}
      >
        {open ? (
          <>
            <img src={open.url} alt={open.name} className="max-h-[80vh] max-w-full object-contain" />
            <form method="dialog" className="mt-2 flex justify-end">
              <button type="submit" className="min-h-11 rounded-lg px-3 font-semibold underline">
                {attachmentsMessages.close}
              </button>
            </form>
          </>
        ) : null}
      </dialog>
    </div>
  );
}

/** Everything shared in a booking's chat, loaded when opened (its "Files" list). */
export function BookingFiles({ bookingId, refreshKey }: { bookingId: string; refreshKey: number }) {
  const [open, setOpen] = useState(false);
  const [files, setFiles] = useState<Attachment[] | undefined>();
  const [failed, setFailed] = useState<string | undefined>();
  // biome-ignore lint/correctness/useExhaustiveDependencies: refreshKey reloads the list when a message with files arrives
  useEffect(() => {
    if (!open) return;
    let active = true;
    apiRequest<{ attachments: Attachment[] }>(`/api/bookings/${bookingId}/attachments`).then(
      (body) => {
        if (active) {
          setFiles(body.attachments);
          setFailed(undefined);
        }
      },
      (error: unknown) => {
        if (active) setFailed(error instanceof Error ? error.message : attachmentsMessages.connectionLost);
      },
    );
    return () => {
      active = false;
    };
  }, [open, bookingId, refreshKey]);
  return (
    <details
      className="border-b border-stone-200 px-4 py-1 text-sm"
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className="min-h-11 cursor-pointer py-2 font-semibold">{attachmentsMessages.files}</summary>
      {failed ? <p role="alert">{failed}</p> : null}
      {files && files.length === 0 ? <p>{attachmentsMessages.noFiles}</p> : null}
      {files && files.length > 0 ? (
        <ul className="max-h-32 space-y-1 overflow-y-auto pb-2">
          {files.map((file) => (
            <li key={file._id}>
              <a
                href={file.url}
                {...(file.type === 'application/pdf'
                  ? { download: file.name }
                  : { target: '_blank', rel: 'noopener' })}
                className="underline"
              >
                {file.name}
              </a>{' '}
              <span className="text-stone-600">{formatSize(file.size)}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </details>
  );
}
