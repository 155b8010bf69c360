import { describe, expect, it } from 'vitest';
import type { DeriveStopInput } from './stop-reasons';
import {
  ANTHROPIC_LOOP_ACTION,
  ANTHROPIC_STOP_REASONS,
  deriveStop,
  OPENAI_FINISH_REASONS,
  toAnthropicStopReason,
  toOpenAIFinishReason,
} from './stop-reasons';

const input = (over: Partial<DeriveStopInput>): DeriveStopInput => ({
  raw: 'stop',
  toolCallCount: 0,
  text: '',
  unterminatedBlock: false,
  malformedCalls: 0,
  ...over,
});
const kinds = (over: Partial<DeriveStopInput>) => deriveStop(input(over)).anomalies.map((a) => a.kind);

describe('stop-reason mappings', () => {
  it('maps OpenAI finish reasons to Anthropic stop reasons', () => {
    expect(OPENAI_FINISH_REASONS.map(toAnthropicStopReason)).toEqual([
      'end_turn',
      'max_tokens',
      'tool_use',
      'refusal',
      null,
    ]);
  });

  it('maps Anthropic stop reasons to OpenAI finish reasons', () => {
    expect(Object.fromEntries(ANTHROPIC_STOP_REASONS.map((r) => [r, toOpenAIFinishReason(r)]))).toEqual({
      end_turn: 'stop',
      tool_use: 'tool_calls',
      max_tokens: 'length',
      stop_sequence: 'stop',
      refusal: 'content_filter',
      pause_turn: null,
      model_context_window_exceeded: 'length',
    });
  });

  it('round-trips every OpenAI reason that has an Anthropic counterpart', () => {
    for (const reason of OPENAI_FINISH_REASONS) {
      const anthropic = toAnthropicStopReason(reason);
      if (anthropic) expect(toOpenAIFinishReason(anthropic)).toBe(reason);
    }
  });

  it('describes the loop action of every Anthropic reason', () => {
    for (const reason of ANTHROPIC_STOP_REASONS) expect(ANTHROPIC_LOOP_ACTION.templates[reason]).toBeTruthy();
  });
});

describe('deriveStop', () => {
  it('runtime stop with calls → derived tool_calls; without calls → stop', () => {
    expect(deriveStop(input({ toolCallCount: 2 }))).toEqual({ raw: 'stop', derived: 'tool_calls', anomalies: [] });
    expect(deriveStop(input({ text: 'hi' }))).toEqual({ raw: 'stop', derived: 'stop', anomalies: [] });
  });

  it('tool_calls with an empty list → derived stop, flagged', () => {
    const result = deriveStop(input({ raw: 'tool_calls', text: 'hello' }));
    expect(result.derived).toBe('stop');
    expect(result.anomalies.map((a) => a.kind)).toEqual(['tool-calls-without-calls']);
    expect(deriveStop(input({ raw: 'tool_calls', toolCallCount: 1 })).derived).toBe('tool_calls');
  });

  it('length passes through; a call cut mid-JSON is flagged as cut by length (not as unterminated)', () => {
    const result = deriveStop(input({ raw: 'length', unterminatedBlock: true }));
    expect(result.derived).toBe('length');
    expect(result.anomalies.map((a) => a.kind)).toEqual(['tool-call-cut-by-length']);
    expect(kinds({ raw: 'length' })).toEqual([]);
  });

  it('flags an unterminated block outside length', () => {
    expect(kinds({ unterminatedBlock: true, toolCallCount: 1 })).toEqual(['unterminated-tool-call']);
  });

  it('flags malformed calls with their count, saying what the setting does with them', () => {
    const result = deriveStop(input({ toolCallCount: 2, malformedCalls: 2 }));
    expect(result.anomalies).toEqual([
      expect.objectContaining({
        kind: 'malformed-tool-call',
        detail: expect.stringContaining('2 call attempts could not be read; they stay'),
      }),
    ]);
    expect(result.anomalies[0]!.detail).toContain('the model receives an error result');
    const asText = deriveStop(input({ text: 'x', malformedCalls: 1, malformedMode: 'text' }));
    expect(asText.anomalies[0]!.detail).toContain(
      '1 call attempt could not be read; it stays in the text as written and nothing is sent back for it',
    );
  });

  it("summarises the parser's notes as the last anomaly of the turn", () => {
    const result = deriveStop(
      input({
        toolCallCount: 1,
        issues: [
          { kind: 'parameters_key', recovered: true, detail: 'd', callId: 'call_1' },
          { kind: 'prose_mention', recovered: false, detail: 'd' },
        ],
      }),
    );
    expect(result.anomalies).toEqual([
      {
        kind: 'parse-issues',
        detail: 'Parser notes: parameters_key (forgiven: read as a call), prose_mention (flagged).',
        issues: [
          { kind: 'parameters_key', recovered: true },
          { kind: 'prose_mention', recovered: false },
        ],
      },
    ]);
    expect(kinds({ issues: [] })).toEqual([]);
  });

  it('flags text and tool calls in one message', () => {
    expect(kinds({ toolCallCount: 1, text: 'Let me check.' })).toEqual(['text-with-tool-calls']);
    expect(kinds({ toolCallCount: 1, text: '   ' })).toEqual([]);
  });

  it('abort and content_filter pass through and flag their tool calls as ignored', () => {
    expect(deriveStop(input({ raw: 'abort', toolCallCount: 1 }))).toMatchObject({ derived: 'abort' });
    expect(kinds({ raw: 'abort', toolCallCount: 1 })).toEqual(['tool-calls-ignored']);
    expect(kinds({ raw: 'content_filter', toolCallCount: 1 })).toEqual(['tool-calls-ignored']);
    expect(kinds({ raw: 'abort' })).toEqual([]);
  });
});
