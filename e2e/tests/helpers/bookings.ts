import type { APIRequestContext, Browser, BrowserContext, Locator, Page } from '@playwright/test';
import {
  test as base,
  expect,
  logIn,
  type Person,
  randomAddress,
  register,
  uniqueSuffix,
  waitsForApp,
} from '../../fixtures';
import { futureDay } from './days';
import { pngFile } from './png';

export interface CreatedPackage {
  _id: string;
  title: string;
  planner: { _id: string; username: string; email: string };
}

type Who = { email: string; password?: string } | { register: 'client' | 'planner'; name: string };

/** Another person in another browser, signed in or signed up through the API. */
export interface Session {
  context: BrowserContext;
  page: Page;
  user: Person;
}

/** Another person in another browser: a fresh context (own cookies, own client address). */
export async function openSession(browser: Browser, baseURL: string | undefined, who: Who): Promise<Session> {
  const context = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': randomAddress() },
  });
  const user =
    'register' in who
      ? await register(context.request, who.register, who.name)
      : await logIn(context.request, who.email, who.password);
  return { context, page: waitsForApp(await context.newPage()), user };
}

/** What a package is made with; `createPackage` fills in what is not given. */
export interface PackageFields {
  title: string;
  description: string;
  price: string;
  location: string;
  image: ReturnType<typeof pngFile>;
}

/**
 * Creates a package as the planner signed in on `request`. Other tests count and filter the demo
 * catalogue, so: a category they do not filter on, and `deletePackage` once done.
 */
export async function createPackage(request: APIRequestContext, fields: Partial<PackageFields> = {}) {
  const categories = (await (await request.get('/api/category')).json()).categories as Array<{
    _id: string;
    name: string;
  }>;
  const category = categories.find((each) => each.name === 'NGO & Community') ?? categories[0];
  const response = await request.post('/api/packages/create', {
    multipart: {
      title: `E2E Gala ${uniqueSuffix()}`,
      description: 'An evening celebration, planned end to end, for browser tests.',
      price: '25000',
      category: category?._id ?? '',
      location: 'Nairobi',
      image: pngFile(),
      ...fields,
    },
  });
  expect(response.status(), 'create package').toBe(201);
  return (await response.json()).data as CreatedPackage;
}

/** Deletes a package made by `createPackage` (its bookings keep a 'Package deleted' marker). */
export async function deletePackage(request: APIRequestContext, id: string) {
  await request.delete(`/api/packages/delete/${id}`);
}

/** A demo package of the given planner (by email). */
export async function demoPackageOf(request: APIRequestContext, plannerEmail: string, index = 0) {
  const list = await (await request.get('/api/packages?page=1&limit=100')).json();
  const packages = (list.data as CreatedPackage[]).filter((pkg) => pkg.planner.email === plannerEmail);
  const found = packages[index];
  if (!found) throw new Error(`no package ${index} of ${plannerEmail}`);
  return found;
}

/** Books a package through the API as the client signed in on `request`; returns the booking. */
export async function bookThroughApi(request: APIRequestContext, pkg: CreatedPackage, day = futureDay()) {
  const response = await request.post('/api/bookings/create', {
    data: {
      package: pkg._id,
      planner: pkg.planner._id,
      date: `${day}T00:00:00.000Z`,
      message: 'Booked by a test.',
    },
  });
  expect(response.status(), 'book').toBe(201);
  return (await response.json()).booking as { _id: string; status: string };
}

/** A planner of the test's own in another browser, with a package of Ksh 25,000 made for the test. */
export interface PlannerWithPackage {
  planner: Session;
  pkg: CreatedPackage;
}

/** A new client (signed in on `page`) and the booking they made. */
export interface ClientBooking {
  client: { _id: string; email: string; name: string };
  bookingId: string;
}

/** `PlannerWithPackage` whose package a new client, signed in on `page`, booked (and the planner accepted). */
export interface AcceptedBooking extends PlannerWithPackage, ClientBooking {}

/**
 * The test of the booking specs: the fixtures of ../../fixtures and the people and packages a booking
 * needs, each undone when the test ends (packages deleted, then browsers closed). Two browsers,
 * sockets, the payment simulator's callbacks and aggregate queries take more time than a single page
 * view: each of these tests has 120 s.
 */
