import { transformAsync } from '@babel/core';
import type { Plugin } from 'vite';

/**
 * Lingui's macros (`t`, `msg` from @lingui/core/macro) compiled away at build time: each becomes an
 * `i18n._({ id })` call, the English kept only outside production builds (docs/i18n.md). Babel runs
 * only on the files that import a macro; Vite's own transform does the rest. (Lingui 6's native
 * transform needs Node 22; this project runs on Node 20: docs/decisions/0280-lingui.md.)
 */
export function linguiMacroPlugin(): Plugin {
  let production = false;
  return {
    name: 'fitbench-lingui-macro',
    enforce: 'pre',
    configResolved(config) {
      production = config.isProduction;
    },
    async transform(code, id) {
      if (!/\.[jt]sx?$/.test(id.split('?')[0]!) || !code.includes('@lingui/core/macro'))
        return null;
      const out = await transformAsync(code, {
        filename: id,
        babelrc: false,
        configFile: false,
        sourceMaps: true,
        parserOpts: { plugins: ['typescript', 'jsx'] },
        plugins: [['@lingui/babel-plugin-lingui-macro', { stripMessageField: production }]],
      });
      return out?.code ? { code: out.code, map: out.map as never } : null;
    },
  };
}
