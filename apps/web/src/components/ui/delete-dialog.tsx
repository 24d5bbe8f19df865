import { controlsMessages } from '@sherehe/shared/messages';
import { type ReactNode, useState } from 'react';
import { useFormSubmit } from '@/lib/use-form-submit';
import { ConfirmDialog } from './confirm-dialog';

/** A deletion asked about first: what is to go while the dialog is open, and the call. */
export interface Deletion<T> {
  /** What the dialog asks about; null while it is closed. */
  target: T | null;
  /** Opens the dialog for `target` (null closes it). */
  ask: (target: T | null) => void;
  busy: boolean;
  confirm: () => void;
}

/**
 * One deletion at a time, the server's message as its toast (`failureToast` the fallback when it
 * refuses); the dialog closes once it is done, and after a refusal too unless `keepOpenOnFailure`.
 */
export function useDeletion<T>({
  send,
  failureToast,
  onDeleted,
  keepOpenOnFailure = false,
}: {
  send: (target: T) => Promise<{ message: string }>;
  failureToast: string;
  onDeleted?: () => void;
  keepOpenOnFailure?: boolean;
}): Deletion<T> {
  const [target, setTarget] = useState<T | null>(null);
  const removal = useFormSubmit({
    send,
    successToast: (reply) => reply.message,
    failureToast,
    onSuccess: () => {
      setTarget(null);
      onDeleted?.();
    },
    onFailure: keepOpenOnFailure ? undefined : () => setTarget(null),
  });
  return {
    target,
    ask: setTarget,
    busy: removal.busy,
    confirm: () => {
      if (target) void removal.submit(target);
    },
  };
}

/** Asks before a deletion: Cancel, or Delete (Deleting… while it runs). */
export function DeleteDialog<T>({
  deletion,
  title,
  children,
}: {
  deletion: Deletion<T>;
  title: string;
  children: ReactNode;
}) {
  return (
    <ConfirmDialog
      open={deletion.target !== null}
      title={title}
      confirmLabel={controlsMessages.delete}
      busyLabel={controlsMessages.deleting}
      busy={deletion.busy}
      onConfirm={deletion.confirm}
      onCancel={() => deletion.ask(null)}
    >
      {children}
    </ConfirmDialog>
  );
}
