import { readFileSync } from 'node:fs';
import { Template } from '@huggingface/jinja';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createPresetTools } from '../presets';
import { toDefinition } from '../tool';
import {
  extractThinking,
  parseModelOutput,
  renderToolCallBlock,
  renderToolsSection,
  stripThinking,
  systemPromptWithTools,
  toFunctionTool,
} from './hermes';
import { pythonJson } from './python-json';

const template = new Template(readFileSync('test-fixtures/chat-templates/qwen2.5-instruct.jinja', 'utf8'));
const tools = createPresetTools().map(toDefinition);

function counter() {
  let n = 0;
  return () => `call_${++n}`;
}

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

describe('parseModelOutput', () => {
  it('parses several calls with text around them, in order, with harness ids', () => {
    const raw =
      'Sure.\n' +
      renderToolCallBlock('current_time', { timezone: 'Asia/Seoul' }) +
      '\nand\n' +
      renderToolCallBlock('calculate', { operation: 'multiply', a: 128, b: 7 }) +
      '\nDone.';
    const parsed = parseModelOutput(raw, counter());
    expect(parsed.toolCalls).toEqual([
      { id: 'call_1', name: 'current_time', argumentsText: '{"timezone":"Asia/Seoul"}' },
      { id: 'call_2', name: 'calculate', argumentsText: '{"operation":"multiply","a":128,"b":7}' },
    ]);
    expect(parsed.content).toBe('Sure.\n\nand\n\nDone.');
    expect(parsed.unterminatedBlock).toBeNull();
  });

  it('accepts "parameters" and arguments given as a JSON string', () => {
    const parsed = parseModelOutput(
      '<tool_call>{"name": "a", "parameters": {"x": 1}}</tool_call><tool_call>{"name": "b", "arguments": "{\\"y\\": 2}"}</tool_call>',
      counter(),
    );
    expect(parsed.toolCalls.map((c) => c.argumentsText)).toEqual(['{"x":1}', '{"y": 2}']);
  });

  it('a block with malformed JSON is a call with a parse error, the name recovered when possible', () => {
    const parsed = parseModelOutput(
      '<tool_call>\n{"name": "calculate", "arguments": {"a": 1}\n</tool_call>',
      counter(),
    );
    expect(parsed.toolCalls).toHaveLength(1);
    expect(parsed.toolCalls[0]).toMatchObject({
      id: 'call_1',
      name: 'calculate',
      parseError: expect.stringContaining('invalid JSON'),
    });
    expect(parseModelOutput('<tool_call>[1]</tool_call>', counter()).toolCalls[0]?.parseError).toBe(
      'the tool call block is not a JSON object',
    );
    expect(parseModelOutput('<tool_call>{"arguments": {}}</tool_call>', counter()).toolCalls[0]?.parseError).toBe(
      'the tool call has no "name"',
    );
  });

  it('an unterminated block is reported; its call is kept only when the JSON is whole', () => {
    const whole = parseModelOutput(
      'Checking <tool_call>\n{"name": "check_inventory", "arguments": {"sku": "SKU-1"}}',
      counter(),
    );
    expect(whole.toolCalls).toEqual([]);
    expect(whole.unterminatedBlock).toBe('\n{"name": "check_inventory", "arguments": {"sku": "SKU-1"}}');
    expect(whole.unterminatedCall).toMatchObject({ name: 'check_inventory', argumentsText: '{"sku":"SKU-1"}' });
    expect(whole.content).toBe('Checking');
    const cut = parseModelOutput('<tool_call>\n{"name": "check_inventory", "argum', counter());
    expect(cut.unterminatedBlock).not.toBeNull();
    expect(cut.unterminatedCall).toBeNull();
  });

  it('takes <think> blocks out as reasoning, including one never closed', () => {
    const parsed = parseModelOutput(
      '<think>\nNeed the time.\n</think>\n\n' + renderToolCallBlock('current_time', { timezone: 'UTC' }),
      counter(),
    );
    expect(parsed.reasoning).toBe('Need the time.');
    expect(parsed.content).toBe('');
    expect(parsed.toolCalls).toHaveLength(1);
    // A <tool_call> inside thinking is not a call.
    const inside = parseModelOutput(
      '<think>maybe <tool_call>{"name": "x", "arguments": {}}</tool_call></think>Answer',
      counter(),
    );
    expect(inside.toolCalls).toEqual([]);
    expect(inside.content).toBe('Answer');
    expect(extractThinking('a<think>b')).toEqual({ text: 'a', reasoning: 'b' });
    expect(extractThinking('plain')).toEqual({ text: 'plain' });
    expect(stripThinking('<think>x</think>\n\nHello')).toBe('Hello');
  });

  it('never throws, whatever the text (property)', () => {
    const pieces = fc.constantFrom(
      '<tool_call>',
      '</tool_call>',
      '<think>',
      '</think>',
      '{"name": "a", "arguments": {',
      '}',
      '"',
      '\n',
      'text ',
    );
    const raw = fc.oneof(
      fc.string(),
      fc.array(fc.oneof(pieces, fc.string({ maxLength: 5 }))).map((parts) => parts.join('')),
    );
    fc.assert(
      fc.property(raw, (text) => {
        const parsed = parseModelOutput(text, counter());
        for (const call of parsed.toolCalls) expect(typeof call.argumentsText).toBe('string');
        expect(typeof parsed.content).toBe('string');
      }),
      { numRuns: 500 },
    );
  });

  it('round-trips any rendered call (property)', () => {
    const json = fc.dictionary(
      fc.string({ minLength: 1, maxLength: 8 }),
      fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null)),
    );
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z_]{1,12}$/), json, (name, args) => {
        const parsed = parseModelOutput(renderToolCallBlock(name, args), counter());
        expect(parsed.toolCalls).toHaveLength(1);
        expect(parsed.toolCalls[0]!.name).toBe(name);
        expect(JSON.parse(parsed.toolCalls[0]!.argumentsText)).toEqual(args);
      }),
      { numRuns: 200 },
    );
  });
});
