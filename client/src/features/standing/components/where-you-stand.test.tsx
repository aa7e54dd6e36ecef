import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CATALOGUE, DEFAULT_CHALLENGE, type OpenChallenge } from '@common/challenges';
import { openChallengeById } from '@/lib/challenges';
import { renderWithApp, signUp } from '@/test/render';
import { WhereYouStand } from './where-you-stand';

const pushups = () => openChallengeById(DEFAULT_CHALLENGE)!;

async function call(path: string, method: string, body: unknown) {
  const res = await fetch(path, {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    credentials: 'include',
  });
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
}

describe('Where you stand', () => {
  it('says what to do before the first set', async () => {
    await signUp();
    renderWithApp(<WhereYouStand challenge={pushups()} />);
    expect(
      await screen.findByText('Do a set to see where you stand among members of your age.'),
    ).toBeInTheDocument();
  });

  it("places the member's best among their group and gives the CSEP band as a guide, its source one tap away", async () => {
    await signUp();
    await call('/api/profile', 'PATCH', { age: 33, gender: 'male' });
    await call('/api/workouts', 'POST', { score: 20 });
    const { user } = renderWithApp(<WhereYouStand challenge={pushups()} />);
    const card = await screen.findByTestId('where-you-stand');
    expect(await within(card).findByTestId('standing-main')).toHaveTextContent(
      /^(Better than \d+ % of men 30-39 on FitBench|Not enough members yet among men 30-39 \(\d+ of 30\))$/,
    );
    expect(within(card).getByText(/all members/)).toBeInTheDocument();
    const norm = within(card).getByText('CSEP guide: Good for men 30-39');
    const link = within(card).getByText(/Canadian Standardized Fitness Test/);
    expect(link).not.toBeVisible();
    await user.click(norm);
    expect(link).toBeVisible();
    expect(within(card).getByText(/A guide only/)).toBeVisible();
  });

  it('places the set just saved when asked', async () => {
    await signUp();
    await call('/api/profile', 'PATCH', { age: 25, gender: 'female' });
    await call('/api/workouts', 'POST', { score: 12 });
    renderWithApp(<WhereYouStand challenge={pushups()} placed={{ score: 31 }} />);
    expect(await screen.findByText('CSEP guide: Excellent for women 20-29')).toBeInTheDocument();
    expect(screen.getByText("This set, among members' best sets.")).toBeInTheDocument();
  });

  it('says so when it cannot load', async () => {
    await signUp();
    const unknown = {
      ...CATALOGUE[1]!,
      id: 'no-such-challenge',
      isActive: true,
      slug: 'x',
      path: '/x',
    } as OpenChallenge;
    renderWithApp(<WhereYouStand challenge={unknown} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(/Could not load where you stand/);
  });
});
