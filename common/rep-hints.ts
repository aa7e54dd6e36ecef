// What the camera run tells the member, from the same face sizes the rep counter reads
// (common/rep-counter.ts): reps that do not go deep enough, a phone too close to count at all,
// and why a run counted nothing.
import { REP_RULES, type FaceSize } from './rep-counter';
import { say } from './say.ts';

/** Face sizes are measured up to the frame's width (1000 thousandths). */
const SIZE_CAP = 1000;

/**
 * The largest top a rep can count from: the face must grow to downRatio x its top, and its width
 * cannot be measured past the frame's (555: a face over about 55 % of the frame is too close).
 */
export const TOP_MAX = Math.floor(SIZE_CAP / REP_RULES.downRatio);

/**
 * A ratio as the screen writes it (one decimal); one short of the down line never reads as the
 * line itself (1.78 is "1.7x", not "1.8x of 1.8x").
 */
export function ratioText(ratio: number): string {
  const shown = Math.round(ratio * 10) / 10;
  const capped = ratio < REP_RULES.downRatio ? Math.min(shown, REP_RULES.downRatio - 0.1) : shown;
  return `${capped.toFixed(1)}x`;
}

/** "Go lower: 1.5x of 1.8x" */
export const goLowerText = (ratio: number) =>
  say('Go lower: {ratio} of {target}', {
    ratio: ratioText(ratio),
    target: ratioText(REP_RULES.downRatio),
  });

export interface DipState {
  /** When the face grew past the up line (null at the top). */
  since: number | null;
  /** The deepest ratio of this dip so far. */
  deepest: number;
}

export const initialDip = (): DipState => ({ since: null, deepest: 0 });

/**
 * One sample in: the next state and, when a dip ends without reaching the down line (a rep that
 * did not count for depth), its deepest ratio. A dip shorter than the counter's shortest is noise.
 */
export function stepDip(
  d: DipState,
  t: number,
  size: FaceSize,
  top: number,
): { dip: DipState; shallow: number | null } {
  if (!(size > 0) || !(top > 0)) return { dip: d, shallow: null };
  const ratio = size / top;
  if (ratio > REP_RULES.upRatio) {
    return { dip: { since: d.since ?? t, deepest: Math.max(d.deepest, ratio) }, shallow: null };
  }
  if (d.since === null) return { dip: d, shallow: null };
  const shallow =
    d.deepest < REP_RULES.downRatio && t - d.since >= REP_RULES.minDipMs ? d.deepest : null;
  return { dip: initialDip(), shallow };
}

export type ZeroCountReason =
  { kind: 'no-face' } | { kind: 'shallow'; deepest: number } | { kind: 'not-counted' };

/**
 * Why a camera run counted no push-ups: the face was missing from most of it, the face never grew
 * to the down line (the deepest ratio held over two frames), or reps went deep but did not count
 * (too quick, or never back up to the top).
 */
export function zeroCountReason(trace: {
  top: number;
  t: readonly number[];
  s: readonly FaceSize[];
}): ZeroCountReason {
  const { top, s } = trace;
  const seen = s.filter((v) => v > 0).length;
  if (s.length === 0 || seen < s.length / 2) return { kind: 'no-face' };
  let deepest = 0;
  for (let i = 1; i < s.length; i++) deepest = Math.max(deepest, Math.min(s[i - 1]!, s[i]!) / top);
  if (deepest < REP_RULES.downRatio) return { kind: 'shallow', deepest };
  return { kind: 'not-counted' };
}

/** The sentence for it. */
export function zeroCountText(reason: ZeroCountReason): string {
  switch (reason.kind) {
    case 'no-face':
      return say(
        'It did not see your face for most of the run: keep the phone flat under your face.',
      );
    case 'shallow':
      return reason.deepest <= REP_RULES.upRatio
        ? say('Your face hardly came closer to the phone: go all the way down, over the phone.')
        : say(
            'At the deepest your face grew to {ratio} its size at the top; a push-up counts from {target}. Go lower.',
            { ratio: ratioText(reason.deepest), target: ratioText(REP_RULES.downRatio) },
          );
    case 'not-counted':
      return say(
        'Reps went deep enough but were quicker than 0.4 s or did not come back up to the top.',
      );
  }
}
