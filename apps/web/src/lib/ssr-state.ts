import type { User } from '@sherehe/shared/schemas/users';

/**
 * What the server rendered a page with (docs/decisions/009): who was signed in, the answers of the
 * GETs it made, and the query cache it filled. The browser's first render starts from the same
 * state, so it takes over the server's HTML (hydration) instead of drawing the page again.
 */
export interface SsrState {
  /** The signed-in user the page was rendered for; null for a guest. */
  user: User | null;
  /** `useLoad` answers by key. */
  loads: Record<string, unknown>;
  /** TanStack Query's dehydrated cache (typed loosely: the home page's code does not load it). */
  queries: unknown;
}

export const SSR_STATE_ID = 'ssr-state';

let read: SsrState | null | undefined;

/** The state the server sent with this page, or null when the page was not rendered on the server. */
export function ssrState(): SsrState | null {
  if (read !== undefined) return read;
  read = null;
  if (typeof document === 'undefined') return read;
  const element = document.getElementById(SSR_STATE_ID);
  if (element?.textContent) {
    try {
      read = JSON.parse(element.textContent) as SsrState;
    } catch {
      read = null;
    }
  }
  return read;
}

/** The query cache's part, once: later clients (after a logout) start empty. */
export function takeSsrQueries(): unknown {
  const state = ssrState();
  if (!state) return undefined;
  const { queries } = state;
  state.queries = undefined;
  return queries;
}

/**
 * JSON for a `<script type="application/json">`: `<` is escaped, so no text in it can close the
 * element or open a comment, whatever a package title contains.
 */
export function serializeSsrState(state: SsrState): string {
  return JSON.stringify(state)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
