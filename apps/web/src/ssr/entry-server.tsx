import type { User } from '@sherehe/shared/schemas/users';
import { dehydrate, type Query, QueryClient, QueryClientProvider, skipToken } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppProvider } from '@/app/providers/app-provider';
import { AppRoutes } from '@/app/router';
import { ROUTER_BASENAME } from '@/config/lang';
import { paths } from '@/config/paths';
import { setApiTransport } from '@/lib/api-client';
import { serializeSsrState } from '@/lib/ssr-state';
import { type LoadCollector, LoadCollectorContext } from '@/lib/use-load';

/**
 * The pages the server renders (docs/decisions/009): the public ones a visitor lands on from a
 * link or a search. The dashboard and the forms behind a login start in the browser as before.
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

export interface RenderOptions {
  /** Path and query of the page, e.g. `/packages?q=garden`. */
  url: string;
  /** Who asked (from their session cookie); null for a guest. */
  user: User | null;
  /** Answers the page's API GETs in-process. Public data only: it carries no credentials. */
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
 * Renders a page as the browser's first render will draw it: once to learn which GETs it makes,
 * then, with their answers, for good. Lazily loaded pages are waited for (prerender), so the markup
 * holds the page itself, not its loading skeleton.
 */
export async function render({
  url,
  user,
  fetch,
  dataTimeoutMs = 1500,
}: RenderOptions): Promise<RenderResult> {
  setApiTransport(fetch);
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
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), dataTimeoutMs);
  try {
    const loads = [...collector.wanted].map(async ([key, load]) => {
      collector.answers.set(key, await load(controller.signal));
    });
    const queries = queryClient
      .getQueryCache()
      .getAll()
      .filter(isWanted)
      .map((query) => query.fetch());
    const settled = Promise.allSettled([...loads, ...queries]);
    await Promise.race([
      settled,
      new Promise((resolve) => controller.signal.addEventListener('abort', resolve, { once: true })),
    ]);
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
  // What failed or is still on its way is drawn as loading, as the browser will draw it.
  queryClient.removeQueries({ predicate: (query) => query.state.status !== 'success' });

  const html = await draw();
  const state = serializeSsrState({
    user,
    loads: Object.fromEntries(collector.answers),
    queries: dehydrate(queryClient),
  });
  return { html, state };
}
