import { attachmentsMessages, genericMessages } from '@sherehe/shared/messages';
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENTS_PER_MESSAGE,
  type Attachment,
} from '@sherehe/shared/schemas/attachments';
import { useCallback, useEffect, useRef, useState } from 'react';
import { API_BASE_URL } from '@/config/paths';
import { getStoredToken } from '@/lib/auth-token';

export interface PendingUpload {
  key: string;
  file: File;
  /** An object URL of a photo, for its preview. */
  preview: string | undefined;
  /** 0 to 1. */
  progress: number;
  state: 'uploading' | 'done' | 'failed';
  error?: string;
  attachment?: Attachment;
}

/** The types the server takes; anything else is refused here too, before a byte is sent. */
export const ACCEPTED_FILES = 'image/jpeg,image/png,image/webp,application/pdf';
const ACCEPTED = new Set(ACCEPTED_FILES.split(','));

/**
 * The files picked for the next message (docs/chat-and-files.md#files-in-chat): each uploads at once over XMLHttpRequest, for
 * its progress, and may be cancelled, retried or removed; at most 5.
 */
export function useAttachmentUploads(bookingId: string) {
  const [uploads, setUploads] = useState<PendingUpload[]>([]);
  const requests = useRef(new Map<string, XMLHttpRequest>());

  const change = useCallback((key: string, patch: Partial<PendingUpload>) => {
    setUploads((current) => current.map((item) => (item.key === key ? { ...item, ...patch } : item)));
  }, []);

  const start = useCallback(
    (key: string, file: File) => {
      if (file.size > ATTACHMENT_MAX_BYTES) {
        change(key, { state: 'failed', error: attachmentsMessages.tooLarge(ATTACHMENT_MAX_BYTES / 1048576) });
        return;
      }
      if (!ACCEPTED.has(file.type)) {
        change(key, { state: 'failed', error: attachmentsMessages.notAllowed });
        return;
      }
      const xhr = new XMLHttpRequest();
      requests.current.set(key, xhr);
      xhr.open('POST', `${API_BASE_URL}/api/bookings/${bookingId}/attachments`);
      xhr.withCredentials = true;
      xhr.setRequestHeader('Accept', 'application/json');
      const token = getStoredToken();
      if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) change(key, { progress: event.loaded / event.total });
      };
      xhr.onload = () => {
        requests.current.delete(key);
        let body: { attachment?: Attachment; message?: string } = {};
        try {
          body = JSON.parse(xhr.responseText) as typeof body;
        } catch {
          // Not JSON: the generic reason below.
        }
        if (xhr.status === 201 && body.attachment)
          change(key, { state: 'done', progress: 1, attachment: body.attachment });
        else change(key, { state: 'failed', error: body.message ?? genericMessages.network });
      };
      xhr.onerror = () => {
        requests.current.delete(key);
        change(key, { state: 'failed', error: attachmentsMessages.connectionLost });
      };
      change(key, { state: 'uploading', progress: 0, error: undefined });
      const data = new FormData();
      data.append('file', file, file.name);
      xhr.send(data);
    },
    [bookingId, change],
  );

  const add = useCallback(
    (files: Iterable<File>) => {
      const room = ATTACHMENTS_PER_MESSAGE - uploads.length;
      const picked = [...files].slice(0, Math.max(0, room)).map((file) => ({
        key: `${Date.now()}-${Math.random().toString(36).slice(2)}`,
        file,
        preview: file.type.startsWith('image/') ? URL.createObjectURL(file) : undefined,
        progress: 0,
        state: 'uploading' as const,
      }));
      setUploads((current) => [...current, ...picked]);
      for (const item of picked) queueMicrotask(() => start(item.key, item.file));
      return picked.length;
    },
    [uploads.length, start],
  );

  const remove = useCallback((key: string) => {
    requests.current.get(key)?.abort();
    requests.current.delete(key);
    setUploads((current) => {
      const gone = current.find((item) => item.key === key);
      if (gone?.preview) URL.revokeObjectURL(gone.preview);
      return current.filter((item) => item.key !== key);
    });
  }, []);

  const retry = useCallback(
    (key: string) => {
      const item = uploads.find((entry) => entry.key === key);
      if (item) start(key, item.file);
    },
    [uploads, start],
  );

  /** Empties the list once the message is on its way (the previews are no longer shown). */
  const clear = useCallback(() => {
    setUploads((current) => {
      for (const item of current) if (item.preview) URL.revokeObjectURL(item.preview);
      return [];
    });
  }, []);

  useEffect(() => {
    const open = requests.current;
    return () => {
      for (const xhr of open.values()) xhr.abort();
    };
  }, []);

  const ready = uploads.length > 0 && uploads.every((item) => item.state === 'done');
  const busy = uploads.some((item) => item.state !== 'done');
  return { uploads, add, remove, retry, clear, ready, busy };
}
