import { createContext, useContext, useEffect, useState } from 'react';
import { ssrState } from './ssr-state';

/** The part of a query's state the home page's sections read. */
export interface Loaded<T> {
  isPending: boolean;
  isError: boolean;
  data: T | undefined;
}

type Load = (signal: AbortSignal) => Promise<unknown>;

/**
 * Server rendering (src/ssr): a first render notes the GETs the page wants in `wanted`; the server
 * makes them and renders again with their `answers`.
 */
export interface LoadCollector {
  answers: Map<string, unknown>;
  wanted: Map<string, Load>;
}

export const LoadCollectorContext = createContext<LoadCollector | null>(null);

const lastAnswers = new Map<string, unknown>();
/** Answers the server rendered with and the browser has not fetched again yet. */
const fromServer = new Set<string>();
let seeded = false;

function remembered(): Map<string, unknown> {
  if (!seeded) {
    seeded = true;
    for (const [key, value] of Object.entries(ssrState()?.loads ?? {})) {
      lastAnswers.set(key, value);
      fromServer.add(key);
    }
  }
  return lastAnswers;
}

/**
 * A GET for the home page, which loads without the query cache to stay small (docs/decisions/008).
 * The last answer under `key` shows at once when the page comes back, while a fresh one loads; a
 * failure keeps what is shown. An answer the server has just rendered the page with is not fetched
 * again on arrival. `load` is read once per key.
 */
export function useLoad<T>(key: string, load: (signal: AbortSignal) => Promise<T>): Loaded<T> {
  const collector = useContext(LoadCollectorContext);
  const [state, setState] = useState<Loaded<T>>(() => {
    const answers = collector ? collector.answers : remembered();
    if (collector && !answers.has(key)) collector.wanted.set(key, load);
    return answers.has(key)
      ? { isPending: false, isError: false, data: answers.get(key) as T }
      : { isPending: true, isError: false, data: undefined };
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: `load` is read once per key
  useEffect(() => {
    if (fromServer.delete(key)) return;
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
  seeded = true;
  lastAnswers.clear();
  fromServer.clear();
}
