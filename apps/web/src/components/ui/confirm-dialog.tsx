import { controlsMessages } from '@sherehe/shared/messages';
import type { ReactNode } from 'react';
import { Button } from './button';
import { Modal } from './modal';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** The label of the button that leaves without acting. */
  cancelLabel?: string;
  /** Shown on the confirm button while the action runs; both buttons are disabled then. */
  busyLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before something with consequences: a deletion, a role change. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel = controlsMessages.cancel,
  busyLabel,
  busy,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Modal open={open} onClose={onCancel} title={title}>
      <div className="text-stone-700">{children}</div>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </Button>
        <Button variant="danger" onClick={onConfirm} disabled={busy}>
          {busy ? busyLabel : confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
