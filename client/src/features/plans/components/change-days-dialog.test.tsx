import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CHALLENGE } from '@common/challenges';
import type { Plan } from '@common/schemas/plans';
import { openChallengeById } from '@/lib/challenges';
import { renderWithApp, signUp } from '@/test/render';
import { usePlan } from '../api/get-plan';
import { PlanView } from './plan-view';

// Changing a plan's days on its page, against the real API (PUT /api/plans/{id}/days).

const SLOW = 30_000;

async function send<T>(path: string, method: string, body: unknown): Promise<T> {
  const res = await fetch(path, {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    credentials: 'include',
  });
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** A member with a push-up set and a plan on Monday, Wednesday and Friday. */
async function memberWithPlan() {
  await signUp();
  await send('/api/workouts', 'POST', { challenge: DEFAULT_CHALLENGE, score: 40 });
  return send<Plan>('/api/plans', 'POST', { challenge: DEFAULT_CHALLENGE, days: [1, 3, 5] });
}

/** The plan's page as the route shows it (app/routes/plan.tsx). */
function PlanPage({ id }: { id: number }) {
  const plan = usePlan(id);
  return plan.data ? (
    <PlanView plan={plan.data} challenge={openChallengeById(plan.data.challenge)!} />
  ) : null;
}

/** Picks Tuesday, Thursday and Saturday instead of Monday, Wednesday and Friday. */
async function chooseTueThuSat(user: ReturnType<typeof renderWithApp>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Change days' }));
  const dialog = await screen.findByRole('dialog', { name: 'Change your days' });
  for (const day of ['Monday', 'Wednesday', 'Friday', 'Tuesday', 'Thursday', 'Saturday'])
    await user.click(within(dialog).getByRole('checkbox', { name: day }));
  return dialog;
}

describe('Change days', () => {
  it(
    'moves the sessions not done onto the new days and shows the new calendar',
    async () => {
      const plan = await memberWithPlan();
      const { user } = renderWithApp(<PlanPage id={plan.id} />);
      const dialog = await chooseTueThuSat(user);
      expect(within(dialog).getByRole('checkbox', { name: 'Tuesday' })).toBeChecked();
      await user.click(within(dialog).getByRole('button', { name: 'Save days' }));

      expect(await screen.findByText('Days changed')).toBeInTheDocument();
      expect(screen.getByText('Your sessions now fall on Tue, Thu, Sat.')).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(screen.getByText(/Tue, Thu, Sat · 0 of 18 sessions done/)).toBeInTheDocument();
      const days = screen
        .getAllByTestId('plan-session')
        .map((row) => row.querySelector('span')!.textContent!.slice(0, 3));
      expect(days).toHaveLength(18);
      expect(new Set(days)).toEqual(new Set(['Tue', 'Thu', 'Sat']));
      // The server has them too.
      expect((await getPlan(plan.id)).days).toEqual([2, 4, 6]);
    },
    SLOW,
  );

  it(
    'says under the days why a plan that ended cannot change them, then shows it ended',
    async () => {
      const plan = await memberWithPlan();
      const { user } = renderWithApp(<PlanPage id={plan.id} />);
      await screen.findByRole('button', { name: 'Change days' });
      // Stopped elsewhere (another tab) while this page still shows it running.
      await send(`/api/plans/${plan.id}/status`, 'POST', { action: 'stop' });
      const dialog = await chooseTueThuSat(user);
      await user.click(within(dialog).getByRole('button', { name: 'Save days' }));

      expect(await within(dialog).findByRole('alert')).toHaveTextContent(
        'This plan has ended: start a new one to choose its days.',
      );
      await user.keyboard('{Escape}');
      expect(await screen.findByText('Stopped')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Change days' })).toBeNull();
      expect((await getPlan(plan.id)).days).toEqual([1, 3, 5]);
    },
    SLOW,
  );
});

async function getPlan(id: number) {
  const res = await fetch(`/api/plans/${id}`, { credentials: 'include' });
  return (await res.json()) as Plan;
}
