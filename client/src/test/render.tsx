import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { inject } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import Toaster from '@/components/ui/toaster';

/**
 * Renders a piece of the client as the app does: a query client of its own (no retries, so an
 * error shows at once), the toasts, and a router at `path` whose navigations the test can read.
 */
export function renderWithApp(ui: ReactNode, { path = '/' }: { path?: string } = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const location = memoryLocation({ path, record: true });
  const user = userEvent.setup();
  const result: RenderResult = render(
    <QueryClientProvider client={queryClient}>
      <Router hook={location.hook}>{ui}</Router>
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...result, user, queryClient, history: location.history! };
}

let counter = 0;
/** A fresh, valid member for a test: unique name and email. */
export function newMember() {
  counter += 1;
  const name = `ct_${Date.now().toString(36)}_${counter}`;
  return { username: name, email: `${name}@example.com`, password: 'correct horse battery' };
}

/** Registers a member through the real API from the page (the cookie is the page's from then on). */
export async function signUp(member = newMember()) {
  const res = await fetch('/api/register', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(member),
    credentials: 'include',
  });
  if (res.status !== 201) throw new Error(`register answered ${res.status}: ${await res.text()}`);
  return member;
}

/** Signs the page in as the run's moderator (server/src/test/global-setup-components.ts grants the role). */
export function signInAsModerator() {
  return signInAs(inject('moderator'));
}

/**
 * Signs the page in as the run's member who joined a day ago (server/src/test/global-setup-components.ts):
 * a hold of minutes cannot be saved by an account seconds old.
 */
export function signInAsVeteran() {
  return signInAs(inject('veteran'));
}

async function signInAs({ username, password }: { username: string; password: string }) {
  const res = await fetch('/api/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
    credentials: 'include',
  });
  if (res.status !== 200) throw new Error(`login answered ${res.status}: ${await res.text()}`);
  return { username };
}
