// Catalogues as modules: scripts/vite-catalogue-chunks.ts compiles the client's, by language and
// chunk (`virtual:catalogue/de`, `virtual:catalogue/de-rest`); scripts/vite-po-messages.ts
// `*.po?shared` (the server's shared messages, for tests that read them).
declare module 'virtual:catalogue/*' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
declare module '*.po?shared' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
