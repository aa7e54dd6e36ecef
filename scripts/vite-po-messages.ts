import fs from 'node:fs';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';
import { poMessages } from '../common/po.ts';

/**
 * `import { messages } from '@common/locales/de.po?shared'`: the catalogues the server also reads
 * (msgid = the English message, docs/i18n.md), compiled here at build time as Lingui's own plugin
 * compiles the client's, so the browser gets no message compiler. The `?shared` suffix keeps
 * Lingui's plugin (which takes every other `.po`) away from them.
 */
export function poMessagesPlugin(): Plugin {
  return {
    name: 'fitbench-po-messages',
    enforce: 'pre',
    load(id) {
      if (!id.endsWith('.po?shared')) return null;
      const file = id.slice(0, -'?shared'.length);
      this.addWatchFile(file);
      const messages = Object.fromEntries(
        Object.entries(poMessages(fs.readFileSync(file, 'utf8'))).map(([k, v]) => [
          k,
          compileMessage(v),
        ]),
      );
      return { code: `export const messages = ${JSON.stringify(messages)};`, moduleType: 'js' };
    },
  };
}
