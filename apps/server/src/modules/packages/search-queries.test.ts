// Real searches, in Kiswahili and English, on the demo marketplace (db/seed.ts), through the API,
// each with every package it must find, best first. What a search looks at (migration 0022): the
// title, the category's names in both languages, the town, the planner's name and the description,
// weighed in that order (ties newest first); the glossary (search-glossary.ts) widens a word to its
// partners in either language; words of five letters or more are typo-tolerant. Both ways of
// answering are asked: PostgreSQL each time, and the kept matches (decision 019).
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/build-app';
import { buildApp } from '../../app';
import { seedDemo } from '../../db/seed';

// The demo packages (db/seed.ts), by title.
const GARDEN_WEDDING = 'Garden Wedding Classic';
const RURACIO = 'Traditional Ruracio Package';
const BEACH_WEDDING = 'Beach Wedding in Diani';
const BABY_SHOWER = 'Intimate Baby Shower';
const CONFERENCE_DAY = 'Executive Conference Day';
const PRODUCT_LAUNCH = 'Product Launch Evening';
const COMMUNITY_DAY = 'NGO Community Fun Day';
const HARAMBEE = 'Church Fundraiser Harambee';
const KIDS_BIRTHDAY = "Kids' Birthday Bash";
const BIRTHDAY_DINNER = 'Milestone 40th Birthday Dinner';
const GRADUATION_PARTY = 'Graduation Garden Party';
const CHOIR_FESTIVAL = 'Choir Festival Weekend';
const PROPOSAL = 'Surprise Proposal Set-up';

