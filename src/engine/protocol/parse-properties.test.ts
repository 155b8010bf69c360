/**
 * Properties of both parsers, whatever the model wrote: they never throw; `content`, the text of the blocks
 * read as calls and the reasoning cover the whole raw output (nothing lost, nothing invented); and parsing is
 * idempotent on `content` (read again, the content is the same text with no call and no reasoning in it).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FIXTURE_TOOLS } from './fixtures/parse-cases';
import { renderToolCallBlock } from './hermes';
import { parseOutput } from './interpret';
import type { CallFormat, ParseResult } from './parse-result';

const FORMATS: readonly CallFormat[] = ['tool-call-tags', 'llama-json'];
/** Property runs take a second or two alone, several on a machine shared with other test runs. */
const PROPERTY_TIMEOUT_MS = 60_000;
const options = { tools: FIXTURE_TOOLS };

/** Anything: random text, and soups of the markers and JSON pieces the parsers look for. */
const anyOutput = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  fc
    .array(
      fc.oneof(
        fc.constantFrom(
          '<tool_call>',
          '</tool_call>',
          '<think>',
          '</think>',
          '<|python_tag|>',
          '```',
          '```json\n',
          '{"name": "check_inventory", "arguments": {"sku": "SKU-300"}}',
          '{"name": "list_todos", "parameters": {}}',
          '{"name": ',
          '"arguments": ',
          '"parameters": "{}"',
          '[',
          ']',
          '{',
          '}',
          ',',
          ';',
          '"',
          '\\',
          '-8e5555',
          '\n',
          ' ',
          'text',
        ),
        fc.string({ maxLength: 4 }),
      ),
      { maxLength: 24 },
    )
    .map((parts) => parts.join('')),
);

