import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CHALLENGE } from '@common/challenges';
import { paceOfRun, type PaceSample, type ScoreOf } from '@common/run-payoff';
import type { Workout } from '@common/schemas/workouts';
import { IDEMPOTENCY_KEY_HEADER } from '@common/workouts';
import { openChallengeById } from '@/lib/challenges';
import { renderWithApp, signUp } from '@/test/render';
import { CountEntry } from './count-entry';

// The run's pace goes with the save, fitted to the count saved (docs/decisions/0268-pace-stored-with-the-set.md).

/** A 90-second run: 5 push-ups in the first 15 s, 12 by 20 s. */
const SAMPLES: PaceSample[] = [
  [1_000, 5],
  [16_000, 9],
  [20_000, 12],
];
const paceOf = (set: ScoreOf) => paceOfRun(openChallengeById(DEFAULT_CHALLENGE)!, SAMPLES, set);

afterEach(() => vi.unstubAllGlobals());

describe('CountEntry with a run’s pace', () => {
  it('saves the pace of the count entered, and the server keeps it with the set', async () => {
    await signUp();
    const onSaved = vi.fn();
    const { user } = renderWithApp(
      <CountEntry initialCount={12} pace={paceOf} onSaved={onSaved} onCancel={() => undefined} />,
    );
    // Lowered at the entry: the last bars are trimmed to 11 reps.
    await user.click(screen.getByRole('button', { name: 'Decrease count' }));
    await user.click(screen.getByRole('button', { name: 'Save Workout' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledOnce(), { timeout: 15_000 });
    expect((onSaved.mock.calls[0]![0] as Workout).pace).toEqual([5, 6, 0, 0, 0, 0]);
    const res = await fetch('/api/workouts', { credentials: 'include' });
    const sets = (await res.json()) as Workout[];
    expect(sets.map((w) => [w.score, w.pace])).toEqual([[11, [5, 6, 0, 0, 0, 0]]]);
  });

  it('sends the same body, pace and all, with the same idempotency key when a failed save is retried', async () => {
    await signUp();
    const real = globalThis.fetch;
    const posts: Array<{ key: string | undefined; body: string }> = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input) === '/api/workouts' && init?.method === 'POST') {
        const headers = init.headers as Record<string, string>;
        posts.push({ key: headers[IDEMPOTENCY_KEY_HEADER], body: String(init.body) });
        // The first try: the server is down for a moment.
        if (posts.length === 1)
          return new Response(JSON.stringify({ message: 'The database is not answering' }), {
            status: 503,
            headers: { 'content-type': 'application/json' },
          });
      }
      return real(input, init);
    });
    const onSaved = vi.fn();
    const { user } = renderWithApp(
      <CountEntry initialCount={12} pace={paceOf} onSaved={onSaved} onCancel={() => undefined} />,
    );
    await user.click(screen.getByRole('button', { name: 'Save Workout' }));
    expect(await screen.findByText('Failed to save workout')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save Workout' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledOnce(), { timeout: 15_000 });
    expect(posts).toHaveLength(2);
    expect(posts[1]).toEqual(posts[0]);
    expect(JSON.parse(posts[0]!.body)).toMatchObject({ score: 12, pace: [5, 7, 0, 0, 0, 0] });
  });

  it('sends no pace for a run that counted nothing', async () => {
    await signUp();
    const real = globalThis.fetch;
    const bodies: unknown[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input) === '/api/workouts' && init?.method === 'POST')
        bodies.push(JSON.parse(String(init.body)));
      return real(input, init);
    });
    const onSaved = vi.fn();
    const { user } = renderWithApp(
      <CountEntry
        initialCount={8}
        pace={(set) => paceOfRun(openChallengeById(DEFAULT_CHALLENGE)!, [], set)}
        onSaved={onSaved}
        onCancel={() => undefined}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Save Workout' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledOnce(), { timeout: 15_000 });
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).not.toHaveProperty('pace');
  });
});
