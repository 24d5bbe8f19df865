import { lazy, Suspense, useSyncExternalStore } from 'react';
import { isToastContainerWanted, subscribeToToasts } from '@/lib/toast';

const Toaster = lazy(() => import('./toaster'));

/** Mounts the toast container once the first toast is asked for, keeping it out of the home page's JS. */
export function ToastHost() {
  const wanted = useSyncExternalStore(subscribeToToasts, isToastContainerWanted, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
