/**
 * "The session ended" (logout) for parts that are not on every page, such as the query cache, which
 * the first page does not load (docs/decisions). Listeners run once per logout.
 */
type Listener = () => void;
const listeners = new Set<Listener>();

export function onSessionEnd(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitSessionEnd(): void {
  for (const listener of listeners) listener();
}
