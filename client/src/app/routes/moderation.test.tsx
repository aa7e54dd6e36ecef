import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { User } from '@common/schemas/auth';
import type { Workout } from '@common/schemas/workouts';
import { setUserState } from '@/features/auth/api/get-user';
import { LoginForm } from '@/features/auth/components/login-form';
import { WorkoutList } from '@/features/workouts/components/workout-list';
import { renderWithApp, signInAsModerator, signUp } from '@/test/render';
import ModerationRoute from './moderation';

async function call(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const res = await fetch(path, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'include',
  });
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
  return res.json() as Promise<unknown>;
}

const login = (username: string, password: string) =>
  call('POST', '/api/login', { username, password });

describe('moderation, as members meet it', () => {
  it('tells a member who is not a moderator that the screen is not theirs', () => {
    const member = { username: 'ann', isModerator: false } as User;
    setUserState({ data: member, isPending: false, isError: false });
    renderWithApp(<ModerationRoute />, { path: '/moderation' });
    expect(screen.getByRole('heading', { level: 1, name: 'Not allowed' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to your profile' })).toHaveAttribute(
      'href',
      '/profile',
    );
    expect(document.title).toContain('Not allowed');
  });

  it("shows a suspended member's sign-in the reason, as the server gives it", async () => {
    const member = await signUp();
    await signInAsModerator();
    await call('POST', '/api/moderation/actions', {
      action: 'suspend',
      target: { kind: 'member', username: member.username },
      reason: 'Spam in the full name',
    });
    await fetch('/api/logout', { method: 'POST', credentials: 'include' });
    const { user } = renderWithApp(<LoginForm onSuccess={() => {}} />);
    await user.type(screen.getByLabelText('Username'), member.username);
    await user.type(screen.getByLabelText('Password'), member.password);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Login failed')).toBeInTheDocument();
    expect(
      screen.getByText(/This account is suspended: Spam in the full name$/),
    ).toBeInTheDocument();
  });

  it("marks a hidden set in its owner's list with the moderator's reason", async () => {
    const owner = await signUp();
    const saved = (await call(
      'POST',
      '/api/workouts',
      { pushups: 64 },
      { 'idempotency-key': crypto.randomUUID() },
    )) as {
      id: number;
    };
    await signInAsModerator();
    await call('POST', '/api/moderation/actions', {
      action: 'hide-workout',
      target: { kind: 'workout', workoutId: saved.id },
      reason: 'Counted twice',
    });
    await login(owner.username, owner.password);
    const own = (await call('GET', '/api/workouts')) as Workout[];
    renderWithApp(<WorkoutList workouts={own} canDelete />);
    expect(screen.getByTestId('hidden-mark')).toHaveTextContent(
      'Hidden by a moderator: Counted twice',
    );
  });
});
