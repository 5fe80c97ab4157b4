import { describe, expect, it } from 'vitest';
import { INVISIBLE_NAME_MESSAGE, NAME_NEEDS_LETTER_MESSAGE, nameProblem, normaliseName } from './names.ts';

describe('the names a player may choose', () => {
  it('folds compatibility characters and squeezes spaces', () => {
    expect(normaliseName('  ｗａｎａｋｔ  ')).toBe('wanakt');
    expect(normaliseName('Ada   Lovelace')).toBe('Ada Lovelace');
  });

  it.each([
    ['zero-width space', 'wanakt\u200b'],
    ['zero-width joiner', 'wa\u200dnakt'],
    ['right-to-left override', '\u202ewanakt'],
    ['bidi isolate', 'a\u2066b'],
    ['byte-order mark', 'wan\ufeffakt'],
    ['Hangul filler', 'a\u3164b'],
    ['braille blank', 'a\u2800b'],
    ['variation selector', 'a\ufe0fb'],
    ['bell', 'Bell\u0007'],
    ['line separator', 'a\u2028b'],
    ['private use', 'a\ue000b'],
    ['leading combining mark', '\u0301abc'],
  ])('refuses a name with a %s', (_kind, name) => {
    expect(nameProblem(normaliseName(name))).toBe(INVISIBLE_NAME_MESSAGE);
  });

  it('refuses a name without a letter or digit, and accepts ordinary names in any script', () => {
    expect(nameProblem('---')).toBe(NAME_NEEDS_LETTER_MESSAGE);
    for (const name of ['Ada', 'Marco Polo', 'p-1a2b', 'Zoë', 'Ярослав', '李白', "O'Brien"])
      expect(nameProblem(normaliseName(name))).toBeNull();
  });
});
