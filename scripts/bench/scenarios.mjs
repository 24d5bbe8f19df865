// The calls `npm run bench` measures. Later features add theirs here: a scenario names the call,
// the autocannon request options, and an optional setup that returns more options (headers…).

async function login(baseUrl, email, password = 'sherehe-demo') {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`login as ${email} failed: ${response.status}`);
  return (await response.json()).token;
}

export const scenarios = [
  { name: 'GET /api/health', request: { path: '/api/health' } },
  { name: 'GET /api/plans', request: { path: '/api/plans' } },
  {
    name: 'GET /api/auth/is-auth (session)',
    request: { path: '/api/auth/is-auth' },
    async setup({ baseUrl }) {
      const token = await login(baseUrl, 'grace@sherehe.demo');
      return { headers: { cookie: `sherehe_session=${token}` } };
    },
  },
  {
    name: 'GET /api/packages?sort=featured&page=1&limit=3',
    request: { path: '/api/packages?sort=featured&page=1&limit=3' },
  },
  {
    name: 'GET /api/packages (search, filters, page 3)',
    request: {},
    async setup({ baseUrl }) {
      const { categories } = await (await fetch(`${baseUrl}/api/category`)).json();
      const weddings = categories.find((c) => c.name === 'Weddings') ?? categories[0];
      return {
        path: `/api/packages?q=garden&category=${weddings._id}&location=nairobi&minPrice=10000&maxPrice=900000&sort=price_asc&page=3&limit=6`,
      };
    },
  },
  { name: 'GET /api/packages (newest, page 50)', request: { path: '/api/packages?page=50&limit=6' } },
  {
    name: 'GET /api/packages/:id',
    request: {},
    async setup({ baseUrl }) {
      const { data } = await (await fetch(`${baseUrl}/api/packages?page=7&limit=1`)).json();
      return { path: `/api/packages/${data[0]._id}` };
    },
  },
];

/** A page address, after checking that the server renders it (docs/decisions/009). */
async function renderedPage(baseUrl, pathname) {
  const html = await (await fetch(`${baseUrl}${pathname}`)).text();
  if (!html.includes('id="ssr-state"')) throw new Error(`${pathname} was not rendered on the server`);
  return { path: pathname, headers: { accept: 'text/html', 'accept-encoding': 'br' } };
}

// Pages rendered on the server: two render passes and the page's GETs in-process, brotli.
scenarios.push(
  {
    name: 'GET / (page rendered on the server)',
    request: {},
    setup: ({ baseUrl }) => renderedPage(baseUrl, '/'),
  },
  {
    name: 'GET /packages (page rendered on the server)',
    request: {},
    setup: ({ baseUrl }) => renderedPage(baseUrl, '/packages'),
  },
  {
    name: 'GET /packages/:id (page rendered on the server)',
    request: {},
    async setup({ baseUrl }) {
      const { data } = await (await fetch(`${baseUrl}/api/packages?page=7&limit=1`)).json();
      return renderedPage(baseUrl, `/packages/${data[0]._id}`);
    },
  },
);

// Booking calls (seeded by apps/server/scripts/seed-bulk.ts: 2,000 Enterprise clients with
// session tokens 'bench-token-N', and a planner with 5,000 bookings).
const BENCH_CLIENTS = 2000;

scenarios.push(
  {
    name: 'POST /api/bookings/create (a different client each time)',
    request: {},
    async setup({ baseUrl }) {
      const first = await (await fetch(`${baseUrl}/api/packages?page=1&limit=100&sort=price_asc`)).json();
      const targets = first.data.map((p) => ({ id: p._id, planner: p.planner._id }));
      const date = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
      let n = 0;
      return {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        requests: [
          {
            setupRequest(request) {
              const k = n++;
              const client = (k % BENCH_CLIENTS) + 1;
              const target = targets[Math.floor(k / BENCH_CLIENTS) % targets.length];
              return {
                ...request,
                path: '/api/bookings/create',
                headers: { ...request.headers, authorization: `Bearer bench-token-${client}` },
                body: JSON.stringify({
                  package: target.id,
                  planner: target.planner,
                  date: `${date}T00:00:00.000Z`,
                }),
              };
            },
          },
        ],
      };
    },
  },
  {
    name: 'GET /api/bookings/for-planner (5,000 bookings, page 1)',
    request: {},
    async setup({ baseUrl }) {
      const token = await login(baseUrl, 'bulk-planner-1@sherehe.bench');
      return {
        path: '/api/bookings/for-planner?page=1&limit=20',
        headers: { authorization: `Bearer ${token}` },
      };
    },
  },
);

// The public availability call (docs/bookings-and-calendar.md#availability) for a planner with 1,000 bookings over the coming year
// and 50 blocked days (seeded by seed-bulk.ts), asked for a whole year, as the booking form's date
// picker asks for its months.
scenarios.push({
  name: 'GET /api/planners/:id/availability (1,000 bookings, 366 days)',
  request: {},
  async setup({ baseUrl }) {
    const response = await fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bulk-planner-2@sherehe.bench', password: 'sherehe-demo' }),
    });
    if (!response.ok) throw new Error(`login as bulk-planner-2 failed: ${response.status}`);
    const { user } = await response.json();
    const from = new Date().toISOString().slice(0, 10);
    const to = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
    const probe = await (
      await fetch(`${baseUrl}/api/planners/${user._id}/availability?from=${from}&to=${to}`)
    ).json();
    if (!(probe.unavailable?.length > 50))
      throw new Error(`expected full and blocked days, got ${JSON.stringify(probe)}`);
    return { path: `/api/planners/${user._id}/availability?from=${from}&to=${to}` };
  },
});
