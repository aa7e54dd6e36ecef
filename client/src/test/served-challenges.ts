import { afterEach } from 'vitest';
import { resetServedChallenges } from '@/lib/challenges';

/**
 * Serves the page as a server with CHALLENGES=`ids` would (the meta tag it writes into index.html),
 * until the end of the test. Call it before rendering.
 */
export function serveChallenges(ids: readonly string[]) {
  document.head.querySelector('meta[name="fitbench-challenges"]')?.remove();
  const meta = document.createElement('meta');
  meta.name = 'fitbench-challenges';
  meta.content = ids.join(',');
  document.head.append(meta);
  resetServedChallenges();
}

afterEach(() => {
  document.head.querySelector('meta[name="fitbench-challenges"]')?.remove();
  resetServedChallenges();
  localStorage.clear();
});

export const THREE_OPEN = ['pushup-90', 'burpees-or-bust', 'plank-drop'] as const;
