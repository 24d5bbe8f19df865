// Writes dist/.vite/route-preloads.json after the build: for each page, the chunks that page needs
// besides the entry. The server lists them as <link rel="modulepreload"> in the index.html it sends
// for that address, so a first visit downloads the page's code alongside the entry instead of after
// it (one round trip less on a slow connection). Usage: node route-preloads.mjs <dist>
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const dist = process.argv[2] ?? 'dist';
// Written by the build (vite.config.ts): the chunk of every source module, and each chunk's imports.
const chunks = JSON.parse(readFileSync(path.join(dist, '.vite/chunks.json'), 'utf8'));
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

const QUERIES = 'src/app/providers/query-provider.tsx';
const DASHBOARD = 'src/app/layouts/dashboard-layout.tsx';
const page = (file) => `src/features/${file}`;
const route = (file) => `src/app/routes/${file}`;

/** The address patterns of src/app/router.tsx and the lazily loaded modules each one renders. */
const ROUTES = [
  ['/', [route('home-route.tsx')]],
  ['/login', [QUERIES, page('auth/pages/login-page.tsx')]],
  ['/pricing', [QUERIES, route('pricing-route.tsx')]],
  ['/reset-password', [QUERIES, page('accounts/pages/reset-password-page.tsx')]],
  ['/test-email', [QUERIES, page('accounts/pages/test-email-page.tsx')]],
  ['/contact', [QUERIES, page('contact/pages/contact-page.tsx')]],
  ['/terms', [page('legal/pages/legal-pages.tsx')]],
  ['/privacy', [page('legal/pages/legal-pages.tsx')]],
  ['/packages', [QUERIES, route('packages-route.tsx')]],
  ['/packages/:id', [QUERIES, route('package-route.tsx')]],
  ['/user/:id', [QUERIES, route('public-profile-route.tsx')]],
  ['/profile', [QUERIES, page('profile/pages/profile-page.tsx')]],
  ['/dashboard/bookings', [QUERIES, DASHBOARD, route('bookings-route.tsx')]],
  ['/dashboard/packages', [QUERIES, DASHBOARD, page('packages/pages/manage-packages-page.tsx')]],
  ['/dashboard/packages/create', [QUERIES, DASHBOARD, route('create-package-route.tsx')]],
  ['/dashboard/packages/edit/:id', [QUERIES, DASHBOARD, route('edit-package-route.tsx')]],
  ['/dashboard/categories', [QUERIES, DASHBOARD, page('categories/pages/categories-page.tsx')]],
  ['/dashboard/analytics', [QUERIES, DASHBOARD, page('analytics/pages/analytics-page.tsx')]],
  ['/dashboard/users', [QUERIES, DASHBOARD, page('users/pages/users-page.tsx')]],
  ['/dashboard/messages', [QUERIES, DASHBOARD, page('contact/pages/messages-page.tsx')]],
];

/** A chunk and every chunk it imports statically. */
function closure(file, into) {
  if (into.has(file)) return into;
  into.add(file);
  for (const child of chunks.imports[file] ?? []) closure(child, into);
  return into;
}

function chunkOf(module) {
  const file = chunks.modules[module];
  if (!file) throw new Error(`route-preloads: ${module} is not in the build; update ROUTES`);
  return file;
}

const inEntry = closure(manifest['index.html'].file, new Set());
const routes = ROUTES.map(([pattern, modules]) => {
  const files = new Set();
  for (const module of modules) closure(chunkOf(module), files);
  return { pattern, files: [...files].filter((file) => !inEntry.has(file)) };
});
writeFileSync(path.join(dist, '.vite/route-preloads.json'), `${JSON.stringify(routes, null, 2)}\n`);
console.log(`route-preloads: ${routes.length} pages`);
