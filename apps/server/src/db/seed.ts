import { toCents } from '@sherehe/shared/money';
import { count } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { hashPassword, verifyPassword } from '../modules/auth';
import { findUserByEmail, insertUser } from '../modules/users';
import { storeImage } from '../storage/images';
import type { Storage } from '../storage/storage';
import type { Db } from './client';
import { demoArtworkSvg } from './demo-images';
import { categories, packageImages, packages, users } from './schema';

/** The password of every demo account (listed in the README). */
export const DEMO_PASSWORD = 'sherehe-demo';

export const DEMO_CATEGORIES = [
  { name: 'Weddings', nameSw: 'Harusi', description: 'Ruracio, ceremonies and receptions' },
  { name: 'Birthdays', nameSw: 'Siku za kuzaliwa', description: 'Parties for every age' },
  { name: 'Baby Showers', nameSw: 'Sherehe za mtoto', description: 'Welcoming the little one' },
  { name: 'Conferences', nameSw: 'Makongamano', description: 'Corporate meetings, launches and summits' },
  {
    name: 'Church Events',
    nameSw: 'Hafla za kanisa',
    description: 'Fundraisers, choir festivals and fellowships',
  },
  {
    name: 'NGO & Community',
    nameSw: 'Mashirika na jamii',
    description: 'Outreach, clean-ups and community days',
  },
  { name: 'Graduations', nameSw: 'Mahafali', description: 'Celebrating achievements' },
] as const;

export const DEMO_USERS = [
  { username: 'Sherehe Admin', email: 'admin@sherehe.demo', role: 'admin', planId: 'free' },
  { username: 'Wanjiru Events', email: 'wanjiru@sherehe.demo', role: 'planner', planId: 'pro' },
  { username: 'Otieno Conferences', email: 'otieno@sherehe.demo', role: 'planner', planId: 'basic' },
  { username: 'Amina Celebrations', email: 'amina@sherehe.demo', role: 'planner', planId: 'free' },
  { username: 'Grace Njeri', email: 'grace@sherehe.demo', role: 'client', planId: 'free' },
  { username: 'Brian Kiprop', email: 'brian@sherehe.demo', role: 'client', planId: 'basic' },
  { username: 'Faith Achieng', email: 'faith@sherehe.demo', role: 'client', planId: 'enterprise' },
] as const;

type DemoPackage = {
  title: string;
  description: string;
  price: number;
  category: (typeof DEMO_CATEGORIES)[number]['name'];
  location: string;
  planner: string;
};

export const DEMO_PACKAGES: DemoPackage[] = [
  {
    title: 'Garden Wedding Classic',
    description:
      'Full planning of a garden wedding for up to 200 guests: venue styling, décor, catering coordination, MC and day-of coordination.',
    price: 450000,
    category: 'Weddings',
    location: 'Nairobi',
    planner: 'wanjiru@sherehe.demo',
  },
  {
    title: 'Traditional Ruracio Package',
    description:
      'A ruracio done right: tents, seating, traditional décor, catering for families and a coordinator who knows the customs.',
    price: 280000,
    category: 'Weddings',
    location: 'Kiambu',
    planner: 'wanjiru@sherehe.demo',
  },
  {
    title: 'Beach Wedding in Diani',
    description:
      'Barefoot ceremony on the sand, sunset reception, floral arches and accommodation booking for your guests.',
    price: 650000,
    category: 'Weddings',
    location: 'Diani',
    planner: 'wanjiru@sherehe.demo',
  },
  {
    title: 'Intimate Baby Shower',
    description:
      'Pastel décor, cake, games host and photo corner for up to 40 guests at your home or a garden venue.',
    price: 65000,
    category: 'Baby Showers',
    location: 'Nairobi',
    planner: 'wanjiru@sherehe.demo',
  },
  {
    title: 'Executive Conference Day',
    description:
      'Venue, AV, registration desk, branded materials and lunch for a 150-person one-day conference.',
    price: 520000,
    category: 'Conferences',
    location: 'Nairobi',
    planner: 'otieno@sherehe.demo',
  },
  {
    title: 'Product Launch Evening',
    description:
      'Stage, lighting, sound, press table and cocktails for a launch that people will post about.',
    price: 380000,
    category: 'Conferences',
    location: 'Mombasa',
    planner: 'otieno@sherehe.demo',
  },
  {
    title: 'NGO Community Fun Day',
    description:
      'Tents, PA system, children activities, first aid and volunteers coordination for a community day.',
    price: 120000,
    category: 'NGO & Community',
    location: 'Kisumu',
    planner: 'otieno@sherehe.demo',
  },
  {
    title: 'Church Fundraiser Harambee',
    description: 'Programme planning, sound, seating, M-Pesa pledge desk and refreshments for your harambee.',
    price: 90000,
    category: 'Church Events',
    location: 'Nakuru',
    planner: 'otieno@sherehe.demo',
  },
  {
    title: "Kids' Birthday Bash",
    description: 'Bouncing castle, face painting, clown, cake and party packs for 30 children.',
    price: 45000,
    category: 'Birthdays',
    location: 'Nairobi',
    planner: 'amina@sherehe.demo',
  },
  {
    title: 'Milestone 40th Birthday Dinner',
    description: 'Private dining set-up, live band, custom cake and décor for an elegant 40th.',
    price: 150000,
    category: 'Birthdays',
    location: 'Nairobi',
    planner: 'amina@sherehe.demo',
  },
  {
    title: 'Graduation Garden Party',
    description: 'Tent, catering, DJ and photo booth to celebrate the graduate with family and friends.',
    price: 85000,
    category: 'Graduations',
    location: 'Eldoret',
    planner: 'amina@sherehe.demo',
  },
  {
    title: 'Choir Festival Weekend',
    description: 'Two-day choir festival logistics: venue, stage, sound, adjudicators’ area and meals.',
    price: 210000,
    category: 'Church Events',
    location: 'Nyeri',
    planner: 'amina@sherehe.demo',
  },
  {
    title: 'Surprise Proposal Set-up',
    description:
      'Rooftop or garden proposal set-up with flowers, candles, photographer and a private dinner.',
    price: 55000.5,
    category: 'Weddings',
    location: 'Nairobi',
    planner: 'amina@sherehe.demo',
  },
];

