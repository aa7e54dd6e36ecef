// Relative, as config/paths.ts imports it while Vite loads its config (no alias yet).
import { CATALOGUE, type CatalogueEntry } from '../../../common/challenges.ts';

// The catalogue the client knows: the one this build ships (common/challenge-entries.ts). Every
// client module reads it here, so a test can give the whole client a catalogue of its own (a
// sixth challenge) by changing no other file: client/src/test/served-challenges.ts.
let entries: readonly CatalogueEntry[] = CATALOGUE;

export const catalogueEntries = (): readonly CatalogueEntry[] => entries;

/** Tests only: the catalogue the client reads until the next call (CATALOGUE to go back). */
export function replaceCatalogueEntries(next: readonly CatalogueEntry[]) {
  entries = next;
}
