import { describe, expect, it } from 'vitest';
import { clubInvitePath, clubSlugParamSchema, createClubSchema, slugOf } from './clubs';

describe('club slugs and the create form', () => {
  it('makes an address from a name', () => {
    expect(slugOf('Early Birds!')).toBe('early-birds');
    expect(slugOf('  Café  Crème  ')).toBe('cafe-creme');
    expect(slugOf('💪💪💪')).toBe('');
    expect(slugOf('x'.repeat(39) + ' yz')).toBe('x'.repeat(39));
    for (const name of ['Early Birds!', 'a--b', 'Ünïcödé Team 42'])
      expect(clubSlugParamSchema.safeParse(slugOf(name)).success, name).toBe(true);
    expect(clubSlugParamSchema.safeParse('Upper').success).toBe(false);
  });

  it('trims the name, counts code points, and drops a blank description', () => {
    expect(
      createClubSchema.parse({ name: '  Abc  ', description: '   ', visibility: 'invite' }),
    ).toEqual({
      name: 'Abc',
      description: undefined,
      visibility: 'invite',
    });
    expect(createClubSchema.safeParse({ name: '💪💪', visibility: 'public' }).success).toBe(false);
    expect(
      createClubSchema.safeParse({ name: '💪'.repeat(40), visibility: 'public' }).success,
    ).toBe(true);
    expect(clubInvitePath('a-b', 'x_y-z')).toBe('/clubs/a-b/join?code=x_y-z');
  });
});
