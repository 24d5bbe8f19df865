import type { ReactNode } from 'react';

/**
 * Toast helpers (docs/product-spec.md#shared-chrome: 3 s for success and info, 5 s for errors). react-toastify is loaded on
 * the first toast, not with the home page: it is not needed to paint `/` (docs/stack.md, Bundle size and first paint).
 * Toasts raised before the container has mounted wait for it.
 */
export const SUCCESS_AUTO_CLOSE_MS = 3000;
export const ERROR_AUTO_CLOSE_MS = 5000;

type ToastKind = 'success' | 'info' | 'error';

let toastify: Promise<typeof import('react-toastify/unstyled')> | undefined;
let containerWanted = false;
const listeners = new Set<() => void>();

// A toast updated before its container has mounted would be lost, so every call waits for it.
let markContainerReady: () => void = () => {};
let containerReady: Promise<void>;
function resetContainerReady() {
  containerReady = new Promise((resolve) => {
    markContainerReady = resolve;
  });
}
resetContainerReady();

/** Called by the toast container when it mounts; the returned function is its unmount. */
export function registerToastContainer(): () => void {
  markContainerReady();
  return resetContainerReady;
}

async function loadToastify() {
  if (!containerWanted) {
    containerWanted = true;
    for (const listener of listeners) listener();
  }
  toastify ??= import('react-toastify/unstyled');
  const [module] = await Promise.all([toastify, containerReady]);
  return module;
}

/** For the app shell: whether a toast was asked for, so the container must be mounted. */
export function subscribeToToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function isToastContainerWanted(): boolean {
  return containerWanted;
}

function autoCloseOf(kind: ToastKind): number {
  return kind === 'error' ? ERROR_AUTO_CLOSE_MS : SUCCESS_AUTO_CLOSE_MS;
}

export function notify(kind: ToastKind, content: ReactNode): void {
  void loadToastify().then(({ toast }) => toast[kind](content, { autoClose: autoCloseOf(kind) }));
}

export const notifySuccess = (content: ReactNode) => notify('success', content);
export const notifyInfo = (content: ReactNode) => notify('info', content);
export const notifyError = (content: ReactNode) => notify('error', content);

let lastId = 0;

/** Shows a spinner toast that stays until `settleToast` replaces it; returns its id. */
export function notifyLoading(content: ReactNode): string {
  lastId += 1;
  const toastId = `loading-${lastId}`;
  void loadToastify().then(({ toast }) => toast.loading(content, { toastId }));
  return toastId;
}

/** Turns a loading toast into a success or error toast with the usual auto-close time. */
export function settleToast(toastId: string, kind: ToastKind, content: ReactNode): void {
  void loadToastify().then(({ toast }) =>
    toast.update(toastId, {
      render: content,
      type: kind,
      isLoading: false,
      autoClose: autoCloseOf(kind),
      closeOnClick: true,
      draggable: true,
      closeButton: true,
    }),
  );
}
