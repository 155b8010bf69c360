import { readFileSync } from 'node:fs';
import { Template } from '@huggingface/jinja';
import fc from 'fast-check';
import { parseTagOutput } from './tag-parser';
import { describe, expect, it } from 'vitest';
import { createPresetTools } from '../presets';
import { toDefinition } from '../tool';
import {
  extractThinking,
  renderToolCallBlock,
  renderToolsSection,
  stripThinking,
  systemPromptWithTools,
  toFunctionTool,
} from './hermes';
import { pythonJson } from './python-json';

const template = new Template(readFileSync('test-fixtures/chat-templates/qwen2.5-instruct.jinja', 'utf8'));
const tools = createPresetTools().map(toDefinition);

describe('rendering matches the Qwen2.5 chat template exactly', () => {
  it('system prompt with every preset tool', () => {
    const official = template.render({
      messages: [{ role: 'system', content: 'You are helpful.' }],
      tools: tools.map(toFunctionTool),
      add_generation_prompt: false,
    });
    expect(official).toBe(`<|im_start|>system\n${systemPromptWithTools('You are helpful.', tools)}<|im_end|>\n`);
    expect(renderToolsSection(tools)).toContain('"additionalProperties": false');
  });

  it('no tools: the system prompt is unchanged', () => {
    expect(systemPromptWithTools('Plain.', [])).toBe('Plain.');
    expect(template.render({ messages: [{ role: 'system', content: 'Plain.' }], add_generation_prompt: false })).toBe(
      '<|im_start|>system\nPlain.<|im_end|>\n',
    );
  });

  it('an assistant tool call block, including non-ASCII text and nested values', () => {
    const args = { title: 'Café ☕ “quotes”', n: 3, nested: { list: [1, 2.5, true, null], s: 'a"b' } };
    const official = template.render({
      messages: [
        { role: 'user', content: 'u' },
        {
          role: 'assistant',
          content: '',
          tool_calls: [{ type: 'function', function: { name: 'add_todo', arguments: args } }],
        },
      ],
      tools: [],
      add_generation_prompt: false,
    });
    const body = official.split('<|im_start|>assistant\n')[1]!.replace(/<\|im_end\|>\n$/, '');
    expect(body).toBe(renderToolCallBlock('add_todo', args));
  });

  it('pythonJson writes Python json.dumps separators', () => {
    expect(pythonJson({ a: [1, { b: 'c' }], d: null, e: false })).toBe('{"a": [1, {"b": "c"}], "d": null, "e": false}');
    expect(pythonJson({ skip: undefined, keep: 1 })).toBe('{"keep": 1}');
  });
});

describe("rendered calls parse back (the tag parser on the template's own output)", () => {
  it('several calls with text around them, in order; text pieces joined with one newline', () => {
    const raw =
      'Sure.\n' +
      renderToolCallBlock('current_time', { timezone: 'Asia/Seoul' }) +
      '\nand\n' +
      renderToolCallBlock('calculate', { operation: 'multiply', a: 128, b: 7 }) +
      '\nDone.';
    const parsed = parseTagOutput(raw);
    expect(parsed.calls.map((c) => [c.name, c.argumentsText])).toEqual([
      ['current_time', '{"timezone":"Asia/Seoul"}'],
      ['calculate', '{"operation":"multiply","a":128,"b":7}'],
    ]);
    expect(parsed.content).toBe('Sure.\nand\nDone.');
    expect(parsed.issues).toEqual([]);
  });

  it('stripThinking takes <think> blocks out of the history text', () => {
    expect(extractThinking('a<think>b')).toEqual({ text: 'a', reasoning: 'b' });
    expect(extractThinking('plain')).toEqual({ text: 'plain' });
    expect(stripThinking('<think>x</think>\n\nHello')).toBe('Hello');
  });

  it('round-trips any rendered call (property)', () => {
    const json = fc.dictionary(
      fc.string({ minLength: 1, maxLength: 8 }),
      fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null)),
    );
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z_]{1,12}$/), json, (name, args) => {
        const parsed = parseTagOutput(renderToolCallBlock(name, args));
        expect(parsed.issues).toEqual([]);
        expect(parsed.calls).toHaveLength(1);
        expect(parsed.calls[0]!.name).toBe(name);
        expect(JSON.parse(parsed.calls[0]!.argumentsText)).toEqual(args);
      }),
      { numRuns: 200 },
    );
  });
});
