import { formatScore, fillWords } from './challenge-scores.ts';
import type { CatalogueEntry, OpenChallenge } from './challenges.ts';
import { APP_NAME } from './constants.ts';

// A challenge's words: its own (CatalogueEntry.words) or the default made from the rest of its
// entry. Screens ask here instead of naming a challenge.

const cap = (s: string) => `${s.charAt(0).toUpperCase()}${s.slice(1)}`;

/** In words, a time given in seconds: "2 minutes", "90 seconds", "15 minutes". */
function span(seconds: number): string {
  if (seconds % 60 === 0 && seconds >= 120) return `${seconds / 60} minutes`;
  if (seconds === 60) return '1 minute';
  return `${seconds} seconds`;
}

/** The timer screen's heading: "Push-up timer", "Burpees or Bust timer". */
export const timerTitleOf = (c: Pick<CatalogueEntry, 'title' | 'words'>) =>
  c.words?.timerTitle ?? `${c.title} timer`;

/** The stats page's heading: "Push-up stats", "Burpees or Bust stats". */
export const statsTitleOf = (c: Pick<CatalogueEntry, 'title' | 'words'>) =>
  c.words?.statsTitle ?? `${c.title} stats`;

/** The stats tile of the total: "Total Push-ups", "Total burpees", "Total time held". */
export function totalLabelOf(c: OpenChallenge): string {
  if (c.words?.totalLabel) return c.words.totalLabel;
  if (c.scoring.kind === 'seconds') return 'Total time held';
  return `Total ${c.scoring.unit}`;
}

/** What the idle timer screen asks the member to do. */
export function howToOf(c: OpenChallenge): string {
  if (c.words?.howTo) return c.words.howTo;
  const t = c.timer;
  switch (t.mode) {
    case 'stopwatch':
      return 'Tap Start, get into position during the 3-2-1, then hold it as long as you can. Tap Stop (or press Space or Enter) the moment you drop.';
    case 'countdown':
      return `Tap Start, get into position during the 3-2-1, then do as many ${c.scoring.unit} as you can in ${span(t.seconds)}. Tap the counter for each one, or enter the count at the end.`;
    case 'rounds':
      return `Tap Start, get into position during the 3-2-1, then do as many rounds as you can in ${span(t.seconds)}: ${t.round.map((m) => `${m.reps} ${m.name}`).join(', ')}. Tap Round done after each round.`;
    case 'for-time':
      return `Tap Start, get into position during the 3-2-1, then do ${t.parts.map((m) => `${m.reps} ${m.name}`).join(', ')} in that order, as fast as you can, within ${span(t.capSeconds)}.`;
  }
}

/** Under the Log Workout heading. */
export function logIntroOf(c: OpenChallenge): string {
  if (c.words?.logIntro) return c.words.logIntro;
  switch (c.scoring.kind) {
    case 'seconds':
      return `Record a hold you did without the timer (${c.title}), as m:ss.`;
    case 'rounds':
      return `Record the rounds and extra reps of a ${c.title} you did without the timer.`;
    case 'for-time':
      return `Record a ${c.title} you did without the timer: your time, or the reps you reached by the cap.`;
    case 'reps':
      return `Record a set of ${c.scoring.unit} you did without the timer (${c.title}).`;
  }
}

/** "I did 42 push-ups in 90 seconds on FitBench", "I held 3:25 in Plank Till You Drop on FitBench". */
export function shareTextOf(
  c: OpenChallenge | CatalogueEntry,
  score: number,
  capped = false,
): string {
  const scoring = c.scoring!;
  const text = formatScore(scoring, score, capped);
  const own = capped ? (c.words?.shareCapped ?? c.words?.share) : c.words?.share;
  if (own) return fillWords(own, { score: text, app: APP_NAME });
  if (scoring.kind === 'seconds')
    return `I held ${text.replace(/ held$/, '')} in ${c.title} on ${APP_NAME}`;
  return `I did ${text} in ${c.duration} on ${APP_NAME}`;
}

/** "Can you beat my 42 burpees in 2 minutes on FitBench?", "Can you hold longer than my 3:25 ...?" */
export function beatMeTextOf(
  c: OpenChallenge | CatalogueEntry,
  score: number,
  capped = false,
): string {
  const scoring = c.scoring!;
  const text = formatScore(scoring, score, capped);
  if (c.words?.beatMe) return fillWords(c.words.beatMe, { score: text, app: APP_NAME });
  if (scoring.kind === 'seconds')
    return `Can you hold longer than my ${text.replace(/ held$/, '')} in ${c.title} on ${APP_NAME}?`;
  return `Can you beat my ${text} in ${c.duration} on ${APP_NAME}?`;
}

export { cap as capitalize };
