import { z } from 'zod';
import { say } from '../say.ts';

// Rules every piece of text a person or a client sends must follow, whatever the field: no NUL
// (PostgreSQL refuses it in text, which used to be a 500), no other control characters (they
// forge log lines and hide text), and no lone UTF-16 surrogates (not encodable as UTF-8: they
// would be stored as U+FFFD). Multi-line fields (notes) may keep line breaks and tabs.
// See docs/decisions/0030-text-rules.md.

// C0 controls, DEL and C1 controls; multi-line text keeps \t, \n and \r. Matching control
// characters is the point of these patterns.
/* eslint-disable no-control-regex */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const CONTROL_MULTILINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/* eslint-enable no-control-regex */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * The same rules as JSON Schema patterns for the API description (read with the `u` flag, as
 * JSON Schema 2020-12 reads patterns: a class of surrogates then matches lone ones only). Written
 * with escapes so the document stays ASCII. docs/decisions/0209-openapi-says-what-the-server-enforces.md
 */
/** The characters no text may hold, as the inside of a character class. */
export const TEXT_CLASS = '\\u0000-\\u001f\\u007f-\\u009f\\ud800-\\udfff';
export const TEXT_PATTERN = `^[^${TEXT_CLASS}]*$`;
export const MULTILINE_TEXT_PATTERN =
  '^[^\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f\\ud800-\\udfff]*$';
const patternOf = (options: TextRuleOptions) =>
  options.multiline ? MULTILINE_TEXT_PATTERN : TEXT_PATTERN;

/**
 * A rule's message naming its field, said in the reader's language when a value breaks it
 * (common/say.ts; the msgids are in common/locales/), its label too. German and Spanish put the
 * label first, then a colon, so no article or verb has to agree with it. Labels that are the
 * API's own names (q, cursor) stay as they are.
 */
function ruleSaid(message: string, label: string, values: Record<string, number> = {}): string {
  return say(message, { ...values, label: /^[A-Z]/.test(label) ? say(label) : label });
}

export interface TextRuleOptions {
  /** Allow line breaks and tabs (notes). */
  multiline?: boolean;
}

/** The sentence explaining why `value` breaks the text rules, or null when it follows them. */
export function textRuleError(
  label: string,
  value: string,
  options: TextRuleOptions = {},
): string | null {
  if (value.includes('\u0000')) return ruleSaid('{label} must not contain a NUL character', label);
  if ((options.multiline ? CONTROL_MULTILINE : CONTROL).test(value)) {
    return options.multiline
      ? ruleSaid(
          '{label} must not contain control characters (line breaks and tabs are fine)',
          label,
        )
      : ruleSaid('{label} must not contain control characters or line breaks', label);
  }
  if (LONE_SURROGATE.test(value))
    return ruleSaid('{label} contains an invalid character (a broken emoji?)', label);
  return null;
}

/**
 * A string that follows the text rules, as the start of any text field's schema:
 * `plainText('Username').trim().min(3, ...)`. The rule is checked before trimming, so a control
 * character at either end is refused too rather than silently cut.
 */
export function plainText(label: string, options: TextRuleOptions = {}) {
  return (
    z
      .string({ error: () => ruleSaid('{label} must be text', label) })
      .refine((v) => textRuleError(label, v, options) === null, {
        error: (iss) =>
          textRuleError(label, String(iss.input), options) ??
          ruleSaid('{label} is not valid', label),
        abort: true,
      })
      // For the API description. A schema that adds its own .regex() restates it after (a later
      // meta wins over this one, and over the regex).
      .meta({ pattern: patternOf(options) })
  );
}

// ---- Text others see: names and notes (docs/decisions/0084-visible-text-rules.md) --------------
// On top of the rules above, text shown to people (a full name on a public profile, notes) must
// not hide or reorder what is read: no direction controls, no invisible formatting characters,
// no noncharacters, no pile of combining marks. Passwords and other plain fields do not take
// these rules: refusing a character there could lock out a member who already used it.

/** Bidi embeddings, overrides, isolates and marks (U+061C, U+200E/F, U+202A-E, U+2066-9). */
const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;
/** U+FDD0-FDEF and the last two code points of every plane. */
const NONCHARACTER =
  /[\ufdd0-\ufdef\ufffe\uffff\u{1fffe}\u{1ffff}\u{2fffe}\u{2ffff}\u{3fffe}\u{3ffff}\u{4fffe}\u{4ffff}\u{5fffe}\u{5ffff}\u{6fffe}\u{6ffff}\u{7fffe}\u{7ffff}\u{8fffe}\u{8ffff}\u{9fffe}\u{9ffff}\u{afffe}\u{affff}\u{bfffe}\u{bffff}\u{cfffe}\u{cffff}\u{dfffe}\u{dffff}\u{efffe}\u{effff}\u{ffffe}\u{fffff}\u{10fffe}\u{10ffff}]/u;
