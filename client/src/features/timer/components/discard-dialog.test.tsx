import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';
import { DiscardDialog } from './discard-dialog';

describe('DiscardDialog', () => {
  it('focuses the safe choice first; Keep going keeps the set', async () => {
    const onKeep = vi.fn();
    const onDiscard = vi.fn();
    const { user } = renderWithApp(
      <DiscardDialog open finished={false} onKeep={onKeep} onDiscard={onDiscard} />,
    );
    expect(screen.getByRole('alertdialog', { name: 'Discard this workout?' })).toHaveTextContent(
      'The timer is still running.',
    );
    expect(screen.getByRole('button', { name: 'Keep going' })).toHaveFocus();
    // The safe answer is the main button; Discard is not painted as one.
    expect(screen.getByRole('button', { name: 'Keep going' })).toHaveClass('bg-primary');
    expect(screen.getByRole('button', { name: 'Discard' })).not.toHaveClass('bg-destructive');
    await user.keyboard('{Enter}');
    expect(onKeep).toHaveBeenCalledOnce();
    expect(onDiscard).not.toHaveBeenCalled();
  });

  it('after the run it speaks of the count; Escape keeps it, Discard throws it away', async () => {
    const onKeep = vi.fn();
    const onDiscard = vi.fn();
    const { user } = renderWithApp(
      <DiscardDialog open finished onKeep={onKeep} onDiscard={onDiscard} />,
    );
    expect(screen.getByRole('alertdialog')).toHaveTextContent('Your set is not saved yet.');
    await user.keyboard('{Escape}');
    expect(onKeep).toHaveBeenCalledOnce();
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    expect(onDiscard).toHaveBeenCalledOnce();
  });
});
