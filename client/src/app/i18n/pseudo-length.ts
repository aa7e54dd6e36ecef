import type { Messages } from '@lingui/core';

// Lingui 5's pseudo-localisation (lingui.config.ts's pseudoLocale) only accents the letters;
// German runs about a third longer than English, so en-XA's messages are lengthened here by a
// third, as the server's pseudo() does (server/src/lib/i18n.ts): a clipped button or a row that
// overflows at 375 px shows in en-XA before anyone translates (docs/decisions/0282, 0300).

type Compiled = string | (string | unknown[])[];

/** The visible length of a compiled message: its text, and a few letters per placeholder. */
function lengthOf(message: Compiled): number {
  if (typeof message === 'string') return message.length;
  return message.reduce<number>((n, part) => n + (typeof part === 'string' ? part.length : 4), 0);
}

/** `message` with ` ···` added, a third of its length (at least one dot). */
export function lengthen(message: Compiled): Compiled {
  const pad = ` ${'·'.repeat(Math.max(1, Math.ceil(lengthOf(message) / 3)))}`;
  return typeof message === 'string' ? message + pad : [...message, pad];
}

/** Every message of a catalogue lengthened (compiled messages, as Lingui's plugin writes them). */
export function lengthenAll(messages: Messages): Messages {
  return Object.fromEntries(
    Object.entries(messages).map(([id, m]) => [id, lengthen(m as Compiled)]),
  ) as Messages;
}
