import path from 'node:path';
import { getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';
import { describe, expect, it } from 'vitest';

// Every marked string is in its catalogue (docs/i18n.md "How CI checks"): Lingui's own extractor
// reads the sources as `npx lingui extract` would, without writing anything, and each catalogue
// file of each language must hold every message found. A string marked but never extracted would
// show in English in every language, and i18n-catalogues.test.ts (which reads only the .po
// files) could not see it.
const root = path.resolve(import.meta.dirname, '..');

describe('extracted messages', () => {
  it('every message marked in the sources is in its catalogue, in every language', async () => {
    const config = getConfig({ cwd: root, configPath: path.join(root, 'lingui.config.ts') });
    const catalogs = await getCatalogs(config);
    expect(catalogs.length).toBeGreaterThan(1);
    const problems: string[] = [];
    for (const catalog of catalogs) {
      const found = (await catalog.collect()) ?? {};
      for (const locale of config.locales) {
        const own = await catalog.read(locale);
        for (const [id, m] of Object.entries(found)) {
          const entry = own?.[id];
          if (!entry || entry.obsolete)
            problems.push(
              `${path.relative(root, catalog.getFilename(locale))}: no "${m.message ?? id}" (${m.origin?.[0]?.[0] ?? '?'}); run npx lingui extract`,
            );
        }
      }
    }
    expect(problems).toEqual([]);
  }, 300_000);
});
