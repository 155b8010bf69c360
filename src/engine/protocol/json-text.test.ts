import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { numberLoss, readJsonDocument, readJsonValue, toCompactJson, toJsonValue } from './json-text';
import type { JsonNode } from './json-text';

/** Property runs take well under a second alone, several on a machine shared with other test runs. */
const PROPERTY_TIMEOUT_MS = 30_000;

function accepts(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

const numberNode = (lexeme: string) => {
  const read = readJsonDocument(lexeme);
  if (!read.ok || read.value.kind !== 'number') throw new Error(`not a number: ${lexeme}`);
  return read.value;
};

describe('the strict JSON reader', () => {
  it(
    'accepts exactly what JSON.parse accepts, and reads the same value (property)',
    () => {
      const pieces = fc.constantFrom(
        '{',
        '}',
        '[',
        ']',
        ',',
        ':',
        '"',
        '\\',
        'a',
        '1',
        '-',
        '.',
        'e',
        ' ',
        '\n',
        'true',
        'nul',
      );
      const soup = fc.array(pieces, { maxLength: 16 }).map((p) => p.join(''));
      fc.assert(
        fc.property(fc.oneof(fc.json(), soup, fc.string({ maxLength: 12 })), (text) => {
          const read = readJsonDocument(text);
          expect(read.ok, text).toBe(accepts(text));
          if (read.ok) expect(toJsonValue(read.value)).toEqual(JSON.parse(text));
        }),
        { numRuns: 2000 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    'a value cut anywhere is an incomplete read, not a syntax error (property)',
    () => {
      const container = fc.oneof(fc.array(fc.jsonValue()), fc.dictionary(fc.string(), fc.jsonValue()));
      fc.assert(
        fc.property(container, fc.nat(), (value, cut) => {
          const text = JSON.stringify(value, null, 1);
          const prefix = text.slice(0, cut % text.length);
          const read = readJsonValue(prefix, 0);
          expect(read.ok).toBe(false);
          if (!read.ok) expect(read.error.incomplete, prefix).toBe(true);
        }),
        { numRuns: 500 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it('says where and why strict JSON fails', () => {
    const failure = (text: string) => {
      const read = readJsonDocument(text);
      return read.ok ? null : read.error;
    };
    expect(failure('{"a": 1,}')).toMatchObject({ message: "a trailing comma before '}'", incomplete: false });
    expect(failure("{'a': 1}")).toMatchObject({ message: expect.stringContaining('a property name in double quotes') });
    expect(failure('{"a": 1} x')).toMatchObject({ message: 'expected nothing after the JSON value, found "x"' });
    expect(failure('{"a": "line\nbreak"}')).toMatchObject({
      message: expect.stringContaining('raw control character'),
    });
    expect(failure('{"a": 01}')).toMatchObject({ message: 'a number with a leading zero' });
    expect(failure('{"a": tru')).toMatchObject({ incomplete: true });
    expect(failure('{"a": 1e+')).toMatchObject({ incomplete: true });
    expect(failure('{"a": "\\u00')).toMatchObject({ incomplete: true });
    expect(failure('['.repeat(300) + ']'.repeat(300))).toMatchObject({ message: 'nested deeper than 256 levels' });
  });

  it('reads a value inside a longer text and reports where it ends', () => {
    const text = 'call: {"name": "a"}; {"name": "b"}';
    const first = readJsonValue(text, 6);
    expect(first.ok && first.value.end).toBe(19);
    expect(first.ok && text.slice(first.value.start, first.value.end)).toBe('{"name": "a"}');
  });

  it('keeps numbers JavaScript cannot hold in their written form', () => {
    expect(numberLoss(numberNode('-8e5555'))).toBe('overflow');
    expect(numberLoss(numberNode('1e-400'))).toBe('underflow');
    expect(numberLoss(numberNode('9007199254740993'))).toBe('lost-digits');
    expect(numberLoss(numberNode('18014398509481984'))).toBeNull(); // 2^54 is held exactly
    expect(numberLoss(numberNode('0.1'))).toBeNull();
    expect(numberLoss(numberNode('0e-999'))).toBeNull();
    const read = readJsonDocument('{"a": -8e5555, "b": 2.50, "c": 9007199254740993, "d": [1, 1e2]}');
    expect(read.ok && toCompactJson(read.value)).toBe('{"a":-8e5555,"b":2.5,"c":9007199254740993,"d":[1,100]}');
  });

  it(
    'compact text equals JSON.stringify for JSON that survives (property)',
    () => {
      fc.assert(
        fc.property(fc.jsonValue(), (value) => {
          const text = JSON.stringify(value);
          const read = readJsonDocument(text);
          expect(read.ok).toBe(true);
          const node = (read as { value: JsonNode }).value;
          expect(JSON.parse(toCompactJson(node))).toEqual(JSON.parse(text));
        }),
        { numRuns: 300 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );
});
