import { controlsMessages } from '@sherehe/shared/messages';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { cx } from '@/lib/class-names';

interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** 'center' is a dialog box; 'left' slides in from the left edge (a drawer). */
  placement?: 'center' | 'left';
  className?: string;
}

/**
 * A native <dialog> shown with showModal(): focus is trapped, Escape closes it and the page
 * behind is inert, with no library.
 */
export function Modal({ open, onClose, title, children, placement = 'center', className }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    else if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop click's keyboard twin is Escape, native to <dialog>
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself.
        if (event.target === event.currentTarget) onClose();
      }}
      className={cx(
        'bg-white p-0 text-stone-800 shadow-xl backdrop:bg-stone-900/50',
        placement === 'left'
          ? 'fixed inset-y-0 left-0 m-0 h-full max-h-none w-80 max-w-[85vw]'
          : 'm-auto w-full max-w-lg rounded-2xl',
        className,
      )}
    >
      <div className="flex items-center justify-between gap-4 border-b border-stone-200 px-5 py-3">
        <h2 id={titleId} className="text-lg font-semibold">
          {title}
        </h2>
        <button
          type="button"
          onClick={onClose}
          className="inline-flex size-11 items-center justify-center rounded-xl text-2xl text-stone-600 hover:bg-stone-100"
          aria-label={controlsMessages.close}
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <div className="p-5">{children}</div>
    </dialog>
  );
}
