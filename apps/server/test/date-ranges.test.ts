import { MESSAGES } from '@sherehe/shared/messages';
import { calendarMessages as swCalendar } from '@sherehe/shared/messages/sw/calendar';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './build-app';
import { createUser, type TestUser } from './factories';

let admin: TestUser;
let planner: TestUser;
let client: TestUser;
/** The same roles with Kiswahili as their language: a signed-in person's answers follow it. */
let swahili: Record<'admin' | 'planner' | 'client', TestUser>;

const t = useTestApp();
beforeAll(async () => {
  admin = await createUser(t.database.db, { role: 'admin' });
  planner = await createUser(t.database.db, { role: 'planner', planId: 'pro' });
  client = await createUser(t.database.db, { role: 'client' });
  swahili = {
    admin: await createUser(t.database.db, { role: 'admin', locale: 'sw' }),
    planner: await createUser(t.database.db, { role: 'planner', planId: 'pro', locale: 'sw' }),
    client: await createUser(t.database.db, { role: 'client', locale: 'sw' }),
  };
});

const backwards = 'from=2026-03-15&to=2026-03-14';

describe('every from/to filter refuses a "To" before its "From", said on the to field', () => {
  const cases: Array<[string, () => TestUser, () => string]> = [
    ['payments', () => admin, () => '/api/payments'],
    ["a client's bookings", () => client, () => '/api/bookings/my'],
    ["a planner's bookings", () => planner, () => '/api/bookings/for-planner'],
    ["a planner's blocked days", () => planner, () => '/api/availability/blocks'],
    ["a planner's availability", () => client, () => `/api/planners/${planner.id}/availability`],
  ];

  for (const [name, who, urlOf] of cases) {
    it(`${name}: 400 in English and in Kiswahili; the same day on both ends is a range`, async () => {
      const url = urlOf();
      const refused = await t.app.inject({ url: `${url}?${backwards}`, headers: who().headers });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        success: false,
        code: 'VALIDATION',
        message: MESSAGES.calendar.rangeBackwards,
        errors: [{ path: 'to', message: MESSAGES.calendar.rangeBackwards }],
      });
      const inSwahili = await t.app.inject({
        url: `${url}?${backwards}`,
        headers: swahili[who().role].headers,
      });
      expect(inSwahili.statusCode).toBe(400);
      expect(inSwahili.json()).toMatchObject({
        message: swCalendar.rangeBackwards,
        errors: [{ path: 'to', message: swCalendar.rangeBackwards }],
      });
      const oneDay = await t.app.inject({
        url: `${url}?from=2026-03-14&to=2026-03-14`,
        headers: who().headers,
      });
      expect(oneDay.statusCode, oneDay.body).toBe(200);
    });
  }
});
