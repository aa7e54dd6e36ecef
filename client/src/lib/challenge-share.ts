import { catalogueEntries } from '@/config/catalogue';
import {
  beatMeTextOf,
  defaultEntry,
  findEntry,
  shareTextOf,
  type ChallengeId,
} from '@common/challenges';
import { APP_NAME } from '@common/constants';
import { sayShared } from '@/lib/i18n';

// What a shared result says, per challenge (the share menus of Workout Saved and of a workout's
// details): each entry's words (common/challenge-words.ts), with the score as boards write it.

const entryOf = (challenge: ChallengeId | undefined) =>
  findEntry(challenge, catalogueEntries()) ?? defaultEntry();

/** "I did 42 push-ups in 90 seconds on FitBench", "I finished The MFM Challenge in 18:42 on FitBench". */
export const shareText = (challenge: ChallengeId | undefined, score: number, capped = false) =>
  shareTextOf(entryOf(challenge), score, capped);

/** "FitBench: Burpees or Bust". */
export const shareTitle = (challenge: ChallengeId | undefined) =>
  `${APP_NAME}: ${sayShared(entryOf(challenge).title)}`;

/** "Can you beat my 42 burpees in 2 minutes on FitBench?", "Can you beat my CAP + 312 reps in ...?" */
export const beatMeText = (challenge: ChallengeId | undefined, score: number, capped = false) =>
  beatMeTextOf(entryOf(challenge), score, capped);
