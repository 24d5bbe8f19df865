import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, test, uniqueEmail, uniqueSuffix, waitsForApp } from '../../fixtures';
import { pngFile } from './png';

export interface Person {
  _id: string;
  username: string;
  email: string;
}

export interface CreatedPackage {
  _id: string;
  title: string;
  planner: { _id: string; username: string; email: string };
}

function randomAddress() {
  const byte = () => Math.floor(Math.random() * 254) + 1;
  return `10.${byte()}.${byte()}.${byte()}`;
}

/** A calendar day about a year ahead (YYYY-MM-DD): bookable, and inside the 3-year window. */
export function futureDay(monthDay = '06-15'): string {
  return `${Number(nairobiToday().slice(0, 4)) + 1}-${monthDay}`;
}

/** Today in Nairobi (YYYY-MM-DD): the first day a booking of it may be marked completed. */
export function nairobiToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(new Date());
}

/** The signed-in user behind a request context (its cookies). */
export async function whoAmI(request: APIRequestContext): Promise<Person> {
  const reply = await (await request.get('/api/user/data')).json();
  return reply.userData as Person;
}

/** Registers an account through a request context, whose cookies then hold its session. */
export async function register(request: APIRequestContext, role: 'client' | 'planner', name: string) {
  const email = uniqueEmail(role);
  const response = await request.post('/api/auth/register', {
    data: { username: name, email, password: 'e2e-password', role },
  });
  expect(response.status(), `register ${email}`).toBe(201);
  return (await response.json()).user as Person;
}

/** Another person in another browser: a fresh context (own cookies, own client address). */
export async function openSession(
  browser: Browser,
  who: { email: string; password?: string } | { register: 'client' | 'planner'; name: string },
): Promise<{ context: BrowserContext; page: Page; user: Person }> {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': randomAddress() },
  });
  let user: Person;
  if ('register' in who) {
    user = await register(context.request, who.register, who.name);
  } else {
    const response = await context.request.post('/api/auth/login', {
      data: { email: who.email, password: who.password ?? DEMO_PASSWORD },
    });
    expect(response.status(), `login as ${who.email}`).toBe(200);
    user = (await response.json()).user as Person;
  }
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

/** A day as the app writes it: '2027-06-15' → 'Tue, 15 Jun 2027'. */
export function formatDay(day: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}
