import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { STOCK_AVATARS } from '@common/avatars';
import { AVATAR_MAX_BYTES } from '@common/constants';
import { avatars, users } from '../../db/schema';
import { useTestApp } from '../../test/app';
import { createUser, deleteUser, type MadeUser } from '../../test/factories';
import { JPEG_BASE64, PNG_BASE64, WEBP_BASE64 } from '../../test/test-images';

const t = useTestApp();

function patch(user: MadeUser | null, payload: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'PATCH',
    url: '/api/profile',
    headers: { ...(user?.headers ?? {}), 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(payload),
  });
}
async function ok(user: MadeUser, payload: unknown) {
  const res = await patch(user, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
async function refused(user: MadeUser, payload: unknown, field: string) {
  const res = await patch(user, payload);
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json();
  expect(body.message).toEqual(expect.any(String));
  expect(body.errors[field], JSON.stringify(body)).toBeDefined();
  return body;
}
const dataUrl = (mime: string, b64: string) => `data:${mime};base64,${b64}`;
const avatarPath = (url: string) => {
  expect(url).toMatch(/^\/api\/avatars\/[A-Za-z0-9_-]{22}$/);
  return url;
};

describe('PATCH /api/profile', () => {
  it('is 401 when signed out, even with a large body', async () => {
    expect((await patch(null, { fullName: 'X' })).statusCode).toBe(401);
    const big = await patch(null, { profilePicture: dataUrl('image/png', 'A'.repeat(3_000_000)) });
    expect(big.statusCode).toBe(401);
  });

  it('returns the full signed-in user with email and never the password', async () => {
    const u = await createUser(t.app, { username: 'Profiler' });
    const res = await patch(u, { fullName: 'Pro Filer' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: u.id,
      username: 'Profiler',
      email: u.email,
      emailConfirmed: false,
      fullName: 'Pro Filer',
      age: null,
      gender: null,
      profilePicture: null,
      isPrivate: false,
      showAgeGender: true,
      newDeviceNotices: true,
      clipsPublic: false,
      createdAt: expect.any(String),
      timeZone: null,
      isModerator: false,
      language: null,
    });
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body).not.toMatch(/password|argon/i);
    expect((await t.app.inject({ url: '/api/user', headers: u.headers })).json().fullName).toBe(
      'Pro Filer',
    );
  });

  it('keeps fields that are not in the payload and clears fields sent as null', async () => {
    const u = await createUser(t.app);
    await ok(u, {
      fullName: 'Kim Keep',
      age: 33,
      gender: 'female',
      profilePicture: 'https://example.com/me.png',
    });
    expect(await ok(u, { age: 34 })).toMatchObject({
      fullName: 'Kim Keep',
      age: 34,
      gender: 'female',
      profilePicture: 'https://example.com/me.png',
    });
    expect(await ok(u, {})).toMatchObject({ fullName: 'Kim Keep', age: 34 });
    expect(
      await ok(u, { fullName: null, age: null, gender: null, profilePicture: null }),
    ).toMatchObject({
      fullName: null,
      age: null,
      gender: null,
      profilePicture: null,
    });
  });

  describe('fullName', () => {
    it('is trimmed, and empty clears it', async () => {
      const u = await createUser(t.app);
      expect((await ok(u, { fullName: '  Ada Lovelace  ' })).fullName).toBe('Ada Lovelace');
      expect((await ok(u, { fullName: 'x'.repeat(80) })).fullName).toHaveLength(80);
      expect((await ok(u, { fullName: '   ' })).fullName).toBeNull();
    });
    it.each([['x'.repeat(81)], [42], [['a']]])('refuses %j', async (fullName) => {
      await refused(await createUser(t.app), { fullName }, 'fullName');
    });
  });

  describe('age', () => {
    it.each([5, 120, 42])('accepts %d', async (age) => {
      expect((await ok(await createUser(t.app), { age })).age).toBe(age);
    });
    it.each([4, 121, 30.5, '30', -1, true])('refuses %j', async (age) => {
      await refused(await createUser(t.app), { age }, 'age');
    });
  });

  describe('gender', () => {
    it.each(['male', 'female', 'prefer-not-to-say'])('accepts %s', async (gender) => {
      expect((await ok(await createUser(t.app), { gender })).gender).toBe(gender);
    });
    it.each(['other', 'Male', '', 1])('refuses %j', async (gender) => {
      await refused(await createUser(t.app), { gender }, 'gender');
    });
  });

  describe('weeklyGoal', () => {
    const storedGoal = async (id: number) =>
      (await t.app.db.select({ g: users.weeklyGoal }).from(users).where(eq(users.id, id)))[0]!.g;
    it('defaults to 3 and keeps other fields when set', async () => {
      const u = await createUser(t.app);
      expect(await storedGoal(u.id)).toBe(3);
      await ok(u, { weeklyGoal: 1 });
      expect(await storedGoal(u.id)).toBe(1);
      await ok(u, { weeklyGoal: 7, fullName: 'Goal Setter' });
      expect(await storedGoal(u.id)).toBe(7);
      await ok(u, { fullName: 'Still Seven' });
      expect(await storedGoal(u.id)).toBe(7);
    });
    it.each([0, 8, 2.5, -1, null, '3', 1e9])('refuses %j', async (weeklyGoal) => {
      const u = await createUser(t.app);
      await refused(u, { weeklyGoal }, 'weeklyGoal');
      expect(await storedGoal(u.id)).toBe(3);
    });
  });

  describe('timeZone', () => {
    it('starts unknown, takes an IANA name, and is never public', async () => {
      const u = await createUser(t.app);
      expect(await ok(u, {})).toMatchObject({ timeZone: null });
      expect(await ok(u, { timeZone: 'America/New_York' })).toMatchObject({
        timeZone: 'America/New_York',
      });
      expect(await ok(u, { fullName: 'Zone Keeper' })).toMatchObject({
        timeZone: 'America/New_York',
      });
      const pub = await t.app.inject({ url: `/api/users/${u.username}` });
      expect(JSON.stringify(pub.json())).not.toContain('America/New_York');
    });
    it.each(['Mars/Olympus', '', 'x'.repeat(65), null, 5])('refuses %j', async (timeZone) => {
      const u = await createUser(t.app);
      await refused(u, { timeZone }, 'timeZone');
      expect(await ok(u, {})).toMatchObject({ timeZone: null });
    });
  });

  describe('privacy settings', () => {
    it('default to public with age and gender shown, and change one at a time', async () => {
      const u = await createUser(t.app);
      expect(await ok(u, {})).toMatchObject({
        isPrivate: false,
        showAgeGender: true,
        clipsPublic: false,
      });
      expect(await ok(u, { clipsPublic: true })).toMatchObject({
        isPrivate: false,
        clipsPublic: true,
      });
      expect(await ok(u, { clipsPublic: false })).toMatchObject({ clipsPublic: false });
      expect(await ok(u, { isPrivate: true })).toMatchObject({
        isPrivate: true,
        showAgeGender: true,
      });
      expect(await ok(u, { showAgeGender: false })).toMatchObject({
        isPrivate: true,
        showAgeGender: false,
      });
      expect(await ok(u, { isPrivate: false })).toMatchObject({
        isPrivate: false,
        showAgeGender: false,
      });
      const me = await t.app.inject({ url: '/api/user', headers: u.headers });
      expect(me.json()).toMatchObject({ isPrivate: false, showAgeGender: false });
      expect(me.headers['cache-control']).toBe('private, no-store');
    });

    it.each([null, 'yes', 1])('refuses %s as a setting', async (value) => {
      await refused(await createUser(t.app), { isPrivate: value }, 'isPrivate');
      await refused(await createUser(t.app), { showAgeGender: value }, 'showAgeGender');
      await refused(await createUser(t.app), { clipsPublic: value }, 'clipsPublic');
    });
  });

  describe('fields that cannot change', () => {
    it.each([
      ['username', 'newname'],
      ['email', 'new@example.com'],
      ['password', 'another-password'],
      ['id', 1],
    ])('refuses %s with 400 and changes nothing', async (field, value) => {
      const u = await createUser(t.app, { fullName: 'Same' });
      const body = await refused(u, { fullName: 'Changed', [field]: value }, field);
      expect(body.errors[field][0]).toMatch(/cannot be changed/);
      const [row] = await t.app.db.select().from(users).where(eq(users.id, u.id));
      expect(row).toMatchObject({
        username: u.username,
        email: u.email,
        fullName: 'Same',
        id: u.id,
      });
    });
    it('refuses unknown fields', async () => {
      const body = await refused(await createUser(t.app), { nickname: 'x' }, '_');
      expect(body.message).toBe('Unknown profile field: nickname');
    });
    it('refuses a body that is not an object', async () => {
      expect((await patch(await createUser(t.app), ['fullName'])).statusCode).toBe(400);
    });
  });

  describe('profilePicture', () => {
    it.each([
      'https://cdn.example.com/a/b.jpg?size=256',
      'https://avatars.githubusercontent.com/u/1?v=4',
      'https://xn--bcher-kva.example.de/a.png',
      'https://example.com:8443/a.png',
      `https://example.com/${'p'.repeat(2028)}`,
    ])('accepts the URL %s', async (url) => {
      expect((await ok(await createUser(t.app), { profilePicture: url })).profilePicture).toBe(url);
    });

    it.each([
      'http://example.org/pic.png',
      'https://user:pass@example.com/a.png',
      'https://user@example.com/a.png',
      'https://127.0.0.1/a.png',
      'https://2130706433/a.png',
      'https://0x7f.1/a.png',
      'https://10.1.2.3:8080/a.png',
      'https://[::1]/a.png',
      'https://[fd00::1]/a.png',
      'https://localhost/a.png',
      'https://LOCALHOST./a.png',
      'https://app.localhost/a.png',
      'https://printer.local/a.png',
      'https://metadata.google.internal/a.png',
      'https://intranet/a.png',
      'https://router.lan/a.png',
      'https://nas.home.arpa/a.png',
      'https://example.test/a.png',
      `https://example.com/${'p'.repeat(2029)}`,
    ])('refuses the URL %s, saying what is allowed', async (profilePicture) => {
      const body = await refused(await createUser(t.app), { profilePicture }, 'profilePicture');
      expect(body.errors.profilePicture[0]).toMatch(/https:\/\/ link to a public web site/);
    });

    it.each([
      'https://example.123/a.png',
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'ftp://example.com/pic.png',
      'file:///etc/passwd',
      'not a url',
      '//example.com/pic.png',
      `https://example.com/${'p'.repeat(2030)}`,
      'https://example.com/a b.png',
      'data:text/html;base64,PGgxPmhpPC9oMT4=',
      'data:image/gif;base64,R0lGODlhAQABAAAAACw=',
      dataUrl(
        'image/svg+xml',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64'),
      ),
      'data:image/png,notbase64',
      'data:image/png;base64,',
      'data:image/png;base64,abc',
      '/avatars/stock/made-up.svg',
      'avatars/stock/sprinter.svg',
      '/avatars/stock/sprinter.svg?x=1',
      '/api/avatars/short',
    ])('refuses %s', async (profilePicture) => {
      await refused(
        await createUser(t.app),
        { profilePicture: profilePicture.slice(0, 3000) },
        'profilePicture',
      );
    });

    it.each(STOCK_AVATARS)('accepts the stock avatar $id', async (avatar) => {
      const u = await createUser(t.app);
      expect((await ok(u, { profilePicture: avatar.url })).profilePicture).toBe(avatar.url);
    });

    it.each([
      ['image/png', PNG_BASE64],
      ['image/jpeg', JPEG_BASE64],
      ['image/webp', WEBP_BASE64],
    ])('re-encodes a %s camera photo and serves it, cached for a day', async (mime, b64) => {
      const u = await createUser(t.app);
      const url = avatarPath((await ok(u, { profilePicture: dataUrl(mime, b64) })).profilePicture);
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(mime);
      expect(res.headers['cache-control']).toBe('public, max-age=86400, immutable');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      const meta = await sharp(res.rawPayload).metadata();
      expect(`image/${meta.format}`).toBe(mime);
      expect([meta.width, meta.height]).toEqual([2, 2]);
    });

    it('scales a large capture down to 512 px and strips its metadata (EXIF, GPS)', async () => {
      const big = await sharp({
        create: { width: 1200, height: 900, channels: 3, background: '#3a7' },
      })
        .jpeg()
        .withExif({
          IFD0: { Make: 'SpyCam', Artist: 'Secret Person' },
          IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 0/1' },
        })
        .toBuffer();
      expect((await sharp(big).metadata()).exif).toBeDefined();
      const u = await createUser(t.app);
      const url = avatarPath(
        (await ok(u, { profilePicture: dataUrl('image/jpeg', big.toString('base64')) }))
          .profilePicture,
      );
      const stored = (await t.app.inject({ url })).rawPayload;
      const meta = await sharp(stored).metadata();
      expect([meta.width, meta.height]).toEqual([512, 384]);
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(stored.includes(Buffer.from('SpyCam'))).toBe(false);
      expect(stored.includes(Buffer.from('Secret Person'))).toBe(false);
    });

    it('refuses bytes that start like an image but do not decode as one', async () => {
      const u = await createUser(t.app);
      const fake = Buffer.concat([
        Buffer.from(PNG_BASE64, 'base64').subarray(0, 16),
        Buffer.from('garbage'.repeat(20)),
      ]);
      const body = await refused(
        u,
        { profilePicture: dataUrl('image/png', fake.toString('base64')) },
        'profilePicture',
      );
      expect(body.errors.profilePicture[0]).toBe('The picture could not be read as an image.');
      expect(await t.app.db.select().from(avatars).where(eq(avatars.userId, u.id))).toEqual([]);
    });

    it('deletes the stored capture when the picture is cleared with null', async () => {
      const u = await createUser(t.app);
      const url = avatarPath(
        (await ok(u, { profilePicture: dataUrl('image/png', PNG_BASE64) })).profilePicture,
      );
      expect((await ok(u, { profilePicture: null })).profilePicture).toBeNull();
      expect((await t.app.inject({ url })).statusCode).toBe(404);
      expect(await t.app.db.select().from(avatars).where(eq(avatars.userId, u.id))).toEqual([]);
    });

    it('refuses bytes that are not the declared type', async () => {
      const u = await createUser(t.app);
      await refused(u, { profilePicture: dataUrl('image/png', JPEG_BASE64) }, 'profilePicture');
      await refused(u, { profilePicture: dataUrl('image/webp', PNG_BASE64) }, 'profilePicture');
      const text = Buffer.from('just some text, not an image').toString('base64');
      await refused(u, { profilePicture: dataUrl('image/jpeg', text) }, 'profilePicture');
      expect(await t.app.db.select().from(avatars).where(eq(avatars.userId, u.id))).toEqual([]);
    });

    it('accepts a photo of exactly 1.5 MB and refuses a larger one', async () => {
      const u = await createUser(t.app);
      const png = Buffer.from(PNG_BASE64, 'base64');
      const atLimit = Buffer.alloc(AVATAR_MAX_BYTES, 7);
      png.copy(atLimit);
      const url = avatarPath(
        (await ok(u, { profilePicture: dataUrl('image/png', atLimit.toString('base64')) }))
          .profilePicture,
      );
      // What is stored is the re-encoded image alone, not the bytes that trailed it.
      const stored = (await t.app.inject({ url })).rawPayload;
      expect(stored.length).toBeLessThan(1000);
      expect((await sharp(stored).metadata()).format).toBe('png');

      const over = Buffer.alloc(AVATAR_MAX_BYTES + 3, 7);
      png.copy(over);
      const res = await patch(u, { profilePicture: dataUrl('image/png', over.toString('base64')) });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.profilePicture[0]).toMatch(/1\.5 MB/);
      const huge = await patch(u, {
        profilePicture: dataUrl('image/png', 'A'.repeat(3 * 1024 * 1024)),
      });
      expect(huge.statusCode).toBe(413);
      expect(huge.json().message).toEqual(expect.any(String));
    });

    it('deletes the stored photo when the picture is replaced, and keeps it when sent back unchanged', async () => {
      const u = await createUser(t.app);
      const first = avatarPath(
        (await ok(u, { profilePicture: dataUrl('image/png', PNG_BASE64) })).profilePicture,
      );
      // The edit form may send the current picture back with other changes.
      expect(await ok(u, { profilePicture: first, age: 30 })).toMatchObject({
        profilePicture: first,
        age: 30,
      });
      expect((await t.app.inject({ url: first })).statusCode).toBe(200);

      const second = avatarPath(
        (await ok(u, { profilePicture: dataUrl('image/jpeg', JPEG_BASE64) })).profilePicture,
      );
      expect(second).not.toBe(first);
      expect((await t.app.inject({ url: first })).statusCode).toBe(404);
      expect((await t.app.inject({ url: second })).statusCode).toBe(200);

      await ok(u, { profilePicture: STOCK_AVATARS[0]!.url });
      expect((await t.app.inject({ url: second })).statusCode).toBe(404);
      expect(await t.app.db.select().from(avatars).where(eq(avatars.userId, u.id))).toEqual([]);
    });

    it("refuses someone else's stored photo, and a deleted user's photos go with them", async () => {
      const owner = await createUser(t.app);
      const other = await createUser(t.app);
      const url = avatarPath(
        (await ok(owner, { profilePicture: dataUrl('image/webp', WEBP_BASE64) })).profilePicture,
      );
      await refused(other, { profilePicture: url }, 'profilePicture');
      await deleteUser(t.app, owner.id);
      expect((await t.app.inject({ url })).statusCode).toBe(404);
    });
  });

  it('refuses cross-site requests', async () => {
    const res = await patch(
      await createUser(t.app),
      { fullName: 'X' },
      { origin: 'https://evil.example' },
    );
    expect(res.statusCode).toBe(403);
  });

  it('keeps the 64 KB limit on other routes', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'x', password: 'y', pad: 'p'.repeat(100 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
  });
});

describe('GET /api/avatars/:id', () => {
  it('is a 404 for an unknown id and a 400 for a malformed one', async () => {
    const missing = await t.app.inject({ url: `/api/avatars/${'A'.repeat(22)}` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Picture not found.' });
    expect((await t.app.inject({ url: '/api/avatars/..%2F..%2Fetc' })).statusCode).toBe(400);
  });
});

describe('pictures on other hosts', () => {
  it("are allowed by the CSP over https only: img-src 'self' data: blob: https:", async () => {
    // The pages' policy (the app's screens show the pictures).
    const res = await t.app.inject({ url: '/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("img-src 'self' data: blob: https:;");
    expect(csp).not.toMatch(/img-src[^;]*http:/);
  });
});
