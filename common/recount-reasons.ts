// Why a recount ended as it did (docs/decisions/0305-recount-reasons-stored-as-codes.md): stored as
// a code with its figures (clip_recounts.reason), said in the reader's language when read. Rows
// written before the codes hold the English sentence; those read as before, in the reader's
// language when the sentence is one of these.
import { formatIcu, say } from './say.ts';

/** Each reason's English (ICU, the msgid of common/locales/), by its code. */
export const RECOUNT_REASONS = {
  'no-face': 'No face was found in most of the proof clip, so FitBench could not count its reps.',
  'count-differs':
    'FitBench counted {counted, plural, one {# push-up} other {# push-ups}} in the proof clip, not {claimed}.',
  'machine-beat':
    'The proof clip does not look like a person doing push-ups: every rep takes exactly the same time, the beat of a machine.',
  'zoomed-photo':
    'The proof clip does not look like a person doing push-ups: the face grows and shrinks as smoothly as a zoomed photo.',
  'implausible-pace':
    'The proof clip does not look like a person doing push-ups: the reps come faster or more sparsely than a camera run allows.',
  'trace-differs': "The reps in the proof clip do not come when the camera's count saw them.",
  recounted:
    'FitBench counted {counted, plural, one {# push-up} other {# push-ups}} again from the proof clip.',
  'clip-gone': 'The proof clip is no longer kept.',
  'clip-undecodable': 'The clip could not be decoded. FitBench could not count its reps.',
  'clip-too-slow': 'The clip took too long to read. FitBench could not count its reps.',
  'clip-no-video': 'The clip has no video. FitBench could not count its reps.',
  'clip-no-times': "The clip's frames have no times. FitBench could not count its reps.",
  'clip-unread': 'FitBench could not read the proof clip to count its reps.',
} as const;
export type RecountReasonCode = keyof typeof RECOUNT_REASONS;

/** A reason: its code, and the figures its sentence names. */
export interface RecountReason {
  code: RecountReasonCode;
  counted?: number;
  claimed?: number;
}

const isCode = (s: string): s is RecountReasonCode => Object.hasOwn(RECOUNT_REASONS, s);

/** How a reason is stored: its code, then its figures as a query ("count-differs?counted=20&claimed=22"). */
export function storedReason(r: RecountReason): string {
  const figures = new URLSearchParams();
  if (r.counted !== undefined) figures.set('counted', String(r.counted));
  if (r.claimed !== undefined) figures.set('claimed', String(r.claimed));
  const query = figures.toString();
  return query ? `${r.code}?${query}` : r.code;
}

/** A stored reason read back: the code and its figures, or null for anything else (an old row's English). */
export function parseReason(stored: string): RecountReason | null {
  const [code = '', query = ''] = stored.split('?', 2);
  if (!isCode(code)) return null;
  const figures = new URLSearchParams(query);
  const figure = (key: string) => {
    const n = Number(figures.get(key) ?? NaN);
    return Number.isSafeInteger(n) ? n : undefined;
  };
  return { code, counted: figure('counted'), claimed: figure('claimed') };
}

/** Rows written before the codes: the two sentences with figures, as they were written. */
const OLD_WITH_FIGURES: [RegExp, RecountReasonCode][] = [
  [/^FitBench counted (\d+) push-ups? in the proof clip, not (\d+)\.$/, 'count-differs'],
  [/^FitBench counted (\d+) push-ups? again from the proof clip\.$/, 'recounted'],
];

/** The English sentence of an old row, as a reason when it is one of ours. */
function fromEnglish(text: string): RecountReason | null {
  for (const code of Object.keys(RECOUNT_REASONS) as RecountReasonCode[])
    if (RECOUNT_REASONS[code] === text) return { code };
  for (const [re, code] of OLD_WITH_FIGURES) {
    const m = re.exec(text);
    if (m) return { code, counted: Number(m[1]), claimed: m[2] ? Number(m[2]) : undefined };
  }
  return null;
}

/** A reason's sentence in English, as the code wrote it before the codes (logs, tests). */
export const reasonInEnglish = (r: RecountReason) =>
  formatIcu(RECOUNT_REASONS[r.code], { counted: r.counted ?? 0, claimed: r.claimed ?? 0 });

/**
 * A stored reason in the reader's language (common/say.ts): a code by its sentence; an old row's
 * English by the sentence it is, else as it was written. null stays null.
 */
export function recountReasonText(stored: string | null): string | null {
  if (stored === null) return null;
  const reason = parseReason(stored) ?? fromEnglish(stored);
  if (!reason) return stored;
  return say(RECOUNT_REASONS[reason.code], {
    counted: reason.counted ?? 0,
    claimed: reason.claimed ?? 0,
  });
}
