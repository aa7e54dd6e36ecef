// The client's catalogues as modules: scripts/vite-catalogue-chunks.ts compiles them, by language
// and chunk (`virtual:catalogue/de`, `/`'s words; `virtual:catalogue/de-rest`, every other).
declare module 'virtual:catalogue/*' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
