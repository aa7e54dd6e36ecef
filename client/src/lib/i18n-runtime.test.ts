import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type { I18n as LinguiI18n } from '@lingui/core';
import { messages as de } from 'virtual:catalogue/de';
import { messages as en } from 'virtual:catalogue/en';
import { messages as enXA } from 'virtual:catalogue/en-XA';
import { messages as es } from 'virtual:catalogue/es';
import { activateLanguage } from './i18n';
import { i18n } from './i18n-runtime';

// The client's small runtime (./i18n-runtime.ts) says every message of every catalogue as
// @lingui/core does, for plural counts and select values of every case
// (docs/decisions/0309-a-small-message-runtime.md). Lingui's own, loaded by Node (not the
// macros' runtime, lingui.config.ts).
const { setupI18n } = createRequire(import.meta.url)('@lingui/core') as {
  setupI18n: (p?: object) => LinguiI18n;
};

type Token = string | [string, string?, Record<string, unknown>?];

/** The value sets to say `message` with: every placeholder, and each case of its selects. */
function valueSets(message: unknown): Record<string, unknown>[] {
  const names = new Map<string, Set<unknown>>();
  const walk = (m: unknown) => {
    if (!Array.isArray(m)) return;
    for (const t of m as Token[]) {
      if (typeof t === 'string') continue;
      const [name, type, cases] = t;
      const tries = names.get(name) ?? new Set<unknown>(['Zed', 7]);
      names.set(name, tries);
      if (type === 'plural' || type === 'selectordinal')
        for (const n of [0, 1, 2, 3, 5, 11, 21, 1.5, 12540]) tries.add(n);
      if (type === 'select') for (const k of [...Object.keys(cases ?? {}), 'unknown']) tries.add(k);
      for (const c of Object.values(cases ?? {})) walk(c);
    }
  };
  walk(message);
  const sets: Record<string, unknown>[] = [{}];
  for (const [name, tries] of names) {
    for (const v of tries) {
      const base = Object.fromEntries([...names.keys()].map((n) => [n, 4]));
      sets.push({ ...base, [name]: v });
    }
  }
  return sets;
}

describe('the small message runtime', () => {
  for (const [locale, messages] of Object.entries({ en, de, es, 'en-XA': enXA })) {
    it(`says every ${locale} message as Lingui does`, () => {
      const lingui = setupI18n({ locale, messages: { [locale]: messages } });
      i18n.loadAndActivate({ locale, messages });
      let said = 0;
      for (const [id, message] of Object.entries(messages)) {
        for (const values of valueSets(message)) {
          expect(i18n._(id, values), `${locale} ${id} ${JSON.stringify(values)}`).toBe(
            lingui._(id, values),
          );
          said++;
        }
      }
      expect(said).toBeGreaterThan(Object.keys(messages).length);
    });
  }

  // Ids from variables: a literal `i18n._('a')` would be taken for a message by Lingui's extractor.
  const [a, b, zz, unknown] = ['a', 'b', 'zz', 'unknown-id'];

  it('takes a descriptor, loads more messages, and tells who listens', async () => {
    let changes = 0;
    const off = i18n.on('change', () => changes++);
    i18n.loadAndActivate({ locale: 'xx', messages: { [a]: ['Hi ', ['name']] } });
    i18n.load('xx', { [b]: ['Bye'] });
    const hi = { id: a, values: { name: 'Ann' } };
    expect(i18n._(hi)).toBe('Hi Ann');
    expect(i18n._(b)).toBe('Bye');
    expect(i18n.locale).toBe('xx');
    expect(changes).toBe(2);
    off();
    await activateLanguage('en');
    expect(changes).toBe(2);
  });

  it('says a message no catalogue has from its English, as the macros keep it outside a build', () => {
    i18n.loadAndActivate({ locale: 'xx', messages: {} });
    const sets = { id: zz, message: '{n, plural, one {# set} other {# sets}}', values: { n: 2 } };
    expect(i18n._(sets)).toBe('2 sets');
    expect(i18n._(unknown)).toBe('unknown-id');
  });
});
