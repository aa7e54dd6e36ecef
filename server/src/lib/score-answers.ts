import { CATALOGUE, findEntry, legacyScoreField, type ChallengeId } from '@common/challenges';

// The one place on the server that writes a score's legacy names into answers: a challenge whose
// catalogue entry declares `legacy.scoreField` (common/challenge-entries.ts) also carries its score
// under that name ("pushups"), and with `legacy.statsFields` its stats under the first names
// (lastPushups, bestPushups, totalPushups). The SQL side is lb_entry_json (server/src/db/sql/leaderboard.sql),
// fed by scoreFieldOf. Also the `capped` mark of a capped "for time" set, absent otherwise, so no
// other answer changes (docs/decisions/0216-push-ups-at-the-edges-on-the-server.md).

/** The score's legacy name for the challenge's answers and requests, or null. */
export function scoreFieldOf(challenge: ChallengeId): string | null {
  const entry = findEntry(challenge, CATALOGUE);
  return (entry && legacyScoreField(entry)) ?? null;
}

/** The legacy score names any catalogue entry declares (for API descriptions). */
export const LEGACY_SCORE_FIELDS: readonly string[] = CATALOGUE.flatMap((e) => {
  const f = legacyScoreField(e);
  return f ? [f] : [];
});

/** What a set's answer carries beside `score`: `capped: true` when capped, the legacy name's copy. */
export function scoreExtras(
  challenge: ChallengeId,
  score: number,
  capped = false,
): { capped?: true } & Record<string, number | true> {
  const field = scoreFieldOf(challenge);
  return { ...(capped ? { capped: true as const } : {}), ...(field ? { [field]: score } : {}) };
}

/** The score under its legacy name, or null (the CSV export's first score column). */
export function legacyScoreOf(w: { challenge: ChallengeId; score: number }): number | null {
  return scoreFieldOf(w.challenge) === null ? null : w.score;
}

/**
 * A request's score sent under a legacy name (`pushups`), with that name, or undefined: the
 * request schemas accept each catalogue legacy name (common/schemas/workouts.ts).
 */
export function legacyScoreSent(input: object): { field: string; value: number } | undefined {
  for (const field of LEGACY_SCORE_FIELDS) {
    const value = (input as Record<string, unknown>)[field];
    if (typeof value === 'number') return { field, value };
  }
  return undefined;
}

const capital = (s: string) => `${s.charAt(0).toUpperCase()}${s.slice(1)}`;

/** Stats with their legacy copies (last/best/total under the first name) when the entry declares them. */
export function statsExtras(
  challenge: ChallengeId,
  stats: { lastScore: number; bestScore: number; totalScore: number },
): Record<string, number> {
  const entry = findEntry(challenge, CATALOGUE);
  const field = entry && legacyScoreField(entry);
  if (!field || !entry.legacy?.statsFields) return {};
  const name = capital(field);
  return {
    [`last${name}`]: stats.lastScore,
    [`best${name}`]: stats.bestScore,
    [`total${name}`]: stats.totalScore,
  };
}
