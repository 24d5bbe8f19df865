// Varied traffic for `npm run bench`: every request asks for something different, as
// people and crawlers do, so the read cache (docs/decisions/010) rarely answers. Each scenario
// builds its requests with autocannon's `setupRequest`; the data is seed-bulk.ts's (bulk planners
// with session tokens 'bench-planner-token-N', clients 'bench-token-N', 2,001… with spread
// bookings). A scenario's `goal` is the varied-traffic goal: at least `ratio` of health's req/s, p99 under `p99`.
//   BENCH_SET=varied npm run bench

/** Words people search for, English and Kiswahili, from seed-bulk.ts's vocabulary. */
const SEARCH_WORDS = [
  'harusi',
  'sherehe',
  'send-off',
  'ruracio',
  'ngoma',
  'chakula',
  'mapambo',
  'garden',
  'gala',
  'conference',
  'wedding',
  'birthday',
  'graduation',
  'mahafali',
  'taarab',
  'pilau',
  'photography',
  'beach',
  'rooftop',
  'safari',
  'luxury',
  'nikah',
  'koito',
  'maua',
  'keki',
  'fundraiser',
  'retreat',
  'kifahari',
  'bustani',
  'engagement',
  'anniversary',
  'festival',
  'concert',
  'biryani',
  'fireworks',
  'videography',
  'ushers',
];
const MIN_PRICES = [undefined, 5000, 10000, 20000, 50000, 100000, 250000, 500000];
/** How many of each kind a run picks from. */
const PACKAGE_IDS = Number(process.env.BENCH_VARIED_PACKAGES ?? 2000);
const PLANNERS = 250;
const SPREAD_CLIENTS = { first: 2001, count: 5000 };

const any = (list) => list[Math.floor(Math.random() * list.length)];
const between = (low, high) => low + Math.floor(Math.random() * (high - low + 1));

const CATALOGUE_GOAL = { ratio: 0.25, p99: 50 };
const PAGE_GOAL = { ratio: 0.15, p99: 60 };
/** A guest's stored page (docs/decisions/023): what a static file costs. */
const STORED_PAGE_GOAL = { ratio: 0.5, p99: 25 };
/** Package ids the first-visit scenario picks from, none of them among the 2,000 stored ones. */
const FIRST_VISITS = Number(process.env.BENCH_FIRST_VISITS ?? 20_000);

/** Package ids from all over the catalogue (pages spread over it, newest and by price), once per run. */
async function packageIds(context) {
  context.packageIds ??= (async () => {
    const first = await (await fetch(`${context.baseUrl}/api/packages?page=1&limit=1`)).json();
    const pages = Math.max(1, Math.floor(first.total / 100));
    const ids = new Set();
    const planners = new Set();
    const pairs = [];
    for (let i = 0; ids.size < PACKAGE_IDS && i < PACKAGE_IDS / 50; i++) {
      const sort = i % 2 ? 'price_asc' : 'newest';
      const page = 1 + Math.floor((i * 7919) % pages);
      const { data } = await (
        await fetch(`${context.baseUrl}/api/packages?page=${page}&limit=100&sort=${sort}`)
      ).json();
      for (const pkg of data) {
        if (!ids.has(pkg._id)) pairs.push({ id: pkg._id, planner: pkg.planner._id });
        ids.add(pkg._id);
        planners.add(pkg.planner._id);
      }
    }
    return { ids: [...ids], planners: [...planners], pairs };
  })();
  return context.packageIds;
}

/**
 * Package ids the stored scenarios never ask for, each asked once by the first-visit scenario: its
 * page is not stored yet, so each request renders it (and stores it).
 */
async function firstVisitIds(context) {
  context.firstVisitIds ??= (async () => {
    const { ids } = await packageIds(context);
    const stored = new Set(ids);
    const fresh = [];
    for (let page = 1; fresh.length < FIRST_VISITS; page++) {
      const { data } = await (
        await fetch(`${context.baseUrl}/api/packages?page=${page}&limit=100&sort=price_desc`)
      ).json();
      if (data.length === 0) break;
      for (const pkg of data) if (!stored.has(pkg._id)) fresh.push(pkg._id);
    }
    return fresh;
  })();
  return context.firstVisitIds;
}

/**
 * Asks for each page once as a guest, a few at a time, so it is stored before the timed run: as in
 * production, where a page is rendered ahead when what it shows changes (and by the fill).
 */
