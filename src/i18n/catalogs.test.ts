import { describe, expect, it } from 'vitest';
import { en } from './locales/en';
import { ko } from './locales/ko';

type Tree = { readonly [key: string]: string | Tree };

/** Every leaf as [dotted key, value]. */
function leaves(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : leaves(value, `${prefix}${key}.`),
  );
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)[^}]*\}\}/g)].map((m) => m[1]).sort();

describe('the catalogs', () => {
  const english = new Map(leaves(en as unknown as Tree));
  const korean = new Map(leaves(ko as unknown as Tree));

  it('have the same keys in English and Korean (a plural pair’s singular form only where the language has one)', () => {
    const needed = [...english.keys()].filter((key) => !key.endsWith('_one'));
    expect([...korean.keys()].filter((key) => !key.endsWith('_one')).sort()).toEqual(needed.sort());
    for (const key of korean.keys()) expect(english.has(key), key).toBe(true);
  });

  it('give every plural pair both English forms', () => {
    for (const key of english.keys()) {
      if (key.endsWith('_one')) expect(english.has(key.replace(/_one$/, '_other')), key).toBe(true);
      if (key.endsWith('_other')) expect(english.has(key.replace(/_other$/, '_one')), key).toBe(true);
    }
  });

  it('leave no string empty', () => {
    for (const [key, value] of [...english, ...korean]) expect(value.trim(), key).not.toBe('');
  });

  it('keep every {{placeholder}} of the English string in its translation', () => {
    for (const [key, value] of english) {
      if (key.endsWith('_one') && !korean.has(key)) continue;
      expect(placeholders(korean.get(key) ?? ''), key).toEqual(placeholders(value));
    }
  });

  it('name the inspector’s tabs in Korean as the tabs themselves are named', () => {
    // "요청 (Request)" is read "요청 탭"; "다른 탭" and "GPU나 탭" are browser tabs.
    const names = [...Object.values(ko.inspector.tab).map((name) => name.replace(/ \(.*\)$/, '')), '다른', 'GPU나'];
    for (const [key, value] of korean) {
      for (const match of value.matchAll(/(\S+) 탭/g)) {
        const before = value.slice(0, match.index + match[1]!.length);
        expect(
          names.some((name) => before.endsWith(name)),
          `${key}: “${match[0]}” is not one of ${names.join(', ')}`,
        ).toBe(true);
      }
    }
  });
});
