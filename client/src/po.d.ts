// Catalogues as modules: Lingui's Vite plugin compiles `*.po`, scripts/vite-po-messages.ts `*.po?shared`.
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
declare module '*.po?shared' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
