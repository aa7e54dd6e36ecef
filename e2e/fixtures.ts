import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { finishAnimations } from './support/animations';

export interface TestUser {
  id: number;
  username: string;
  email: string;
  password: string;
}

export const PASSWORD = 'Pushup-Power-42';

export function uniqueName(prefix = 'u') {
  return `${prefix}${randomBytes(4).toString('hex')}`;
}

/** Registers a user through the API in the given request context (its cookie signs it in). */
export async function registerUser(
  request: APIRequestContext,
  overrides: Partial<TestUser> = {},
): Promise<TestUser> {
  const username = overrides.username ?? uniqueName();
  const body = {
    username,
    email: overrides.email ?? `${username}@example.com`,
    password: overrides.password ?? PASSWORD,
  };
  const res = await request.post('/api/register', { data: body });
  expect(res.status(), await res.text()).toBe(201);
  const user = (await res.json()) as { id: number };
  return { id: user.id, ...body };
}

/** Saves a workout for the user signed in on `request`. */
export async function addWorkout(
  request: APIRequestContext,
  body: { pushups: number; notes?: string; createdAt?: string },
) {
  const res = await request.post('/api/workouts', {
    data: body,
    headers: { 'idempotency-key': crypto.randomUUID() },
  });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

// Expected failures the browser logs as console errors (e.g. the 401 of a visitor's /api/user).
// ERR_CONNECTION_REFUSED: a spec that moves its own server's clock restarts it while a page is
// open, and the notifications' stream tries again meanwhile (features/notifications); the
// stream open at that moment ends mid-chunk (ERR_INCOMPLETE_CHUNKED_ENCODING).
const EXPECTED_CONSOLE =
  /Failed to load resource: (the server responded with a status of (400|401|403|404|409|413|422|429)|net::ERR_INTERNET_DISCONNECTED|net::ERR_CONNECTION_REFUSED|net::ERR_INCOMPLETE_CHUNKED_ENCODING)/;

/**
 * The visible toasts. Radix also mirrors each into a live region, which this skips; and while a
 * modal dialog is open the toast region is hidden from the accessibility tree, so match the DOM.
 */
export function toasts(page: Page) {
  return page.locator('ol li[data-state="open"]');
}

export async function expectNoA11yViolations(page: Page) {
  await finishAnimations(page);
  // @axe-core/playwright types a Page from its own playwright-core copy; the object is the same.
  const results = await new AxeBuilder({
    page: page as unknown as ConstructorParameters<typeof AxeBuilder>[0]['page'],
  }).analyze();
  const serious = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([]);
}

interface Fixtures {
  /** A page whose context is signed in as a fresh user. */
  user: TestUser;
  consoleErrors: string[];
}

export const test = base.extend<Fixtures>({
  // Any console error or uncaught exception fails the test (as in the Epic Stack's setup).
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error' && !EXPECTED_CONSOLE.test(msg.text())) errors.push(msg.text());
      });
      page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
      await use(errors);
      expect(errors, 'console errors during the test').toEqual([]);
    },
    { auto: true },
  ],
  user: async ({ page }, use) => {
    const user = await registerUser(page.context().request);
    await use(user);
  },
});

export { expect };
