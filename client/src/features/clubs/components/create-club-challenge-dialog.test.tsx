import { screen, waitFor } from '@testing-library/react';
import { format, subDays } from 'date-fns';
import { describe, expect, it, vi } from 'vitest';
import type { ClubChallenge } from '@common/schemas/club-challenges';
import { renderWithApp, signUp } from '@/test/render';
import { CreateClubChallengeDialog } from './create-club-challenge-dialog';

async function createClub() {
  const res = await fetch('/api/clubs', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: `Club ${Date.now().toString(36)}`, visibility: 'public' }),
    credentials: 'include',
  });
  if (res.status !== 201) throw new Error(`create answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as { slug: string };
}

const ymd = (d: Date) => format(d, 'yyyy-MM-dd');

describe('the New club challenge form', () => {
  it("shows its own and the server's errors under the fields, then sets the challenge", async () => {
    await signUp();
    const club = await createClub();
    const created = vi.fn<(c: ClubChallenge) => void>();
    const { user } = renderWithApp(
      <CreateClubChallengeDialog slug={club.slug} onCreated={created} />,
    );
    await user.click(screen.getByRole('button', { name: 'New challenge' }));
    const start = await screen.findByLabelText('First day');
    const end = screen.getByLabelText('Last day');
    const target = screen.getByLabelText('Target (optional)');
    expect(screen.getByText('1 to 300 push-ups.')).toBeInTheDocument();

    // The form's own checks: the last day before the first, a target out of range.
    await user.clear(end);
    await user.type(end, ymd(subDays(new Date(), 1)));
    await user.type(target, '500');
    await user.click(screen.getByRole('button', { name: 'Set challenge' }));
    expect(
      await screen.findByText('The end date must be on or after the start date'),
    ).toBeVisible();
    expect(end).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('The target must be from 1 to 300 push-ups')).toBeVisible();

    // The server's: a first day further back than a set may be dated.
    await user.clear(start);
    await user.type(start, ymd(subDays(new Date(), 30)));
    await user.clear(end);
    await user.type(end, ymd(subDays(new Date(), 25)));
    await user.clear(target);
    await user.type(target, '40');
    await user.click(screen.getByRole('button', { name: 'Set challenge' }));
    expect(await screen.findByText(/may be at most 7 days back/)).toBeVisible();
    expect(start).toHaveAttribute('aria-invalid', 'true');

    await user.clear(start);
    await user.type(start, ymd(new Date()));
    await user.clear(end);
    await user.type(end, ymd(new Date()));
    await user.click(screen.getByRole('button', { name: 'Set challenge' }));
    await waitFor(() => expect(created).toHaveBeenCalledTimes(1));
    expect(created.mock.calls[0]![0]).toMatchObject({ challenge: 'pushup-90', target: 40 });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
