import { describe, expect, it } from 'vitest';
import type { CreatedClub } from '@common/schemas/clubs';
import { useTestApp } from '../../test/app';
import { createUser } from '../../test/factories';
import { clientDirWithIndex } from '../../test/client-dir';

// The invite link previews with the club's name and member count; a club the visitor may not see
// previews as the app, naming nothing.
const clientDir = clientDirWithIndex('fitbench-club-pages-');
const t = useTestApp({ clientDir, publicUrl: 'https://fit.example' });

const og = (html: string, key: string) =>
  new RegExp(`<meta property="og:${key}" content="([^"]*)"`).exec(html)?.[1];

describe('club pages and their link previews', () => {
  it('names a visible club and its member count; an invite-only one only with its current code', async () => {
    const ann = await createUser(t.app);
    const make = async (name: string, visibility: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/clubs',
          headers: ann.headers,
          payload: { name, visibility },
        })
      ).json() as CreatedClub;
    await make('Open <House>', 'public');
    const secret = await make('Hidden Den', 'invite');

    const page = async (url: string) => {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      return res.body;
    };
    const open = await page('/clubs/open-house');
    expect(og(open, 'title')).toBe('Join Open &lt;House&gt; on FitBench');
    expect(og(open, 'description')).toContain('1 member.');
    expect(og(open, 'url')).toBe('https://fit.example/clubs/open-house');

    const invite = await page(`/clubs/hidden-den/join?code=${secret.inviteCode}`);
    expect(og(invite, 'title')).toBe('Join Hidden Den on FitBench');
    expect(og(invite, 'url')).toBe(
      `https://fit.example/clubs/hidden-den/join?code=${secret.inviteCode}`,
    );

    // In the sharer's language (the link's ?lang=): tags, card, <html lang> and og:locale.
    const de = await page(`/clubs/hidden-den/join?code=${secret.inviteCode}&lang=de`);
    expect(og(de, 'title')).toBe('Tritt Hidden Den auf FitBench bei');
    expect(og(de, 'description')).toBe(
      'Hidden Den: 1 Mitglied. Tritt in jeder Challenge gegen sie an.',
    );
    expect(og(de, 'image')).toMatch(
      /^https:\/\/fit\.example\/api\/share-cards\/clubs\/hidden-den\.png\?members=1&amp;key=[^&]+&amp;lang=de$/,
    );
    expect(og(de, 'locale')).toBe('de_DE');
    expect(de).toContain('<html lang="de">');
    const es = await page('/clubs/open-house?lang=es');
    expect(og(es, 'title')).toBe('Únete a Open &lt;House&gt; en FitBench');
    expect(og(es, 'locale')).toBe('es_ES');
    // English as before, its card's address unchanged.
    expect(og(open, 'image')).toBe(
      'https://fit.example/api/share-cards/clubs/open-house.png?members=1',
    );
    expect(og(open, 'locale')).toBe('en_US');
    expect(open).toContain('<html lang="en">');

    for (const url of [
      '/clubs/hidden-den/join?code=wrong',
      '/clubs/hidden-den',
      '/clubs/no-such',
      '/clubs/Bad%20Slug',
    ]) {
      const html = await page(url);
      expect(og(html, 'title'), url).toBe('FitBench');
      expect(html).not.toContain('Hidden Den');
    }
  });
});
