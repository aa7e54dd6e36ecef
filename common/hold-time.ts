import { formatHold } from './challenges';
import { say } from './say.ts';

// A hold's time as a member types it (docs/decisions/0197-the-end-of-a-run.md): "2:30" is two
// minutes thirty, never 230 seconds. Read by the count entry after a hold and the log form. Its
// messages are said in the reader's language (common/say.ts), each sentence pair one message.

/** Why a typed time cannot be saved: `format` and `negative` are the text's; `low`/`high` the range's. */
export type HoldProblem = 'empty' | 'format' | 'negative' | 'seconds' | 'minutes' | 'low' | 'high';

export type HoldParse =
  | { ok: true; seconds: number }
  | { ok: false; problem: HoldProblem; message: string; seconds?: number };

/** What a hold may be typed as, said where a typed time cannot be read. */
export const HOLD_FORMATS = 'Type the time as m:ss (2:30), h:mm:ss (1:02:30) or seconds (150)';

// Digits only, at most 9 of them per part: a longer run is no time anyone held and would lose
// precision as a number.
const PARTS = /^(\d{1,9})(?::(\d{1,2}))?(?::(\d{1,2}))?$/;

/**
 * Reads "150" (seconds), "2:30" (m:ss) or "1:02:30" (h:mm:ss) into whole seconds, checked against
 * `range` when given. After a colon, seconds and minutes are two digits from 00 to 59 ("2:5" is
 * refused rather than guessed as 2:05 or 2:50); the first part may be any size ("90:00").
 */
export function parseHold(text: string, range?: { min: number; max: number }): HoldParse {
  const t = text.trim();
  if (t === '')
    return {
      ok: false,
      problem: 'empty',
      message: say(
        'Enter the time held. Type the time as m:ss (2:30), h:mm:ss (1:02:30) or seconds (150).',
      ),
    };
  if (/^-/.test(t))
    return { ok: false, problem: 'negative', message: say('A time held cannot be negative') };
  const m = PARTS.exec(t);
  if (!m)
    return {
      ok: false,
      problem: 'format',
      message: say(
        '{text} is not a time. Type the time as m:ss (2:30), h:mm:ss (1:02:30) or seconds (150).',
        { text: t },
      ),
    };
  const [, first, second, third] = m;
  const parts = [first!, second, third].filter((p): p is string => p !== undefined);
  for (const [i, p] of parts.entries()) {
    if (i > 0 && p.length !== 2)
      return {
        ok: false,
        problem: 'format',
        message: say(
          'Write two digits after a colon (2:05, not 2:5). Type the time as m:ss (2:30), h:mm:ss (1:02:30) or seconds (150).',
        ),
      };
  }
  const nums = parts.map(Number);
  const last = nums[nums.length - 1]!;
  if (nums.length > 1 && last > 59)
    return {
      ok: false,
      problem: 'seconds',
      message: say('Seconds after a colon go up to 59: {text} is not a time', { text: t }),
    };
  if (nums.length === 3 && nums[1]! > 59)
    return {
      ok: false,
      problem: 'minutes',
      message: say('Minutes in h:mm:ss go up to 59: {text} is not a time', { text: t }),
    };
  const seconds =
    nums.length === 1
      ? nums[0]!
      : nums.length === 2
        ? nums[0]! * 60 + nums[1]!
        : nums[0]! * 3600 + nums[1]! * 60 + nums[2]!;
  if (range && seconds < range.min)
    return {
      ok: false,
      problem: 'low',
      seconds,
      message: say('The hold must be at least {min}', { min: formatHold(range.min) }),
    };
  if (range && seconds > range.max)
    return {
      ok: false,
      problem: 'high',
      seconds,
      message: say('The hold must be at most {max} ({typed} was typed)', {
        max: formatHold(range.max),
        typed: formatHold(seconds),
      }),
    };
  return { ok: true, seconds };
}