/** A subdivision flag (England, Scotland, Wales): the black flag, 1-7 tag letters or digits, cancel tag. */
const TAG_FLAG = /\u{1f3f4}[\u{e0030}-\u{e0039}\u{e0061}-\u{e007a}]{1,7}\u{e007f}/gu;
/**
 * A zero-width joiner or non-joiner between two visible pieces of a word or an emoji (Indic and
 * Persian spelling, 👨‍👩‍👧): left in; one at an end, next to a space or beside another invisible
 * character hides nothing that is read, and is refused.
 */
const JOINER_IN_WORD =
  /(?<=[\p{L}\p{M}\p{Extended_Pictographic}\p{Emoji_Modifier}])[\u200c\u200d](?=[\p{L}\p{M}\p{Extended_Pictographic}])/gu;
/**
 * Invisible characters: format characters (zero-width space, word joiner, invisible operators,
 * BOM, soft hyphen, interlinear annotations, tags...), the combining grapheme joiner, Hangul
 * fillers and the braille blank (blank-looking letters used for "empty" names), and the line and
 * paragraph separators.
 */
const INVISIBLE = /[\p{Cf}\u034f\u115f\u1160\u3164\uffa0\u2800\u2028\u2029]/u;
/** Variation selectors (VS1-16, VS17-256, Mongolian FVS): one after a visible character only. */
const VARIATION_SELECTOR = '[\\ufe00-\\ufe0f\\u{e0100}-\\u{e01ef}\\u180b-\\u180d\\u180f]';
const STACKED_SELECTORS = new RegExp(`(?:^|${VARIATION_SELECTOR}|\\s)${VARIATION_SELECTOR}`, 'u');
/** Combining marks in a row beyond which the text is "Zalgo" rather than any language's spelling. */
export const MAX_MARKS_IN_A_ROW = 4;
const TOO_MANY_MARKS = new RegExp(`\\p{M}{${MAX_MARKS_IN_A_ROW + 1},}`, 'u');

/** Length as a person counts it: code points, so an emoji outside the BMP counts once, not twice. */
export function codePointLength(value: string): number {
  let n = 0;
  for (const _ of value) n += 1;
  return n;
}

/**
 * The sentence explaining why text shown to people breaks the visible-text rules (after the
 * plain ones of textRuleError), or null when it follows them.
 */
export function visibleTextError(
  label: string,
  value: string,
  options: TextRuleOptions = {},
): string | null {
  const plain = textRuleError(label, value, options);
  if (plain) return plain;
  if (BIDI.test(value))
    return ruleSaid('{label} must not contain characters that change the text direction', label);
  if (NONCHARACTER.test(value))
    return ruleSaid(
      '{label} contains a character that is not valid text (a Unicode noncharacter)',
      label,
    );
  const withoutAllowed = value.replace(TAG_FLAG, '\u{1f3f4}').replace(JOINER_IN_WORD, '');
  if (INVISIBLE.test(withoutAllowed))
    return ruleSaid(
      '{label} must not contain invisible characters (such as zero-width spaces)',
      label,
    );
  if (STACKED_SELECTORS.test(value))
    return ruleSaid(
      '{label} must not contain invisible characters (stacked variation selectors)',
      label,
    );
  if (TOO_MANY_MARKS.test(value))
    return ruleSaid(
      '{label} must not stack more than {max} accents or marks on one character',
      label,
      {
        max: MAX_MARKS_IN_A_ROW,
      },
    );
  return null;
}

/**
 * A string shown to people (full name, notes), trimmed, at most `max` code points:
 * the plain text rules, then the visible-text ones, both before trimming.
 */
export function visibleText(label: string, options: TextRuleOptions & { max: number }) {
  return (
    z
      .string({ error: () => ruleSaid('{label} must be text', label) })
      .refine((v) => visibleTextError(label, v, options) === null, {
        error: (iss) =>
          visibleTextError(label, String(iss.input), options) ??
          ruleSaid('{label} is not valid', label),
        abort: true,
      })
      .trim()
      .refine((v) => codePointLength(v) <= options.max, {
        error: () =>
          ruleSaid('{label} must be at most {max} characters', label, { max: options.max }),
        abort: true,
      })
      // For the API description: JSON Schema's maxLength counts code points too (zod's .max() does not).
      .meta({
        maxLength: options.max,
        pattern: patternOf(options),
        description:
          'Text shown to people: besides control characters, refused are direction controls, invisible ' +
          `characters, Unicode noncharacters and more than ${MAX_MARKS_IN_A_ROW} combining marks in a row. Trimmed.`,
      })
  );
}
