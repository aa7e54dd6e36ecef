import { eq, sql } from 'drizzle-orm';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app';
import { createUser } from '../test/factories';
import { users } from './schema';

const t = useTestApp();

// The picture statements of migration 0007, run again on rows written as the old rules allowed.
const migration = fs.readFileSync(
  new URL('./migrations/0007_account_privacy.sql', import.meta.url),
  'utf8',
);
const pictureStatements = migration
  .split('--> statement-breakpoint')
  .filter((s) => s.includes('"profile_picture"') && s.includes('UPDATE'));

describe('migration 0007: stored picture URLs', () => {
  it('moves http: to https: and clears URLs that name no public host', async () => {
    const cases: [string, string | null][] = [
      ['http://example.com/me.png', 'https://example.com/me.png'],
      ['HTTP://cdn.example.org/a.jpg?x=1', 'https://cdn.example.org/a.jpg?x=1'],
      ['https://example.com/ok.png', 'https://example.com/ok.png'],
      ['http://user:pass@example.com/a.png', null],
      ['http://127.0.0.1/a.png', null],
      ['https://10.0.0.1:8443/a.png', null],
      ['https://[::1]/a.png', null],
      ['http://localhost:3000/a.png', null],
      ['https://printer.local/a.png', null],
      ['https://db.internal/a.png', null],
      ['https://intranet/a.png', null],
      [`https://example.com/${'a'.repeat(2100)}`, null],
      ['/avatars/stock/boxer.svg', '/avatars/stock/boxer.svg'],
    ];
    const made = [];
    for (const [before] of cases) made.push(await createUser(t.app, { profilePicture: before }));
    expect(pictureStatements).toHaveLength(2);
    for (const stmt of pictureStatements) await t.app.db.execute(sql.raw(stmt));
    for (const [i, [, after]] of cases.entries()) {
      const [row] = await t.app.db.select().from(users).where(eq(users.id, made[i]!.id));
      expect(row!.profilePicture, cases[i]![0]).toBe(after);
    }
  });

  it('gives new users the privacy defaults: public, age and gender shown', async () => {
    const u = await createUser(t.app);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, u.id));
    expect(row).toMatchObject({ isPrivate: false, showAgeGender: true });
  });
});
