import { CATALOGUE, DEFAULT_CHALLENGE, formatHold, type ChallengeId } from '@common/challenges';
import { APP_NAME } from '@common/constants';

// What a shared result says, per challenge (the share menus of Workout Saved and of a workout's
// details): the push-up sentence as before, the challenge's own unit and time for the others.

const entryOf = (challenge: ChallengeId | undefined) =>
  CATALOGUE.find((c) => c.id === challenge) ?? CATALOGUE.find((c) => c.id === DEFAULT_CHALLENGE)!;

/** "I did 42 push-ups in 90 seconds on FitBench", "I held a plank for 3:25 on FitBench". */
export function shareText(challenge: ChallengeId | undefined, score: number): string {
  const c = entryOf(challenge);
  const scoring = c.scoring!;
  if (scoring.kind === 'seconds') return `I held ${formatHold(score)} in ${c.title} on ${APP_NAME}`;
  return `I did ${score} ${score === 1 ? scoring.unitOne : scoring.unit} in ${c.duration} on ${APP_NAME}`;
}

/** "FitBench: Burpees or Bust". */
export const shareTitle = (challenge: ChallengeId | undefined) => `${APP_NAME}: ${entryOf(challenge).title}`;

/** "Can you beat my 42 burpees in 2 minutes on FitBench?", "Can you hold longer than 3:25 ...?" */
export function beatMeText(challenge: ChallengeId | undefined, score: number): string {
  const c = entryOf(challenge);
  const scoring = c.scoring!;
  if (scoring.kind === 'seconds') return `Can you hold longer than my ${formatHold(score)} in ${c.title} on ${APP_NAME}?`;
  return `Can you beat my ${score} ${score === 1 ? scoring.unitOne : scoring.unit} in ${c.duration} on ${APP_NAME}?`;
}
