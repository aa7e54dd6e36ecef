import { describe, expect, it } from 'vitest';
import { parsePo, poMessages } from './po';

describe('parsePo', () => {
  it('reads entries, continuation lines and escapes; leaves out the header and fuzzy ones', () => {
    const text = [
      'msgid ""',
      'msgstr ""',
      '"Language: de\\n"',
      '',
      '#: a.ts:1',
      'msgid "Say \\"hi\\""',
      'msgstr "Sag \\"hallo\\""',
      '',
      'msgid "Long"',
      'msgstr ""',
      '"Lang "',
      '"und mehr"',
      '',
      '#, fuzzy',
      'msgid "Maybe"',
      'msgstr "Vielleicht"',
    ].join('\n');
    expect(parsePo(text).map((e) => e.msgid)).toEqual(['Say "hi"', 'Long', 'Maybe']);
    expect(poMessages(text)).toEqual({ 'Say "hi"': 'Sag "hallo"', Long: 'Lang und mehr' });
  });

  it('says which line it cannot read', () => {
    expect(() => parsePo('msgid "a"\nnonsense')).toThrow(/line 2/);
  });
});
