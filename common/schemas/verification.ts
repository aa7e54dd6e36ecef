import { z } from 'zod';
import { CAMERA_RUN_SECONDS } from '../challenges';
import { countReps } from '../rep-counter';
import { implausibility } from '../trace-plausibility';

// The camera trace a timer run sends with its save (docs/decisions/0050-verified-workouts.md).
// Numbers only: times in ms since the run's "Go", face sizes in thousandths of the frame width
// (0 = no face). At most 30 samples a second over 90 s keeps the JSON under ~30 KB.

export const VERIFICATION_METHOD = 'camera-face';
export const TRACE_MAX_SAMPLES = 2700;
/** A run is 90 s; a late frame may land a little after the end. */
export const TRACE_RUN_MS = CAMERA_RUN_SECONDS * 1000;
export const TRACE_SLACK_MS = 1000;
const TRACE_TIME_MAX = 3_600_000;
const SIZE_MAX = 1000;

const intIn = (name: string, min: number, max: number) =>
  z
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(min, `${name} must be at least ${min}`)
    .max(max, `${name} must be at most ${max}`);

export const traceSchema = z
  .object({
    /** Calibrated face size at the top of a push-up. */
    top: intIn('trace.top', 1, SIZE_MAX),
    /** Sample times, ms since the run started. */
    t: z
      .array(intIn('trace.t', 0, TRACE_TIME_MAX), { error: 'trace.t must be a list of numbers' })
      .max(TRACE_MAX_SAMPLES, `trace.t may hold at most ${TRACE_MAX_SAMPLES} samples`),
    /** Face size per sample. */
    s: z
      .array(intIn('trace.s', 0, SIZE_MAX), { error: 'trace.s must be a list of numbers' })
      .max(TRACE_MAX_SAMPLES, `trace.s may hold at most ${TRACE_MAX_SAMPLES} samples`),
  })
  .strict()
  .refine((tr) => tr.t.length === tr.s.length, {
    message: 'trace.t and trace.s must have the same length',
    path: ['s'],
  });
export type Trace = z.infer<typeof traceSchema>;

export const verificationSchema = z
  .object({
    method: z.literal(VERIFICATION_METHOD, {
      error: `verification.method must be "${VERIFICATION_METHOD}"`,
    }),
    trace: traceSchema,
  })
  .strict();
export type Verification = z.infer<typeof verificationSchema>;

/**
 * Whether a well-formed trace proves `pushups`: it must fit the 90-second run (times in order,
 * none past the end), the shared rep counter must find exactly that many reps, and the trace must
 * look like a camera run (common/trace-plausibility.ts). Returns null
 * when it does, else the reason, as a sentence for the member.
 */
export function traceProblem(trace: Trace, pushups: number): string | null {
  const { t, s, top } = trace;
  for (let i = 1; i < t.length; i++) {
    if (t[i]! <= t[i - 1]!)
      return 'The camera trace is not in time order, so the count could not be checked.';
  }
  if (t.length > 0 && t[t.length - 1]! > TRACE_RUN_MS + TRACE_SLACK_MS)
    return 'The camera trace is longer than the 90-second run, so the count could not be checked.';
  const counted = countReps(t, s, top);
  if (counted !== pushups)
    return `The camera counted ${counted} push-up${counted === 1 ? '' : 's'}, not ${pushups}; the workout is saved without the camera mark.`;
  return implausibility(t, s, top);
}