async function storeAhead(baseUrl, paths) {
  const queue = [...paths];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let next = queue.pop(); next; next = queue.pop()) {
        const response = await fetch(`${baseUrl}${next}`, { headers: PAGE_HEADERS });
        await response.arrayBuffer();
        if (!response.headers.get('etag')) throw new Error(`${next} was not stored`);
      }
    }),
  );
}

async function categoryIds(baseUrl) {
  const { categories } = await (await fetch(`${baseUrl}/api/category`)).json();
  return categories.map((c) => c._id);
}

/** A search as the browse page sends it: a word, a price range, maybe a category, a page. */
function searchQuery(categories, { withWord }) {
  const params = new URLSearchParams();
  if (withWord) params.set('q', any(SEARCH_WORDS));
  const min = any(MIN_PRICES);
  if (min !== undefined) params.set('minPrice', String(min));
  if (Math.random() < 0.5) params.set('maxPrice', String((min ?? 5000) * any([4, 10, 40, 100])));
  if (!withWord || Math.random() < 0.3) params.set('category', any(categories));
  if (Math.random() < 0.3) params.set('sort', any(['price_asc', 'price_desc', 'rating']));
  params.set('page', String(between(1, withWord ? 3 : 5)));
  params.set('limit', '12');
  return params.toString();
}

/** autocannon options whose every request is `next()`'s address (and headers). */
function eachDifferent(next, headers = {}) {
  return {
    headers,
    requests: [
      {
        setupRequest(request) {
          const { path, headers: extra, body } = next();
          return { ...request, path, headers: { ...request.headers, ...extra }, ...(body && { body }) };
        },
      },
    ],
  };
}

/** A catalogue search scenario: each request a different `searchQuery`, with a word or without. */
function catalogueSearch(name, { withWord }) {
  return {
    name,
    goal: CATALOGUE_GOAL,
    request: {},
    async setup({ baseUrl }) {
      const categories = await categoryIds(baseUrl);
      return eachDifferent(() => ({ path: `/api/packages?${searchQuery(categories, { withWord })}` }));
    },
  };
}

const PAGE_HEADERS = { accept: 'text/html', 'accept-encoding': 'br' };

export const variedScenarios = [
  {
    name: 'varied: GET /api/packages/{id}, any of 2,000',
    goal: CATALOGUE_GOAL,
    request: {},
    async setup(context) {
      const { ids } = await packageIds(context);
      return eachDifferent(() => ({ path: `/api/packages/${any(ids)}` }));
    },
  },
  catalogueSearch('varied: GET /api/packages?q={word}&minPrice&maxPrice&category&page', { withWord: true }),
  catalogueSearch('varied: GET /api/packages?category&minPrice&maxPrice&page', { withWord: false }),
  {
    name: "varied: GET /api/user/profile/{id}, a planner's public profile",
    goal: CATALOGUE_GOAL,
    request: {},
    async setup(context) {
      const { planners } = await packageIds(context);
      return eachDifferent(() => ({ path: `/api/user/profile/${any(planners)}` }));
    },
  },
  {
    name: 'varied: GET /api/bookings/for-planner, 250 planners (1 to 5,000 bookings), page 1–3',
    goal: CATALOGUE_GOAL,
    request: {},
    async setup() {
      return eachDifferent(() => ({
        path: `/api/bookings/for-planner?page=${between(1, 3)}&limit=10`,
        headers: { authorization: `Bearer bench-planner-token-${between(1, PLANNERS)}` },
      }));
    },
  },
  {
    name: 'varied: GET /api/bookings/my, 5,000 clients, page 1–3',
    goal: CATALOGUE_GOAL,
    request: {},
    async setup() {
      return eachDifferent(() => ({
        path: `/api/bookings/my?page=${between(1, 3)}&limit=10`,
        headers: {
          authorization: `Bearer bench-token-${SPREAD_CLIENTS.first + between(0, SPREAD_CLIENTS.count - 1)}`,
        },
      }));
    },
  },
  {
    name: "varied: GET /packages/{id}, a guest's page stored ahead, any of 2,000",
    goal: STORED_PAGE_GOAL,
    request: {},
    async setup(context) {
      const { ids } = await packageIds(context);
      const html = await (await fetch(`${context.baseUrl}/packages/${ids[0]}`)).text();
      if (!html.includes('id="ssr-state"')) throw new Error('/packages/{id} was not rendered on the server');
      await storeAhead(
        context.baseUrl,
        ids.map((id) => `/packages/${id}`),
      );
      return eachDifferent(() => ({ path: `/packages/${any(ids)}` }), PAGE_HEADERS);
    },
  },
  {
    name: "varied: GET /user/{id}, a planner's profile stored ahead, any of the 2,000 packages' planners",
    goal: STORED_PAGE_GOAL,
    request: {},
    async setup(context) {
      const { planners } = await packageIds(context);
      await storeAhead(
        context.baseUrl,
        planners.map((id) => `/user/${id}`),
      );
      return eachDifferent(() => ({ path: `/user/${any(planners)}` }), PAGE_HEADERS);
    },
  },
  {
    name: "varied: GET /packages/{id}, a guest's first visit (not stored: rendered and stored)",
    goal: PAGE_GOAL,
    request: {},
    async setup(context) {
      const ids = await firstVisitIds(context);
      let next = 0;
      // Each id once: a page asked again would be the stored one.
      return eachDifferent(() => ({ path: `/packages/${ids[next++ % ids.length]}` }), PAGE_HEADERS);
    },
  },
  {
    name: 'varied: GET /packages?q={word}&minPrice rendered on the server',
    goal: PAGE_GOAL,
    request: {},
    async setup({ baseUrl }) {
      const html = await (await fetch(`${baseUrl}/packages?q=harusi`)).text();
      if (!html.includes('id="ssr-state"')) throw new Error('/packages?q= was not rendered on the server');
      return eachDifferent(() => {
        const params = new URLSearchParams({ q: any(SEARCH_WORDS) });
        const min = any(MIN_PRICES);
        if (min !== undefined) params.set('minPrice', String(min));
        if (Math.random() < 0.3) params.set('page', String(between(2, 3)));
        return { path: `/packages?${params}` };
      }, PAGE_HEADERS);
    },
  },
];

