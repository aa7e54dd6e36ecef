import { z } from 'zod';

// Rules every piece of text a person or a client sends must follow, whatever the field: no NUL
// (PostgreSQL refuses it in text, which used to be a 500), no other control characters (they
// forge log lines and hide text), and no lone UTF-16 surrogates (not encodable as UTF-8: they
// would be stored as U+FFFD). Multi-line fields (notes) may keep line breaks and tabs.
// See docs/decisions/0701-text-rules.md.

// C0 controls, DEL and C1 controls; multi-line text keeps \t, \n and \r. Matching control
// characters is the point of these patterns.
/* eslint-disable no-control-regex */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const CONTROL_MULTILINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/* eslint-enable no-control-regex */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export interface TextRuleOptions {
  /** Allow line breaks and tabs (notes). */
  multiline?: boolean;
}

/** The sentence explaining why `value` breaks the text rules, or null when it follows them. */
export function textRuleError(label: string, value: string, options: TextRuleOptions = {}): string | null {
  if (value.includes('\u0000')) return `${label} must not contain a NUL character`;
  if ((options.multiline ? CONTROL_MULTILINE : CONTROL).test(value)) {
    return options.multiline
      ? `${label} must not contain control characters (line breaks and tabs are fine)`
      : `${label} must not contain control characters or line breaks`;
  }
  if (LONE_SURROGATE.test(value)) return `${label} contains an invalid character (a broken emoji?)`;
  return null;
}

/**
 * A string that follows the text rules, as the start of any text field's schema:
 * `plainText('Username').trim().min(3, ...)`. The rule is checked before trimming, so a control
 * character at either end is refused too rather than silently cut.
 */
export function plainText(label: string, options: TextRuleOptions = {}) {
  return z
    .string({ error: `${label} must be text` })
    .refine((v) => textRuleError(label, v, options) === null, {
      error: (iss) => textRuleError(label, String(iss.input), options) ?? `${label} is not valid`,
      abort: true,
    });
}
