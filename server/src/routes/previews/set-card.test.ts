import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CATALOGUE } from '@common/challenges';
import { hiddenWorkouts, users } from '../../db/schema';
import { CardRenderer } from '../../lib/card-renderer';
import { useTestApp } from '../../test/app';
import { createUser, createWorkout } from '../../test/factories';
import { cardTree } from './share-cards';
import { cardDate } from './set-card';

// One set's share card (docs/decisions/0226-a-sets-share-card.md): drawn for a public member's
// set, 404 for a private or suspended member's, a hidden set, an unknown one, or a bad name.
const renderer = new CardRenderer({ workers: 1, queue: 8 });
const t = useTestApp({ trustProxy: ['127.0.0.1'] }, { cardRenderer: renderer });
let address = 0;
const fresh = () => ({ 'x-forwarded-for': `203.0.113.${++address}` });
const card = (id: number | string) =>
  t.app.inject({ url: `/api/share-cards/sets/${id}.png`, headers: fresh() });

/** The text a card tree draws, in order. */
function textOf(node: unknown): string[] {
  if (typeof node === 'string') return [node];
  if (Array.isArray(node)) return node.flatMap(textOf);
  if (node && typeof node === 'object' && 'props' in node)
    return textOf((node as { props: { children?: unknown } }).props.children);
  return [];
}

describe('GET /api/share-cards/sets/{id}.png', () => {
  it('draws a public member’s set: a PNG anyone may fetch and cache', async () => {
    const ann = await createUser(t.app, { username: 'SetCardAnn', timeZone: 'Pacific/Kiritimati' });
    const w = await createWorkout(t.app, ann.id, {
      pushups: 42,
      createdAt: new Date('2026-11-28T12:30:00Z'),
    });
    const res = await card(w.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.rawPayload.subarray(1, 4).toString('ascii')).toBe('PNG');
    // Asked again (any address): the same card, drawn once.
    expect((await card(`${w.id}`)).statusCode).toBe(200);
  });

  it('404s a private or suspended member’s set, a hidden set, an unknown one and a bad name', async () => {
    const priv = await createUser(t.app, { username: 'SetCardPriv', isPrivate: true });
    const privSet = await createWorkout(t.app, priv.id, { pushups: 30 });
    const sus = await createUser(t.app, { username: 'SetCardSus' });
    const susSet = await createWorkout(t.app, sus.id, { pushups: 31 });
    await t.app.db
      .update(users)
      .set({ suspendedAt: new Date(), suspendedReason: 'test' })
      .where(eq(users.id, sus.id));
    const bo = await createUser(t.app, { username: 'SetCardBo' });
    const hidden = await createWorkout(t.app, bo.id, { pushups: 33 });
    await t.app.db
      .insert(hiddenWorkouts)
      .values({ workoutId: hidden.id, userId: bo.id, reason: 'test' });
    for (const id of [
      privSet.id,
      susSet.id,
      hidden.id,
      2_000_000_000,
      '0',
      '-1',
      'abc',
      '1e3',
      '99999999999',
    ])
      expect((await card(id)).statusCode, String(id)).toBe(404);
    // The member's own session changes nothing: a card is public, so a private set has none.
    const own = await t.app.inject({
      url: `/api/share-cards/sets/${privSet.id}.png`,
      headers: { cookie: priv.cookie, ...fresh() },
    });
    expect(own.statusCode).toBe(404);
  });
});

describe('the set card', () => {
  it('says who did what and when, in the challenge’s words', () => {
    const entry = CATALOGUE.find(
      (e) => e.scoring?.kind === 'reps' && e.timer?.mode === 'countdown',
    )!;
    const text = textOf(
      cardTree({
        kind: 'set',
        id: 1,
        challenge: {
          id: entry.id,
          title: entry.title,
          scoring: entry.scoring!,
          timer: entry.timer!,
        },
        username: 'ann',
        score: 42,
        date: '28 Nov 2026',
        tier: 'entered',
      }),
    );
    expect(text).toContain('ann did');
    expect(text).toContain('42');
    expect(text).toContain('28 Nov 2026 · Entered · Can you beat it?');
    expect(text.join(' ')).toContain(entry.title);
  });
  it('writes the day in the member’s zone', () => {
    const at = new Date('2026-11-28T12:30:00Z');
    expect(cardDate(at, null)).toBe('28 Nov 2026');
    expect(cardDate(at, 'Pacific/Kiritimati')).toBe('29 Nov 2026');
    expect(cardDate(at, 'Not/AZone')).toBe('28 Nov 2026');
  });
});
