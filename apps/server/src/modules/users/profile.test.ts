import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoSecrets } from '../../../test/assertions';
import { injectAs, useTestApp } from '../../../test/build-app';
import { createUser, TEST_PASSWORD, type TestUser } from '../../../test/factories';
import { form, pngImage, SVG_WITH_SCRIPT } from '../../../test/images';
import { users } from '../../db/schema';

let client: TestUser;
let planner: TestUser;

const t = useTestApp();
beforeAll(async () => {
  client = await createUser(t.database.db, { role: 'client' });
  planner = await createUser(t.database.db, { role: 'planner' });
});

function patch(user: TestUser | undefined, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'PATCH', url: '/api/user/profile', headers: user?.headers ?? {}, payload });
}

describe('PATCH /api/user/profile', () => {
  it('changes the fields sent and answers with the updated user', async () => {
    const response = await patch(planner, {
      firstName: ' Wanjiru ',
      lastName: 'Kamau',
      phoneNumber: '+254 712 345 678',
      bio: 'Weddings in the Rift Valley.',
      location: 'Nakuru',
      website: 'https://wanjiru.example',
      specialization: 'Weddings',
      experience: '8 years',
      socialMedia: { instagram: 'https://instagram.com/wanjiru' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: 'Profile updated successfully!',
      user: {
        firstName: 'Wanjiru',
        lastName: 'Kamau',
        location: 'Nakuru',
        specialization: 'Weddings',
        experience: '8 years',
        socialMedia: { instagram: 'https://instagram.com/wanjiru', facebook: '', twitter: '', linkedin: '' },
      },
    });
    expectNoSecrets(response.body);
    // A later partial change leaves the rest alone.
    const second = await patch(planner, {
      bio: 'Now also birthdays.',
      socialMedia: { facebook: 'https://facebook.com/w' },
    });
    expect(second.json().user).toMatchObject({
      bio: 'Now also birthdays.',
      firstName: 'Wanjiru',
      socialMedia: { instagram: 'https://instagram.com/wanjiru', facebook: 'https://facebook.com/w' },
    });
  });

  it('keeps planner-only fields for planners', async () => {
    const response = await patch(client, {
      specialization: 'Hacking',
      experience: 'lots',
      firstName: 'Grace',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ firstName: 'Grace', specialization: '', experience: '' });
  });

  it('ignores role, email, password and plan in the body (no mass assignment)', async () => {
    const response = await patch(client, {
      role: 'admin',
      email: 'new@example.test',
      password: 'new-password-123',
      passwordHash: 'x',
      planId: 'enterprise',
      plan: 'enterprise',
      firstName: 'Still Grace',
    });
    expect(response.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, client.id));
    expect(row).toMatchObject({
      role: 'client',
      email: client.email,
      planId: 'free',
      firstName: 'Still Grace',
    });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: client.email, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
  });

  it('refuses a bio over 500 characters, bad URLs and bad phone numbers, changing nothing', async () => {
    const [before] = await t.database.db.select().from(users).where(eq(users.id, client.id));
    for (const payload of [
      { bio: 'x'.repeat(501) },
      { website: 'javascript:alert(1)' },
      { website: 'not a url' },
      { socialMedia: { twitter: 'ftp://example.com' } },
      { phoneNumber: '<script>' },
      { firstName: 42 },
    ]) {
      const response = await patch(client, { location: 'Changed', ...payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const [after] = await t.database.db.select().from(users).where(eq(users.id, client.id));
    expect(after).toEqual(before);
    expect((await patch(client, { bio: 'y'.repeat(500) })).statusCode).toBe(200);
  });

  it('refuses a guest', async () => {
    expect((await patch(undefined, { firstName: 'Nobody' })).statusCode).toBe(401);
  });
});

describe('POST /api/user/profile-picture', () => {
  async function upload(user: TestUser | undefined, data: FormData) {
    return t.app.inject({
      method: 'POST',
      url: '/api/user/profile-picture',
      headers: user?.headers ?? {},
      payload: data,
    });
  }

  it('stores the picture, answers with the user, and removes the previous picture’s files', async () => {
    const first = await upload(client, form({}, { bytes: await pngImage(300, 300) }));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ success: true, message: 'Profile picture updated successfully!' });
    const firstUrl: string = first.json().user.profilePicture;
    expect(firstUrl).toMatch(/\/uploads\/images\/.+\.webp$/);
    const second = await upload(client, form({}, { bytes: await pngImage(200, 200) }));
    const secondUrl: string = second.json().user.profilePicture;
    expect(secondUrl).not.toBe(firstUrl);
    const files = await readdir(path.join(t.dataDir, 'uploads/images'));
    const firstId = path.basename(firstUrl, '.webp');
    expect(files.filter((f) => f.startsWith(firstId))).toEqual([]);
    expect(files).toContain(path.basename(secondUrl));
    const data = await injectAs(t, client, 'GET', '/api/user/data');
    expect(data.json().userData.profilePicture).toBe(secondUrl);
  });

  it('refuses a missing file, a non-image and a script-carrying SVG, keeping the old picture', async () => {
    const before = (await injectAs(t, client, 'GET', '/api/user/data')).json().userData.profilePicture;
    const none = await upload(client, form({}));
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Please select an image first');
    expect(
      (await upload(client, form({}, { bytes: Buffer.from('%PDF-1.4 not an image'), name: 'a.png' })))
        .statusCode,
    ).toBe(415);
    expect(
      (await upload(client, form({}, { bytes: SVG_WITH_SCRIPT, name: 'a.svg', type: 'image/svg+xml' })))
        .statusCode,
    ).toBe(415);
    expect((await upload(undefined, form({}, { bytes: await pngImage() }))).statusCode).toBe(401);
    const after = (await injectAs(t, client, 'GET', '/api/user/data')).json().userData.profilePicture;
    expect(after).toBe(before);
  });

  it('serves uploads so they can never run as a page', async () => {
    const response = await upload(planner, form({}, { bytes: await pngImage(64, 64) }));
    const file = await t.app.inject({
      method: 'GET',
      url: new URL(response.json().user.profilePicture).pathname,
    });
    expect(file.headers['content-type']).toBe('image/webp');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-security-policy']).toContain("default-src 'none'");
  });
});

describe('GET /api/user/profile/:userId', () => {
  it('shows the public fields of anyone, without email or plan', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/user/profile/${planner.id}` });
    expect(response.statusCode).toBe(200);
    const profile = response.json().profile;
    expect(profile).toMatchObject({ _id: planner.id, username: planner.username, role: 'planner' });
    expect(profile.email).toBeUndefined();
    expect(profile.plan).toBeUndefined();
    expectNoSecrets(response.body);
  });

  it('answers 404 "Profile not found" for unknown and malformed ids', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/user/profile/${id}` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ success: false, message: 'Profile not found' });
    }
  });
});