const DAY_MS = 86_400_000;

variedScenarios.push({
  name: 'varied: POST /api/bookings/create, 5,000 clients, any of 2,000 packages, any day of the year ahead',
  goal: { ratio: 0.1, p99: 100 },
  request: {},
  async setup(context) {
    const { pairs } = await packageIds(context);
    const today = Date.now();
    const dayAhead = (days) => new Date(today + days * DAY_MS).toISOString().slice(0, 10);
    // The days the seed already blocked or filled (the availability benchmark's planner has 50
    // blocked days and full ones; the demo planners some) would be refused, rightly (409
    // DAY_UNAVAILABLE): the requests ask for days their planner can still take.
    const unavailable = await unavailableDays(context.baseUrl, pairs, dayAhead(2), dayAhead(360));
    // Nor does a client ask twice for one package in a run: the second would be refused, rightly
    // (409, a booking already open). One the seed gave them (a pending one of the year ahead) still
    // is: a few in 10,000 requests with a million bookings.
    const asked = new Set();
    return {
      method: 'POST',
      ...eachDifferent(() => {
        let target;
        let day;
        let client;
        do {
          target = any(pairs);
          day = dayAhead(between(2, 360));
          client = SPREAD_CLIENTS.first + between(0, SPREAD_CLIENTS.count - 1);
        } while (unavailable.get(target.planner)?.has(day) || asked.has(`${client}:${target.id}`));
        asked.add(`${client}:${target.id}`);
        return {
          path: '/api/bookings/create',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer bench-token-${client}`,
          },
          body: JSON.stringify({ package: target.id, planner: target.planner, date: day }),
        };
      }),
    };
  },
});

/** Each planner's days from `from` to `to` that take no new request, as the booking form reads them. */
async function unavailableDays(baseUrl, pairs, from, to) {
  const planners = [...new Set(pairs.map((pair) => pair.planner))];
  const days = new Map();
  for (const planner of planners) {
    const answer = await fetch(`${baseUrl}/api/planners/${planner}/availability?from=${from}&to=${to}`);
    if (!answer.ok) throw new Error(`the availability of planner ${planner} answered ${answer.status}`);
    days.set(planner, new Set((await answer.json()).unavailable));
  }
  return days;
}

/** The goals of the calls measured elsewhere in the bench, by name. */
export const otherGoals = {
  // One package and day after another: every request waits for the planner's day lock in turn.
  'POST /api/bookings/create (a different client each time)': { ratio: 0.05, p99: 200 },
};

/** The set BENCH_SET=varied runs: health first, then these and booking creation. */
export const variedSet = new Set([
  'GET /api/health',
  ...variedScenarios.map((s) => s.name),
  ...Object.keys(otherGoals),
]);
