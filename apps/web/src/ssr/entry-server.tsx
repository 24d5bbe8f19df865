import { AsyncLocalStorage } from 'node:async_hooks';
import type { User } from '@sherehe/shared/schemas/users';
import { dehydrate, type Query, QueryClient, QueryClientProvider, skipToken } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { matchPath, StaticRouter } from 'react-router';
import { AppProvider } from '@/app/providers/app-provider';
import { AppRoutes } from '@/app/router';
import { ROUTER_BASENAME } from '@/config/lang';
import { paths } from '@/config/paths';
import { setApiTransport } from '@/lib/api-client';
import { serializeSsrState } from '@/lib/ssr-state';
import { type LoadCollector, LoadCollectorContext } from '@/lib/use-load';

/**
 * The pages the server renders (docs/decisions/009): the public ones a visitor lands on from a
 * link or a search. The dashboard's other pages and the forms behind a login start in the browser
 * as before.
 */
export const SSR_PATTERNS: readonly string[] = [
  paths.home.path,
  paths.packages.path,
  paths.packageDetail.path,
  paths.userProfile.path,
  paths.pricing.path,
  paths.login.path,
  paths.resetPassword.path,
  paths.testEmail.path,
  paths.contact.path,
  paths.terms.path,
  paths.privacy.path,
];

/**
 * The pages the server renders only for a signed-in visitor, with their own data (docs/decisions/009):
 * the server makes their GETs with the visitor's session, and only theirs; a guest gets the plain
 * app, which sends them to log in as before. No cache shared between visitors keeps them.
 */
export const SIGNED_IN_SSR_PATTERNS: readonly string[] = [paths.dashboard.bookings.getHref()];

/** How many times a signed-in page is drawn with answers at most (a public page: once). */
const SIGNED_IN_DATA_ROUNDS = 3;

function isSignedInPage(url: string): boolean {
  const pathname = url.split('?')[0] ?? '/';
  const inApp =
    ROUTER_BASENAME && pathname.startsWith(ROUTER_BASENAME)
      ? pathname.slice(ROUTER_BASENAME.length) || '/'
      : pathname;
  return SIGNED_IN_SSR_PATTERNS.some((pattern) => matchPath(pattern, inApp) !== null);
}

export interface RenderOptions {
  /** Path and query of the page, e.g. `/packages?q=garden`. */
  url: string;
  /** Who asked (from their session cookie); null for a guest. */
  user: User | null;
  /**
   * Answers the page's API GETs in-process: without credentials for the public pages, with the
   * visitor's session for theirs (SIGNED_IN_SSR_PATTERNS). Only this render's GETs go through it,
   * however many renders run at once.
   */
  fetch: typeof fetch;
  /** How long the page's data may take before it is rendered without it (the browser then loads it). */
  dataTimeoutMs?: number;
}

export interface RenderResult {
  /**
   * The markup for `#root`, after the page's hoistable elements (its `<title>`, the preload of its
   * main image), which React puts first and which belong in `<head>`.
   */
  html: string;
  /** JSON for `<script type="application/json" id="ssr-state">`, safe to put in HTML as it is. */
  state: string;
}

async function toText(stream: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  stream.setEncoding('utf8');
  for await (const chunk of stream) text += chunk;
  return text;
}

function isWanted(query: Query): boolean {
  if (query.state.status !== 'pending' || query.state.fetchStatus !== 'idle') return false;
  const { enabled, queryFn } = query.options as { enabled?: unknown; queryFn?: unknown };
  if (queryFn === undefined || queryFn === skipToken) return false;
  return typeof enabled === 'function' ? enabled(query) !== false : enabled !== false;
}

/**
 * The `fetch` of the render a GET belongs to. The API client's transport is one for the module,
 * while renders for different visitors run at once: each GET finds its own render's `fetch` here,
 * never another visitor's.
 */
const renderFetch = new AsyncLocalStorage<typeof fetch>();

setApiTransport((input, init) => {
  const own = renderFetch.getStore();
  return own ? own(input, init) : Promise.reject(new Error('an API call outside a server render'));
});

/**
 * Renders a page as the browser's first render will draw it: once to learn which GETs it makes,
 * then, with their answers, for good (a signed-in page again while parts drawn with the answers
 * make GETs of their own). Lazily loaded pages are waited for (prerender), so the markup holds the
 * page itself, not its loading skeleton.
 */
export function render(options: RenderOptions): Promise<RenderResult> {
  return renderFetch.run(options.fetch, () => renderPage(options));
}

async function renderPage({ url, user, dataTimeoutMs = 1500 }: RenderOptions): Promise<RenderResult> {
  // Its own cache for every request: nothing of one visitor's page reaches another's.
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 60_000 } },
  });
  const collector: LoadCollector = { answers: new Map(), wanted: new Map() };

  const draw = async () => {
    const { prelude } = await prerenderToNodeStream(
      <StrictMode>
        <StaticRouter location={url} basename={ROUTER_BASENAME}>
          <QueryClientProvider client={queryClient}>
            <LoadCollectorContext value={collector}>
              <AppProvider initialUser={user}>
                <AppRoutes />
              </AppProvider>
            </LoadCollectorContext>
          </QueryClientProvider>
        </StaticRouter>
      </StrictMode>,
      // Everything inline: React would otherwise move large finished parts to the end of the page
      // behind inline scripts, which the Content-Security-Policy refuses.
      { progressiveChunkSize: Number.POSITIVE_INFINITY },
    );
    return toText(prelude);
  };

  await draw();
  // A signed-in page shows parts that make GETs of their own once the first answers are in (a
  // booking's payments): it is drawn again while new ones appear, so all of it arrives at once.
  const rounds = isSignedInPage(url) ? SIGNED_IN_DATA_ROUNDS : 1;
  const deadline = Date.now() + dataTimeoutMs;
  const asked = new Set<string>();
  let html = '';
  for (let round = 1; round <= rounds; round++) {
    const loads = [...collector.wanted].filter(([key]) => !asked.has(`load ${key}`));
    const queries = queryClient
      .getQueryCache()
      .getAll()
      .filter((query) => isWanted(query) && !asked.has(`query ${query.queryHash}`));
    if (round > 1 && loads.length === 0 && queries.length === 0) break;
    for (const [key] of loads) asked.add(`load ${key}`);
    for (const query of queries) asked.add(`query ${query.queryHash}`);
    await answer(loads, queries, deadline - Date.now());
    // What failed or is still on its way is drawn as loading, as the browser will draw it.
    queryClient.removeQueries({ predicate: (query) => query.state.status !== 'success' });
    html = await draw();
    if (Date.now() >= deadline) break;
  }

  async function answer(
    loads: [string, (signal: AbortSignal) => Promise<unknown>][],
    queries: Query[],
    withinMs: number,
  ) {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), Math.max(withinMs, 0));
    try {
      const loading = loads.map(async ([key, load]) => {
        collector.answers.set(key, await load(controller.signal));
      });
      const settled = Promise.allSettled([...loading, ...queries.map((query) => query.fetch())]);
      await Promise.race([
        settled,
        new Promise((resolve) => controller.signal.addEventListener('abort', resolve, { once: true })),
      ]);
    } finally {
      clearTimeout(timer);
      controller.abort();
    }
  }

  const state = serializeSsrState({
    user,
    loads: Object.fromEntries(collector.answers),
    queries: dehydrate(queryClient),
  });
  return { html, state };
}
