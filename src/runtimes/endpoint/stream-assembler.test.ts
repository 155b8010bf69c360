import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CUT_MID_CALL,
  LLAMA_CPP_TOOL_CALL,
  OLLAMA_PARALLEL_INDEX_ZERO,
  OLLAMA_THINKING_TEXT,
  OPENAI_PARALLEL_CALLS,
  OPENAI_TEXT,
  VLLM_ERROR_FLAT,
  VLLM_ERROR_MID_STREAM,
  VLLM_REASONING_AND_CALL,
} from './recorded-streams';
import type { SseEvent } from './sse';
import { SseParser } from './sse';
import type { AssembledResponse, StreamDelta } from './stream-assembler';
import { StreamAssembler } from './stream-assembler';

/** Feeds a recorded stream cut at the given offsets, as a network would deliver it. */
function assemble(stream: string, cuts: readonly number[] = []): { result: AssembledResponse; deltas: StreamDelta[] } {
  const parser = new SseParser();
  const assembler = new StreamAssembler();
  const deltas: StreamDelta[] = [];
  const feed = (events: SseEvent[]) => events.forEach((e) => deltas.push(...assembler.push(e)));
  let from = 0;
  for (const cut of [...new Set(cuts)].sort((a, b) => a - b)) {
    feed(parser.push(stream.slice(from, cut)));
    from = cut;
  }
  feed(parser.push(stream.slice(from)));
  feed(parser.end());
  return { result: assembler.finish(), deltas };
}

describe('SseParser', () => {
  it('joins data lines, skips comments and keeps the event name, whatever the line endings', () => {
    const parser = new SseParser();
    const events = [
      ...parser.push(': ping\r\n\r\nevent: err'),
      ...parser.push('or\r\ndata: {"a":\r'),
      ...parser.push('\ndata: 1}\r\n\r\ndata:x\n\n'),
      ...parser.end(),
    ];
    expect(events).toEqual([{ event: 'error', data: '{"a":\n1}' }, { data: 'x' }]);
  });

  it('returns a last event that no blank line closed', () => {
    const parser = new SseParser();
    expect(parser.push('data: [DONE]')).toEqual([]);
    expect(parser.end()).toEqual([{ data: '[DONE]' }]);
  });
});