const SEARCHES: { name: string; queries: [string, string[]][] }[] = [
  {
    name: 'A town: its packages, newest first',
    queries: [
      ['nairobi', [PROPOSAL, BIRTHDAY_DINNER, KIDS_BIRTHDAY, CONFERENCE_DAY, BABY_SHOWER, GARDEN_WEDDING]],
      ['Nairobi', [PROPOSAL, BIRTHDAY_DINNER, KIDS_BIRTHDAY, CONFERENCE_DAY, BABY_SHOWER, GARDEN_WEDDING]],
      ['mombasa', [PRODUCT_LAUNCH]],
      ['kisumu', [COMMUNITY_DAY]],
      ['nakuru', [HARAMBEE]],
      ['eldoret', [GRADUATION_PARTY]],
      ['nyeri', [CHOIR_FESTIVAL]],
      ['diani', [BEACH_WEDDING]],
      ['kiambu', [RURACIO]],
      ['nairobbi', [PROPOSAL, BIRTHDAY_DINNER, KIDS_BIRTHDAY, CONFERENCE_DAY, BABY_SHOWER, GARDEN_WEDDING]],
      ['mombasaa', [PRODUCT_LAUNCH]],
    ],
  },
  {
    name: "Event words in Kiswahili and English, through the glossary and the category's names",
    queries: [
      ['harusi', [GARDEN_WEDDING, BEACH_WEDDING, PROPOSAL, RURACIO]],
      ['wedding', [GARDEN_WEDDING, BEACH_WEDDING, PROPOSAL, RURACIO]],
      ['weding', [GARDEN_WEDDING, BEACH_WEDDING, PROPOSAL, RURACIO]],
      ['weddings', [GARDEN_WEDDING, BEACH_WEDDING, PROPOSAL, RURACIO]],
      ['chakula', [CHOIR_FESTIVAL, GRADUATION_PARTY, RURACIO, GARDEN_WEDDING]],
      ['catering', [CHOIR_FESTIVAL, GRADUATION_PARTY, RURACIO, GARDEN_WEDDING]],
      ['food', [CHOIR_FESTIVAL, GRADUATION_PARTY, RURACIO, GARDEN_WEDDING]],
      ['mahafali', [GRADUATION_PARTY]],
      ['graduation', [GRADUATION_PARTY]],
      ['graduaton', [GRADUATION_PARTY]],
      ['kongamano', [CONFERENCE_DAY, PRODUCT_LAUNCH, HARAMBEE, COMMUNITY_DAY]],
      ['makongamano', [CONFERENCE_DAY, PRODUCT_LAUNCH, HARAMBEE, COMMUNITY_DAY]],
      ['conference', [CONFERENCE_DAY, PRODUCT_LAUNCH, HARAMBEE, COMMUNITY_DAY]],
      ['conferance', [CONFERENCE_DAY, PRODUCT_LAUNCH, HARAMBEE, COMMUNITY_DAY]],
      [
        'sherehe',
        [GRADUATION_PARTY, CHOIR_FESTIVAL, HARAMBEE, BABY_SHOWER, KIDS_BIRTHDAY, PROPOSAL, BIRTHDAY_DINNER],
      ],
      [
        'party',
        [GRADUATION_PARTY, CHOIR_FESTIVAL, HARAMBEE, BABY_SHOWER, KIDS_BIRTHDAY, PROPOSAL, BIRTHDAY_DINNER],
      ],
      [
        'hafla',
        [GRADUATION_PARTY, CHOIR_FESTIVAL, HARAMBEE, BABY_SHOWER, KIDS_BIRTHDAY, PROPOSAL, BIRTHDAY_DINNER],
      ],
      ['ruracio', [RURACIO]],
      ['ngurario', [RURACIO]],
      ['mapambo', [BIRTHDAY_DINNER, BABY_SHOWER, RURACIO, GARDEN_WEDDING]],
      ['decor', [BIRTHDAY_DINNER, BABY_SHOWER, RURACIO, GARDEN_WEDDING]],
      ['picha', [PROPOSAL, GRADUATION_PARTY, BABY_SHOWER]],
      ['photo', [PROPOSAL, GRADUATION_PARTY, BABY_SHOWER]],
      ['keki', [BIRTHDAY_DINNER, KIDS_BIRTHDAY, BABY_SHOWER]],
      ['cake', [BIRTHDAY_DINNER, KIDS_BIRTHDAY, BABY_SHOWER]],
      ['muziki', [GRADUATION_PARTY, BIRTHDAY_DINNER]],
      ['music', [GRADUATION_PARTY, BIRTHDAY_DINNER]],
      ['hema', [GRADUATION_PARTY, COMMUNITY_DAY, RURACIO]],
      // The word as typed ('tents') counts besides its partner 'tent': those that say it come first.
      ['tents', [COMMUNITY_DAY, RURACIO, GRADUATION_PARTY]],
      ['kanisa', [HARAMBEE, CHOIR_FESTIVAL]],
      ['church', [HARAMBEE, CHOIR_FESTIVAL]],
      ['kwaya', [CHOIR_FESTIVAL]],
      ['harambee', [HARAMBEE]],
      ['pwani', [BEACH_WEDDING]],
      ['beach', [BEACH_WEDDING]],
      ['bustani', [GARDEN_WEDDING, GRADUATION_PARTY, PROPOSAL, BABY_SHOWER]],
      ['posa', [PROPOSAL]],
      ['mtoto', [BABY_SHOWER, KIDS_BIRTHDAY, COMMUNITY_DAY]],
      ['kuzaliwa', [BIRTHDAY_DINNER, KIDS_BIRTHDAY]],
      ['siku za kuzaliwa', [BIRTHDAY_DINNER, KIDS_BIRTHDAY]],
      ['jamii', [COMMUNITY_DAY]],
      ['mashirika', [COMMUNITY_DAY]],
      ['sauti', [CHOIR_FESTIVAL, HARAMBEE, PRODUCT_LAUNCH]],
      ['vinywaji', [HARAMBEE, PRODUCT_LAUNCH]],
      ['maua', [PROPOSAL, BEACH_WEDDING]],
      ['viti', [HARAMBEE, RURACIO]],
    ],
  },
  {
    name: "A planner's name: their packages",
    queries: [
      ['wanjiru', [BABY_SHOWER, BEACH_WEDDING, RURACIO, GARDEN_WEDDING]],
      ['otieno', [HARAMBEE, COMMUNITY_DAY, PRODUCT_LAUNCH, CONFERENCE_DAY]],
      ['amina', [PROPOSAL, CHOIR_FESTIVAL, GRADUATION_PARTY, BIRTHDAY_DINNER, KIDS_BIRTHDAY]],
      ['wanjiru events', [BABY_SHOWER, BEACH_WEDDING, RURACIO, GARDEN_WEDDING]],
      ['amina celebrations', [GRADUATION_PARTY, CHOIR_FESTIVAL, KIDS_BIRTHDAY, PROPOSAL, BIRTHDAY_DINNER]],
    ],
  },
  {
    name: 'Several words: every one must match, wherever it is',
    queries: [
      ['harusi nairobi', [GARDEN_WEDDING, PROPOSAL]],
      ['wedding diani', [BEACH_WEDDING]],
      ['chakula nairobi', [GARDEN_WEDDING]],
      ['keki nairobi', [BABY_SHOWER, KIDS_BIRTHDAY, BIRTHDAY_DINNER]],
      ['hema kisumu', [COMMUNITY_DAY]],
      ['mapambo harusi', [GARDEN_WEDDING, RURACIO]],
    ],
  },
];

let t: TestContext;
/** The same app on the same database without any read cache: every search asks PostgreSQL. */
let plain: FastifyInstance;
beforeAll(async () => {
  // With the read cache on, the catalogue's searches are answered from kept matches.
  t = await createTestApp({ READ_CACHE_SECONDS: '30' });
  plain = await buildApp({ config: { ...t.config, readCacheMs: 0 }, database: t.database });
  expect(await seedDemo({ db: t.database.db, storage: t.app.storage })).toBe(true);
});
afterAll(async () => {
  await plain?.close();
  await t?.close();
});

async function titles(app: FastifyInstance, query: string): Promise<string[]> {
  const response = await app.inject({
    method: 'GET',
    url: `/api/packages?q=${encodeURIComponent(query)}&limit=50`,
  });
  expect(response.statusCode, query).toBe(200);
  return (response.json() as { data: { title: string }[] }).data.map((p) => p.title);
}

describe('searches of the demo marketplace, in both languages', () => {
  for (const { name, queries } of SEARCHES) {
    describe(name, () => {
      for (const [query, expected] of queries) {
        it(query, async () => {
          expect(await titles(plain, query)).toEqual(expected);
          expect(await titles(t.app, query)).toEqual(expected);
        });
      }
    });
  }
});
