import { afterEach } from 'vitest';
import { CATALOGUE, type CatalogueEntry } from '@common/challenges';
import { replaceCatalogueEntries } from '@/config/catalogue';
import { resetServedChallenges } from '@/lib/challenges';

/**
 * Serves the page as a server with CHALLENGES=`ids` would (the meta tag it writes into index.html),
 * until the end of the test, from the shipped catalogue or `entries` (a test catalogue). Call it
 * before rendering.
 */
export function serveChallenges(
  ids: readonly string[],
  entries: readonly CatalogueEntry[] = CATALOGUE,
) {
  replaceCatalogueEntries(entries);
  document.head.querySelector('meta[name="fitbench-challenges"]')?.remove();
  const meta = document.createElement('meta');
  meta.name = 'fitbench-challenges';
  meta.content = ids.join(',');
  document.head.append(meta);
  resetServedChallenges();
}

afterEach(() => {
  replaceCatalogueEntries(CATALOGUE);
  document.head.querySelector('meta[name="fitbench-challenges"]')?.remove();
  resetServedChallenges();
  localStorage.clear();
});

export const THREE_OPEN = ['pushup-90', 'burpees-or-bust', 'plank-drop'] as const;
