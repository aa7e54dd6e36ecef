import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CHALLENGES } from '@common/challenges';
import { renderWithApp } from '@/test/render';
import { serveChallenges, THREE_OPEN } from '@/test/served-challenges';
import { ChallengeCatalogue } from './challenge-catalogue';

describe('ChallengeCatalogue', () => {
  it('shows a skeleton first, then every challenge: the open one to try, the others Coming Soon', async () => {
    renderWithApp(<ChallengeCatalogue signedIn={false} />);
    expect(screen.getByLabelText('Loading challenges')).toHaveAttribute('aria-busy', 'true');
    const open = CHALLENGES.filter((c) => c.isActive);
    const closed = CHALLENGES.filter((c) => !c.isActive);
    for (const c of open) {
      const card = await screen.findByTestId(`challenge-${c.id}`);
      // A visitor is sent to sign in first, and comes back to the timer.
      expect(within(card).getByRole('link', { name: `Try Challenge: ${c.title}` })).toHaveAttribute(
        'href',
        '/auth?next=%2F90second%2Ftimer',
      );
    }
    for (const c of closed) {
      expect(
        within(screen.getByTestId(`challenge-${c.id}`)).getByRole('button', {
          name: `Coming Soon: ${c.title}`,
        }),
      ).toBeDisabled();
    }
    expect(screen.queryByLabelText('Loading challenges')).toBeNull();
  });

  it('shows the skeleton on the first load only: a later visit shows the list at once', async () => {
    const first = renderWithApp(<ChallengeCatalogue signedIn={false} />);
    await screen.findByTestId('challenge-pushup-90');
    first.unmount();
    renderWithApp(<ChallengeCatalogue signedIn={false} />);
    expect(screen.queryByLabelText('Loading challenges')).toBeNull();
    expect(screen.getByTestId('challenge-pushup-90')).toBeInTheDocument();
  });

  it('offers a signed-in member Start Challenge, straight to the timer', async () => {
    const { user, history } = renderWithApp(<ChallengeCatalogue signedIn />);
    await user.click(
      await screen.findByRole('link', { name: 'Start Challenge: 90 Second Push-up Challenge' }),
    );
    expect(history.at(-1)).toBe('/90second/timer');
  });
});

describe('ChallengeCatalogue with more challenges open', () => {
  it('starts each open challenge on its own timer; the others stay Coming Soon', async () => {
    serveChallenges(THREE_OPEN);
    renderWithApp(<ChallengeCatalogue signedIn />);
    // Each named for its challenge, not three identical "Start Challenge".
    const start = async (id: string) =>
      within(await screen.findByTestId(`challenge-${id}`)).getByRole('link', {
        name: /^Start Challenge: /,
      });
    expect(await start('plank-drop')).toHaveAccessibleName('Start Challenge: Plank Till You Drop');
    expect(await start('pushup-90')).toHaveAttribute('href', '/90second/timer');
    expect(await start('burpees-or-bust')).toHaveAttribute('href', '/burpees-or-bust/timer');
    expect(await start('plank-drop')).toHaveAttribute('href', '/plank-drop/timer');
    for (const id of ['nickels-dimes', 'mfm-challenge'])
      expect(
        within(screen.getByTestId(`challenge-${id}`)).getByRole('button', {
          name: /^Coming Soon: /,
        }),
      ).toBeDisabled();
  });

  it('sends a visitor to sign in and back to that challenge timer', async () => {
    serveChallenges(THREE_OPEN);
    renderWithApp(<ChallengeCatalogue signedIn={false} />);
    const card = await screen.findByTestId('challenge-plank-drop');
    expect(
      within(card).getByRole('link', { name: 'Try Challenge: Plank Till You Drop' }),
    ).toHaveAttribute('href', '/auth?next=%2Fplank-drop%2Ftimer');
  });
});