/** Output shaped like a small model's: an optional reasoning prefix, then prose, calls and broken calls. */
const modelOutput = (() => {
  const word = fc.stringMatching(/^[A-Za-z0-9.,!?'()-]{1,8}$/);
  const prose = fc.array(word, { minLength: 1, maxLength: 6 }).map((w) => w.join(' '));
  const args = fc.dictionary(
    fc.stringMatching(/^[a-z_]{1,6}$/),
    fc.oneof(fc.string({ maxLength: 6 }), fc.integer(), fc.boolean(), fc.constant(null)),
    { maxKeys: 3 },
  );
  const name = fc.constantFrom('check_inventory', 'current_time', 'list_todos', 'send_email');
  const goodBlock = fc
    .tuple(name, args, fc.constantFrom('arguments', 'parameters'))
    .map(([n, a, key]) =>
      key === 'arguments'
        ? renderToolCallBlock(n, a)
        : `<tool_call>\n{"name": ${JSON.stringify(n)}, "parameters": ${JSON.stringify(a)}}\n</tool_call>`,
    );
  const badBody = fc.constantFrom(
    '{"name": "check_inventory", "arguments": {"sku": "SKU-300"}',
    "{'name': 'list_todos'}",
    '{"name": <function-name>, "arguments": <args-json-object>}',
    '{"arguments": {}}',
    '[]',
    '{"name": "a", "arguments": "x"}',
    '```json\n{"name": "list_todos", "arguments": {}}',
  );
  const badBlock = badBody.map((b) => `<tool_call>\n${b}\n</tool_call>`);
  const segment = fc.oneof(
    prose,
    goodBlock,
    badBlock,
    prose.map((p) => `${p} the <tool_call> tag ${p}`),
    fc.constant('</tool_call>'),
    args.map((a) => `\`\`\`json\n${JSON.stringify(a)}\n\`\`\``),
    fc.constant('<tool_response>\n{"stock": 3}\n</tool_response>'),
  );
  const separator = fc.constantFrom('', ' ', '\n', '\n\n');
  const body = fc
    .array(fc.tuple(separator, segment), { maxLength: 6 })
    .map((parts) => parts.map(([sep, s]) => sep + s).join(''));
  const cutTail = fc.oneof(
    fc.constant(''),
    goodBlock.chain((b) => fc.nat({ max: b.length - 1 }).map((n) => `\n${b.slice(0, n)}`)),
  );
  const thoughts = fc.array(fc.oneof(word, fc.constant(renderToolCallBlock('list_todos', {}))), { maxLength: 5 });
  const prefix = fc.oneof(
    fc.constant(''),
    thoughts.map((t) => `<think>\n${t.join(' ')}\n</think>\n\n`),
    thoughts.map((t) => `${t.filter((w) => !w.includes('<')).join(' ')}\n</think>\n\n`),
  );
  return fc.tuple(prefix, body, cutTail).map(([p, b, c]) => p + b + c);
})();

/** The non-blank characters of a text. */
function chars(text: string): string[] {
  return [...text.replace(/\s+/g, '')];
}

/** How often each non-blank character occurs (a multiset). */
function counts(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const ch of chars(text)) out.set(ch, (out.get(ch) ?? 0) + 1);
  return out;
}

/** What the result accounts for: reasoning, content, and the text of the blocks read as calls. */
function accountedFor(result: ParseResult): string {
  const read = result.blocks.flatMap((b) => (b.kind === 'calls' ? [b.text] : []));
  return (result.reasoning ?? '') + result.content + read.join('');
}

describe.each(FORMATS)('the %s parser', (format) => {
  it(
    'never throws, whatever the text',
    () => {
      fc.assert(
        fc.property(fc.oneof(anyOutput, modelOutput), (raw) => {
          const result = parseOutput(raw, format, options);
          expect(typeof result.content).toBe('string');
          expect(result.malformed).toBe(
            result.issues.some(
              (i) => !['unknown_tool', 'multiple_calls', 'prose_mention', 'json_not_a_call'].includes(i.kind),
            ),
          );
        }),
        { numRuns: 1500 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    'content + the blocks read as calls + reasoning cover the whole output: nothing lost, nothing invented',
    () => {
      fc.assert(
        fc.property(fc.oneof(anyOutput, modelOutput), (raw) => {
          const result = parseOutput(raw, format, options);
          const left = counts(raw);
          for (const ch of chars(accountedFor(result))) {
            const n = left.get(ch) ?? 0;
            expect(n, `"${ch}" appears in the result more often than in the output`).toBeGreaterThan(0);
            left.set(ch, n - 1);
          }
          // Only the think tags that delimit the reasoning may be left over.
          const allowed = counts(result.reasoning === null ? '' : '<think></think>');
          for (const [ch, n] of left)
            expect(n, `"${ch}" of the output is lost`).toBeLessThanOrEqual(allowed.get(ch) ?? 0);
        }),
        { numRuns: 1500 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );
});

describe('idempotence on content', () => {
  it(
    'tag format: read again, model-shaped content stays the same, with no call and no reasoning',
    () => {
      fc.assert(
        fc.property(modelOutput, (raw) => {
          const first = parseOutput(raw, 'tool-call-tags', options);
          const again = parseOutput(first.content, 'tool-call-tags', options);
          expect(again.content).toBe(first.content);
          expect(again.calls).toEqual([]);
          expect(again.reasoning).toBeNull();
        }),
        { numRuns: 1500 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    'Llama format: for any text at all',
    () => {
      fc.assert(
        fc.property(fc.oneof(anyOutput, modelOutput), (raw) => {
          const first = parseOutput(raw, 'llama-json', options);
          const again = parseOutput(first.content, 'llama-json', options);
          expect(again.content).toBe(first.content);
          expect(again.calls).toEqual([]);
        }),
        { numRuns: 1500 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it('tag format, the one limit: a </think> after a call reads as a reasoning end once the call is taken out', () => {
    // Rule 1 reads a bare </think> before any block as the end of reasoning; the contract cannot tell this
    // content from a thinking model's output. Real outputs do not put </think> after their calls.
    const first = parseOutput(
      '<tool_call>\n{"name": "list_todos", "arguments": {}}\n</tool_call>\nok </think> done',
      'tool-call-tags',
      options,
    );
    expect(first.content).toBe('ok </think> done');
    expect(parseOutput(first.content, 'tool-call-tags', options)).toMatchObject({ reasoning: 'ok', content: 'done' });
  });
});
