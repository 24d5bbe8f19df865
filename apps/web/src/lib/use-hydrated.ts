import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False in the server's HTML and while the browser takes it over, true once the page answers to
 * input (docs/decisions/009). A form that only works through JavaScript keeps its submit button
 * disabled until then, so an early tap cannot send it the browser's way (a GET with the password
 * in the address).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