async function artwork(storage: Storage, seed: number): Promise<string> {
  return storeImage(storage, Buffer.from(demoArtworkSvg(seed)));
}

/** Seeds the demo marketplace into an empty database (no users yet). Returns whether it did. */
export async function seedDemo({ db, storage, log }: { db: Db; storage: Storage; log?: FastifyBaseLogger }) {
  const [existing] = await db.select({ total: count() }).from(users);
  if ((existing?.total ?? 0) > 0) return false;

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const images = await Promise.all(DEMO_PACKAGES.map((_, index) => artwork(storage, index + 1)));

  await db.transaction(async (tx) => {
    const userIds = new Map<string, string>();
    for (const demo of DEMO_USERS) {
      const row = await insertUser(tx, { ...demo, passwordHash });
      if (row) userIds.set(demo.email, row.id);
    }
    const categoryRows = await tx
      .insert(categories)
      .values([...DEMO_CATEGORIES])
      .returning();
    const categoryIds = new Map(categoryRows.map((row) => [row.name, row.id]));
    // Oldest first, a minute apart, so "newest first" lists them in a stable order.
    const start = Date.now() - DEMO_PACKAGES.length * 60_000;
    const packageRows = await tx
      .insert(packages)
      .values(
        DEMO_PACKAGES.map((demo, index) => ({
          title: demo.title,
          description: demo.description,
          priceCents: toCents(demo.price),
          location: demo.location,
          categoryId: categoryIds.get(demo.category)!,
          plannerId: userIds.get(demo.planner)!,
          image: images[index] ?? null,
          createdAt: new Date(start + index * 60_000),
          updatedAt: new Date(start + index * 60_000),
        })),
      )
      .returning({ id: packages.id, image: packages.image });
    // Each package's image is its first photo, the cover.
    const covers = packageRows.flatMap((row) =>
      row.image ? [{ packageId: row.id, position: 0, storageKey: row.image }] : [],
    );
    if (covers.length > 0) await tx.insert(packageImages).values(covers);
  });
  log?.info(`demo data seeded: ${DEMO_USERS.length} users, ${DEMO_PACKAGES.length} packages`);
  return true;
}

/** ADMIN_EMAIL/ADMIN_PASSWORD: how a real deployment gets its first admin (docs/architecture.md, Start-up and settings). */
export async function bootstrapAdmin({
  db,
  email,
  password,
  log,
}: {
  db: Db;
  email: string;
  password: string;
  log?: FastifyBaseLogger;
}) {
  if (await findUserByEmail(db, email)) return false;
  const created = await insertUser(db, {
    username: 'Administrator',
    email,
    passwordHash: await hashPassword(password),
    role: 'admin',
  });
  if (created) log?.info({ email }, 'admin account created from ADMIN_EMAIL');
  return Boolean(created);
}

/**
 * The demo accounts that still open with the published password. Checked at every start, so a
 * server whose data was seeded once keeps saying so until the accounts are removed or changed.
 */
export async function liveDemoAccounts(db: Db): Promise<string[]> {
  const live: string[] = [];
  for (const demo of DEMO_USERS) {
    const found = await findUserByEmail(db, demo.email);
    if (found && (await verifyPassword(found.user.passwordHash, DEMO_PASSWORD))) live.push(demo.email);
    // One is enough to warn about: the admin comes first.
    if (live.length > 0) break;
  }
  return live;
}

export const DEMO_ACCOUNTS_WARNING =
  'WARNING: DEMO ACCOUNTS ARE LIVE. Anyone who can reach this server can sign in as admin@sherehe.demo with the password published in the README. Use this only on your own machine; for a real deployment start from an empty database without SEED_DEMO (and set ADMIN_EMAIL and ADMIN_PASSWORD).';
