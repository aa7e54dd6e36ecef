import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { catalogueWith, openChallenges } from '@common/challenges';
import { renderWithApp } from '@/test/render';
import { DiscardQuestion } from './discard-question';
import { TimerScreen } from './timer-screen';

// "Discard this workout?" during a run (docs/decisions/0197-the-end-of-a-run.md): Keep going is
// the main, focused button, and the question leaves the pad in view and counting.
const pushups = openChallenges(catalogueWith(['pushup-90']))[0]!;

describe('DiscardQuestion', () => {
  it('focuses Keep going, the main button; Escape keeps going; Discard is the outlined one', async () => {
    const onKeep = vi.fn();
    const onDiscard = vi.fn();
    const { user } = renderWithApp(<DiscardQuestion onKeep={onKeep} onDiscard={onDiscard} />);
    const question = screen.getByRole('alertdialog', { name: 'Discard this workout?' });
    expect(question).toHaveTextContent('The timer is still running.');
    const keep = screen.getByRole('button', { name: 'Keep going' });
    expect(keep).toHaveFocus();
    expect(keep).toHaveClass('bg-primary');
    expect(screen.getByRole('button', { name: 'Discard' })).not.toHaveClass('bg-destructive');
    await user.keyboard('{Escape}');
    expect(onKeep).toHaveBeenCalledOnce();
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    expect(onDiscard).toHaveBeenCalledOnce();
  });

  it("takes Cancel's place in the run: the pad stays in view and counts; Keep going gives the pad the focus", async () => {
    // As the timer route does: Cancel asks, the answer closes the question.
    function Run() {
      const [asking, setAsking] = useState(false);
      return (
        <TimerScreen
          challenge={pushups}
          onCancel={() => setAsking(true)}
          onComplete={() => undefined}
          question={
            asking ? (
              <DiscardQuestion onKeep={() => setAsking(false)} onDiscard={() => setAsking(false)} />
            ) : null
          }
        />
      );
    }
    const { user } = renderWithApp(<Run />);
    await user.click(screen.getByRole('button', { name: 'Start' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('alertdialog', { name: 'Discard this workout?' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(screen.getByTestId('tap-area')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Keep going' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Keep going' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByTestId('tap-area')).toHaveFocus();
  });
});