describe('StreamAssembler on recorded streams', () => {
  it('OpenAI: assembles two parallel calls whose arguments arrive in pieces, with usage and [DONE]', () => {
    const { result, deltas } = assemble(OPENAI_PARALLEL_CALLS);
    expect(result.problem).toBeNull();
    expect(result.finishReason).toBe('tool_calls');
    expect(result.sawDone).toBe(true);
    expect(result.content).toBe('');
    expect(result.toolCalls).toEqual([
      {
        position: 0,
        serverIndex: 0,
        id: 'call_Qw3Tz8',
        name: 'current_time',
        argumentsText: '{"timezone": "Asia/Seoul"}',
      },
      {
        position: 1,
        serverIndex: 1,
        id: 'call_Vb71Lm',
        name: 'calculate',
        argumentsText: '{"operation": "multiply", "a": 128, "b": 7}',
      },
    ]);
    expect(result.usage).toMatchObject({ prompt_tokens: 142, completion_tokens: 51 });
    expect(result.model).toBe('gpt-4o-mini-2024-07-18');
    expect(result.notes).toEqual([]);
    // The live view sees every argument piece in order.
    const pieces = deltas.flatMap((d) => (d.kind === 'tool-call' && d.position === 0 ? [d.argumentsText] : []));
    expect(pieces.join('')).toBe('{"timezone": "Asia/Seoul"}');
  });

  it('OpenAI: a text answer streams as content deltas', () => {
    const { result, deltas } = assemble(OPENAI_TEXT);
    expect(result.content).toBe('It is 19:41 in Seoul; (128 × 7) − 19 = 877.');
    expect(result.finishReason).toBe('stop');
    expect(result.toolCalls).toEqual([]);
    expect(deltas.map((d) => d.kind)).toEqual(['content', 'content']);
  });

  it('vLLM: reasoning_content and a call whose name comes alone, then its argument pieces', () => {
    const { result } = assemble(VLLM_REASONING_AND_CALL);
    expect(result.reasoning).toBe('The user wants the product first.');
    expect(result.toolCalls).toEqual([
      {
        position: 0,
        serverIndex: 0,
        id: 'chatcmpl-tool-5c0f2a',
        name: 'calculate',
        argumentsText: '{"operation": "subtract", "a": 896, "b": 19}',
      },
    ]);
    expect(result.finishReason).toBe('tool_calls');
    expect(result.usage).toEqual({ prompt_tokens: 311, total_tokens: 377, completion_tokens: 66 });
  });

  it('vLLM: an error event mid-stream is a server error with its message; the text so far is kept', () => {
    const { result } = assemble(VLLM_ERROR_MID_STREAM);
    expect(result.problem).toEqual({
      kind: 'server-error',
      message: 'The engine died unexpectedly (EngineDeadError).',
      type: 'InternalServerError',
      code: '500',
    });
    expect(result.content).toBe('It is');
    expect(result.finishReason).toBeNull();
  });

  it('vLLM before 0.6: a flat {"object": "error"} event is a server error too', () => {
    const { result } = assemble(VLLM_ERROR_FLAT);
    expect(result.problem).toMatchObject({ kind: 'server-error', type: 'BadRequestError', code: '400' });
    expect(result.problem?.kind === 'server-error' && result.problem.message).toContain('maximum context length');
  });

  it('Ollama: parallel calls that all say index 0 stay two calls, told apart by their ids', () => {
    const { result } = assemble(OLLAMA_PARALLEL_INDEX_ZERO);
    expect(result.toolCalls.map((c) => [c.position, c.serverIndex, c.id, c.name])).toEqual([
      [0, 0, 'call_wteop8bt', 'current_time'],
      [1, 0, 'call_rk2xye1l', 'calculate'],
    ]);
    expect(result.toolCalls[1]!.argumentsText).toBe('{"a":128,"b":7,"operation":"multiply"}');
    expect(result.notes).toEqual(['Call 2 reused index 0 with a new id.']);
    expect(result.usage).toMatchObject({ completion_tokens: 49 });
  });

  it('Ollama: reasoning arrives as `reasoning`', () => {
    const { result, deltas } = assemble(OLLAMA_THINKING_TEXT);
    expect(result.reasoning).toBe('877 is the result.');
    expect(result.content).toBe('(128 × 7) − 19 = 877.');
    expect(deltas.map((d) => d.kind)).toEqual(['reasoning', 'reasoning', 'content']);
  });

  it('llama.cpp (recorded from llama-server): a call, its timings and usage', () => {
    const { result } = assemble(LLAMA_CPP_TOOL_CALL);
    expect(result.problem).toBeNull();
    expect(result.finishReason).toBe('tool_calls');
    expect(result.toolCalls).toEqual([
      {
        position: 0,
        serverIndex: 0,
        id: 'Yeo1hGcpbaGqyNwqC4CGC95s8LskZ4b7',
        name: 'calculate',
        argumentsText: '{"a":169e3}',
      },
    ]);
    expect(result.content).not.toBe('');
    expect(result.timings?.predicted_per_second).toBeGreaterThan(0);
    expect(result.usage?.completion_tokens).toBeGreaterThan(0);
  });

  it('a connection cut mid-call is reported as cut, with the partial call kept', () => {
    const { result } = assemble(CUT_MID_CALL);
    expect(result.problem).toEqual({
      kind: 'cut',
      detail: 'the stream ended after 2 events without a finish reason or [DONE]',
    });
    expect(result.toolCalls[0]).toMatchObject({ name: 'calculate', argumentsText: '{"operation": "mul' });
  });

  it('a reader failure is cut before the finish reason, and only a note after it', () => {
    const events = new SseParser().push(OPENAI_TEXT);
    const early = new StreamAssembler();
    events.slice(0, 2).forEach((e) => early.push(e));
    expect(early.finish('network error').problem).toEqual({ kind: 'cut', detail: 'network error' });
    const late = new StreamAssembler();
    events.slice(0, 4).forEach((e) => late.push(e));
    const result = late.finish('network error');
    expect(result.problem).toBeNull();
    expect(result.finishReason).toBe('stop');
    expect(result.notes).toEqual(['The connection closed after the finish reason, before [DONE] (network error).']);
  });

  it('an `event: error` with a plain text body, and a chunk that is not JSON', () => {
    const bad = assemble('data: {"choices":[{"index":0,"delta":{"content":"a"}}]}\n\ndata: oops\n\n');
    expect(bad.result.notes).toEqual(['A stream event is not JSON and was skipped: oops']);
    expect(bad.result.problem).toEqual({
      kind: 'cut',
      detail: 'the stream ended after 2 events without a finish reason or [DONE]',
    });
    const error = assemble('event: error\ndata: upstream overloaded\n\n');
    expect(error.result.problem).toEqual({ kind: 'server-error', message: 'upstream overloaded' });
  });

  it('an empty stream is cut before anything came', () => {
    expect(assemble('').result.problem).toEqual({
      kind: 'cut',
      detail: 'the server closed the stream before sending anything',
    });
  });

  it('gives the same result however the network cuts the bytes', () => {
    const streams = [OPENAI_PARALLEL_CALLS, VLLM_REASONING_AND_CALL, OLLAMA_PARALLEL_INDEX_ZERO, LLAMA_CPP_TOOL_CALL];
    for (const stream of streams) {
      const whole = assemble(stream).result;
      fc.assert(
        fc.property(fc.array(fc.integer({ min: 0, max: stream.length }), { maxLength: 40 }), (cuts) => {
          expect(assemble(stream, cuts).result).toEqual(whole);
        }),
        { numRuns: 60 },
      );
      // CRLF line endings read the same.
      expect(assemble(stream.replace(/\n/g, '\r\n')).result).toEqual(whole);
    }
  });
});
