import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
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

export type { Person };

export interface CreatedPackage {
  _id: string;
  title: string;
  planner: { _id: string; username: string; email: string };
}

/** The signed-in user behind a request context (its cookies). */
export async function whoAmI(request: APIRequestContext): Promise<Person> {
  const reply = await (await request.get('/api/user/data')).json();
  return reply.userData as Person;
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

/**
 * Creates a package as the planner signed in on `request`. Other tests count and filter the demo
 * catalogue, so: a category they do not filter on, and `deletePackage` once done.
 */
export async function createPackage(request: APIRequestContext, title = `E2E Gala ${uniqueSuffix()}`) {
  const categories = (await (await request.get('/api/category')).json()).categories as Array<{
    _id: string;
    name: string;
  }>;
  const category = categories.find((each) => each.name === 'NGO & Community') ?? categories[0];
  const response = await request.post('/api/packages/create', {
    multipart: {
      title,
      description: 'An evening celebration, planned end to end, for browser tests.',
      price: '25000',
      category: category?._id ?? '',
      location: 'Nairobi',
      image: pngFile(),
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

/** `PlannerWithPackage` whose package the client signed in on `page` booked and the planner accepted. */
export interface AcceptedBooking extends PlannerWithPackage {
  bookingId: string;
}

/**
 * The test of the booking specs: the fixtures of ../../fixtures and the people and packages a booking
 * needs, each undone when the test ends (packages deleted, then browsers closed).
 */
export const test = base.extend<{
  /** Undone in reverse order when the test ends. */
  cleanups: Array<() => Promise<unknown>>;
  /** Another person in another browser (see `openSession`), closed when the test ends. */
  session: (who: Who) => Promise<Session>;
  /** A package of the planner's, made through the API and deleted when the test ends. */
  packageOf: (planner: Session) => Promise<CreatedPackage>;
  /** A planner of the test's own (named `name`, by default 'E2E Planner …') with a package. */
  plannerWithPackage: (name?: string) => Promise<PlannerWithPackage>;
  /**
   * A planner of the test's own with a package of Ksh 25,000 (a 30 % deposit: Ksh 7,500), booked a
   * year ahead by the client signed in on `page` and accepted by the planner: ready to be paid.
   */
  acceptedBooking: () => Promise<AcceptedBooking>;
}>({
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
  acceptedBooking: async ({ page, plannerWithPackage }, use) => {
    await use(async () => {
      const { planner, pkg } = await plannerWithPackage();
      const booking = await bookThroughApi(page.request, pkg);
      await acceptThroughApi(planner.context.request, booking._id);
      return { planner, pkg, bookingId: booking._id };
    });
  },
});

/** Accepts a booking through the API as the planner signed in on `request`. */
export async function acceptThroughApi(request: APIRequestContext, bookingId: string) {
  const accepted = await request.patch(`/api/bookings/${bookingId}`, { data: { status: 'accepted' } });
  expect(accepted.status(), 'accept').toBe(200);
}

export { expect };
