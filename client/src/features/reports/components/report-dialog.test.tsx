import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { REPORT_TEXT_MAX, REPORT_TEXT_REQUIRED } from '@common/schemas/moderation';
import { renderWithApp, signUp } from '@/test/render';
import { ReportButton } from './report-button';

const dialog = () => screen.getByRole('dialog', { name: /^Report / });

/** A member with one saved set; returns the set's id (the page is signed in as them after). */
async function memberWithSet() {
  const owner = await signUp();
  const res = await fetch('/api/workouts', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
    body: JSON.stringify({ pushups: 61 }),
    credentials: 'include',
  });
  if (res.status !== 201) throw new Error(`save answered ${res.status}: ${await res.text()}`);
  return { owner, workoutId: ((await res.json()) as { id: number }).id };
}

describe('ReportButton and its dialog', () => {
  it('asks for a reason, and for what is wrong under Other, before sending anything', async () => {
    const { user } = renderWithApp(
      <ReportButton compact target={{ kind: 'workout', workoutId: 1 }} username="ann" />,
    );
    await user.click(screen.getByRole('button', { name: "Report ann's entry" }));
    const form = await screen.findByRole('dialog', { name: "Report ann's entry" });
    expect(
      within(form)
        .getAllByRole('radio')
        .map((r) => r.closest('label')!.textContent),
    ).toEqual(['Fake score', 'Offensive name', 'Offensive picture', 'Spam', 'Other']);
    await user.click(within(form).getByRole('button', { name: 'Send report' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Choose a reason.');

    await user.click(within(form).getByRole('radio', { name: 'Other' }));
    await user.click(within(form).getByRole('button', { name: 'Send report' }));
    const text = within(form).getByLabelText('What is wrong');
    expect(text).toHaveAttribute('aria-invalid', 'true');
    expect(text).toHaveAccessibleDescription(expect.stringContaining(REPORT_TEXT_REQUIRED));

    // The counter follows the text; the field takes no more than the limit.
    await user.type(text, 'Same set twice');
    expect(within(form).getByText(`14/${REPORT_TEXT_MAX}`)).toBeInTheDocument();
    expect(text).toHaveAttribute('maxlength', String(REPORT_TEXT_MAX));
    expect(text).not.toHaveAttribute('aria-invalid');

    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('sends a report once, then shows Reported, on this visit and the next', async () => {
    const { owner, workoutId } = await memberWithSet();
    await signUp();
    const { user, unmount } = renderWithApp(
      <ReportButton compact target={{ kind: 'workout', workoutId }} username={owner.username} />,
    );
    await user.click(screen.getByRole('button', { name: `Report ${owner.username}'s entry` }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('radio', { name: 'Fake score' }),
    );
    await user.type(
      within(dialog()).getByLabelText('Details (optional)'),
      'No one does 61 in a row',
    );
    await user.click(within(dialog()).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Report sent')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();

    // The flag remembers it was used: "Reported", disabled, and no form to fill in again.
    const reported = await screen.findByRole('button', {
      name: `Reported ${owner.username}'s entry`,
    });
    expect(reported).toBeDisabled();
    expect(reported).toHaveAttribute('title', 'Reported');
    expect(screen.queryByRole('button', { name: `Report ${owner.username}'s entry` })).toBeNull();
    unmount();

    // The second visit (a fresh page): the server says which entries the member reported.
    renderWithApp(
      <ReportButton compact target={{ kind: 'workout', workoutId }} username={owner.username} />,
    );
    expect(
      await screen.findByRole('button', { name: `Reported ${owner.username}'s entry` }),
    ).toBeDisabled();
    expect(screen.queryByRole('button', { name: `Report ${owner.username}'s entry` })).toBeNull();
  });

  it('reports a profile by its name', async () => {
    const owner = await signUp();
    await signUp();
    const { user } = renderWithApp(
      <ReportButton
        target={{ kind: 'member', username: owner.username }}
        username={owner.username}
      />,
    );
    await user.click(screen.getByRole('button', { name: `Report ${owner.username}'s profile` }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('radio', { name: 'Offensive name' }),
    );
    await user.click(within(dialog()).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Report sent')).toBeInTheDocument();
    const reported = await screen.findByRole('button', {
      name: `Reported ${owner.username}'s profile`,
    });
    expect(reported).toBeDisabled();
    expect(reported).toHaveTextContent('Reported');
  });
});
