import { useEffect, useState } from 'react';

/** The part of a query's state the home page's sections read. */
export interface Loaded<T> {
  isPending: boolean;
  isError: boolean;
  data: T | undefined;
}

const lastAnswers = new Map<string, unknown>();

/**
 * A GET for the home page, which loads without the query cache to stay small (docs/decisions/009).
 * The last answer under `key` shows at once when the page comes back, while a fresh one loads; a
 * failure keeps what is shown. `load` is read once per key.
 */
export function useLoad<T>(key: string, load: (signal: AbortSignal) => Promise<T>): Loaded<T> {
  const [state, setState] = useState<Loaded<T>>(() =>
    lastAnswers.has(key)
      ? { isPending: false, isError: false, data: lastAnswers.get(key) as T }
      : { isPending: true, isError: false, data: undefined },
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: `load` is read once per key
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).then(
      (data) => {
        lastAnswers.set(key, data);
        if (!controller.signal.aborted) setState({ isPending: false, isError: false, data });
      },
      () => {
        if (controller.signal.aborted) return;
        setState((shown) =>
          shown.data === undefined ? { isPending: false, isError: true, data: undefined } : shown,
        );
      },
    );
    return () => controller.abort();
  }, [key]);

  return state;
}

/** Tests start from nothing remembered. */
export function forgetLoaded(): void {
  lastAnswers.clear();
}
