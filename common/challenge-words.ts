import { formatHold, formatScore } from './challenge-scores.ts';
import type { CatalogueEntry, Movement, OpenChallenge } from './challenges.ts';
import { APP_NAME } from './constants.ts';
import { say } from './say.ts';

// A challenge's words: its own (CatalogueEntry.words) or the default made from the rest of its
// entry. Screens ask here instead of naming a challenge. Each is said in the reader's language
// (common/say.ts): the catalogue's own words are msgids of common/locales/ as they are.

const cap = (s: string) => `${s.charAt(0).toUpperCase()}${s.slice(1)}`;

/** In words, a time given in seconds: "2 minutes", "90 seconds", "15 minutes". */
function span(seconds: number): string {
  if (seconds % 60 === 0 && seconds >= 120) return say('{n} minutes', { n: seconds / 60 });
  if (seconds === 60) return say('1 minute');
  return say('{n} seconds', { n: seconds });
}

/** "5 push-ups, 10 air squats". */
const movements = (list: readonly Movement[]) =>
  list.map((m) => say('{reps} {name}', { reps: m.reps, name: say(m.name) })).join(', ');

/** The timer screen's heading: "Push-up timer", "Burpees or Bust timer". */
export const timerTitleOf = (c: Pick<CatalogueEntry, 'title' | 'words'>) =>
  c.words?.timerTitle ? say(c.words.timerTitle) : say('{title} timer', { title: say(c.title) });

/** The stats page's heading: "Push-up stats", "Burpees or Bust stats". */
export const statsTitleOf = (c: Pick<CatalogueEntry, 'title' | 'words'>) =>
  c.words?.statsTitle ? say(c.words.statsTitle) : say('{title} stats', { title: say(c.title) });

/** The stats tile of the total: "Total Push-ups", "Total burpees", "Total time held". */
export function totalLabelOf(c: OpenChallenge): string {
  if (c.words?.totalLabel) return say(c.words.totalLabel);
  if (c.scoring.kind === 'seconds') return say('Total time held');
  return say('Total {unit}', { unit: say(c.scoring.unit) });
}

/** What the idle timer screen asks the member to do. */
export function howToOf(c: OpenChallenge): string {
  if (c.words?.howTo) return say(c.words.howTo);
  const t = c.timer;
  switch (t.mode) {
    case 'stopwatch':
      return say(
        'Tap Start, get into position during the 3-2-1, then hold it as long as you can. Tap Stop (or press Space or Enter) the moment you drop.',
      );
    case 'countdown':
      return say(
        'Tap Start, get into position during the 3-2-1, then do as many {unit} as you can in {span}. Tap the counter for each one, or enter the count at the end.',
        { unit: say(c.scoring.unit), span: span(t.seconds) },
      );
    case 'rounds':
      return say(
        'Tap Start, get into position during the 3-2-1, then do as many rounds as you can in {span}: {movements}. Tap Round done after each round.',
        { span: span(t.seconds), movements: movements(t.round) },
      );
    case 'for-time':
      return say(
        'Tap Start, get into position during the 3-2-1, then do {movements} in that order, as fast as you can, within {span}.',
        { movements: movements(t.parts), span: span(t.capSeconds) },
      );
  }
}

/** Under the Log Workout heading. */
export function logIntroOf(c: OpenChallenge): string {
  if (c.words?.logIntro) return say(c.words.logIntro);
  const title = say(c.title);
  switch (c.scoring.kind) {
    case 'seconds':
      return say('Record a hold you did without the timer ({title}), as m:ss.', { title });
    case 'rounds':
      return say('Record the rounds and extra reps of a {title} you did without the timer.', {
        title,
      });
    case 'for-time':
      return say(
        'Record a {title} you did without the timer: your time, or the reps you reached by the cap.',
        { title },
      );
    case 'reps':
      return say('Record a set of {unit} you did without the timer ({title}).', {
        unit: say(c.scoring.unit),
        title,
      });
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
  if (own) return say(own, { score: text, app: APP_NAME });
  if (scoring.kind === 'seconds')
    return say('I held {score} in {title} on {app}', {
      score: formatHold(score),
      title: say(c.title),
      app: APP_NAME,
    });
  return say('I did {score} in {duration} on {app}', {
    score: text,
    duration: say(c.duration),
    app: APP_NAME,
  });
}

/** "Can you beat my 42 burpees in 2 minutes on FitBench?", "Can you hold longer than my 3:25 ...?" */
export function beatMeTextOf(
  c: OpenChallenge | CatalogueEntry,
  score: number,
  capped = false,
): string {
  const scoring = c.scoring!;
  const text = formatScore(scoring, score, capped);
  if (c.words?.beatMe) return say(c.words.beatMe, { score: text, app: APP_NAME });
  if (scoring.kind === 'seconds')
    return say('Can you hold longer than my {score} in {title} on {app}?', {
      score: formatHold(score),
      title: say(c.title),
      app: APP_NAME,
    });
  return say('Can you beat my {score} in {duration} on {app}?', {
    score: text,
    duration: say(c.duration),
    app: APP_NAME,
  });
}

export { cap as capitalize };