export const test = base.extend<{
  /** The 120 s every test of the booking specs has. */
  bookingTimeout: undefined;
  /** Undone in reverse order when the test ends. */
  cleanups: Array<() => Promise<unknown>>;
  /** Another person in another browser (see `openSession`), closed when the test ends. */
  session: (who: Who) => Promise<Session>;
  /** A package of the planner's, made through the API and deleted when the test ends. */
  packageOf: (planner: Session) => Promise<CreatedPackage>;
  /** A planner of the test's own (named `name`, by default 'E2E Planner …') with a package. */
  plannerWithPackage: (name?: string) => Promise<PlannerWithPackage>;
  /** A demo planner (by email) in another browser, with their package number `index` of the demo data. */
  demoPlannerWithPackage: (email: string, index: number) => Promise<PlannerWithPackage>;
  /** A new client (named `name`, by default 'E2E client …') signed up on `page`, who books `pkg` through the API. */
  clientBooking: (pkg: CreatedPackage, name?: string) => Promise<ClientBooking>;
  /**
   * A planner of the test's own ('E2E Planner …') with a package of Ksh 25,000 (a 30 % deposit:
   * Ksh 7,500), which a new client ('E2E Client …', the same suffix), signed up on `page`, booked a
   * year ahead: a request the planner has not answered.
   */
  requestedBooking: () => Promise<AcceptedBooking>;
  /** `requestedBooking`, accepted by the planner: ready to be paid. */
  acceptedBooking: () => Promise<AcceptedBooking>;
}>({
  bookingTimeout: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's dependencies from this pattern
    async ({}, use, testInfo) => {
      testInfo.setTimeout(120_000);
      await use(undefined);
    },
    { auto: true },
  ],
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's dependencies from this pattern
  cleanups: async ({}, use) => {
    const cleanups: Array<() => Promise<unknown>> = [];
    await use(cleanups);
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  },
  session: async ({ browser, baseURL, cleanups }, use) => {
    await use(async (who) => {
      const session = await openSession(browser, baseURL, who);
      cleanups.push(() => session.context.close());
      return session;
    });
  },
  packageOf: async ({ cleanups }, use) => {
    await use(async (planner) => {
      const pkg = await createPackage(planner.context.request);
      cleanups.push(() => deletePackage(planner.context.request, pkg._id));
      return pkg;
    });
  },
  plannerWithPackage: async ({ session, packageOf }, use) => {
    await use(async (name = `E2E Planner ${uniqueSuffix()}`) => {
      const planner = await session({ register: 'planner', name });
      return { planner, pkg: await packageOf(planner) };
    });
  },
  demoPlannerWithPackage: async ({ page, session }, use) => {
    await use(async (email, index) => {
      const planner = await session({ email });
      return { planner, pkg: await demoPackageOf(page.request, email, index) };
    });
  },
  clientBooking: async ({ page, registerAs }, use) => {
    await use(async (pkg, name) => {
      const client = await registerAs('client', name);
      const booking = await bookThroughApi(page.request, pkg);
      return { client, bookingId: booking._id };
    });
  },
  requestedBooking: async ({ plannerWithPackage, clientBooking }, use) => {
    await use(async () => {
      const suffix = uniqueSuffix();
      const { planner, pkg } = await plannerWithPackage(`E2E Planner ${suffix}`);
      return { planner, pkg, ...(await clientBooking(pkg, `E2E Client ${suffix}`)) };
    });
  },
  acceptedBooking: async ({ requestedBooking }, use) => {
    await use(async () => {
      const booking = await requestedBooking();
      await acceptThroughApi(booking.planner.context.request, booking.bookingId);
      return booking;
    });
  },
});

/** Opens the package's page on `page` and presses Book Now there (a tap on a phone). */
export async function pressBookNow(page: Page, packageId: string, press: 'click' | 'tap' = 'click') {
  await page.goto(`/packages/${packageId}`);
  await page.getByRole('button', { name: 'Book Now' })[press]();
}

/** Opens the bookings page on `page`, as its person would, and gives the booking of the package titled `title`. */
export async function openBooking(page: Page, title: string): Promise<Locator> {
  await page.goto('/dashboard/bookings');
  return page.getByRole('article').filter({ hasText: title });
}

/** Opens the bookings page on `page` and the chat of its booking; gives that chat, with `otherName`. */
export async function openChat(page: Page, otherName: string): Promise<Locator> {
  await page.goto('/dashboard/bookings');
  await page.getByRole('button', { name: /Open chat/ }).click();
  return page.getByRole('region', { name: `Chat with ${otherName}` });
}

/** Accepts a booking through the API as the planner signed in on `request`. */
export async function acceptThroughApi(request: APIRequestContext, bookingId: string) {
  const accepted = await request.patch(`/api/bookings/${bookingId}`, { data: { status: 'accepted' } });
  expect(accepted.status(), 'accept').toBe(200);
}

export { expect };
