import './lib/zod-config';
import './index.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProvider } from './app/providers/app-provider';
import { AppRoutes } from './app/router';
import { ROUTER_BASENAME } from './config/lang';
import { ssrState } from './lib/ssr-state';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// A page the server rendered (docs/decisions/009) starts from the state it was rendered with.
const fromServer = ssrState();

const app = (
  <StrictMode>
    <BrowserRouter basename={ROUTER_BASENAME}>
      <AppProvider initialUser={fromServer ? fromServer.user : undefined}>
        <AppRoutes />
      </AppProvider>
    </BrowserRouter>
  </StrictMode>
);

// Hydrated as a transition: React then takes the page over in slices of a few milliseconds and
// lets the browser answer input between them, rather than in one long task (Total Blocking Time).
if (fromServer && container.hasChildNodes()) {
  startTransition(() => {
    hydrateRoot(container, app);
  });
} else {
  createRoot(container).render(app);
}
