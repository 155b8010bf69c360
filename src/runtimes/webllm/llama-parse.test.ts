/**
 * The WebLLM runtime with a Llama 3.2 model, through the real harness (LoopController), the real
 * WebLLMRuntime and WorkerClient, and a fake worker at the worker boundary that answers with a scripted raw
 * output. What it pins: the raw text reaches the harness untouched with its call format, so the Llama parser
 * reads it once (a cut-off call keeps its flag); the prompt prints the run's date; a history with two calls in
 * one turn is flagged beside the prompt.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../engine/loop/events';
import { LoopController } from '../../engine/loop/controller';
import { createPresetTools } from '../../engine/presets';
import { withFullTraces } from '../../engine/loop/prompt-trace';
import { createFakeClock } from '../../engine/test-support';
import { WebLLMRuntime } from './webllm-runtime';
import { WorkerClient } from './worker-client';
import type { FromWorker, ToWorker } from './worker-protocol';

type Reply = { readonly raw: string; readonly finishReason: string };

/** A worker that answers every `generate` with the next scripted reply, and records what it was sent. */
function fakeWorker(replies: Reply[]) {
  const sent: Extract<ToWorker, { type: 'generate' }>[] = [];
  const worker = {
    onmessage: null as ((event: MessageEvent<FromWorker>) => void) | null,
    onerror: null,
    onmessageerror: null,
    terminate() {},
    postMessage(message: ToWorker) {
      if (message.type !== 'generate') return;
      sent.push(message);
      const reply = replies.shift() ?? { raw: 'Done.', finishReason: 'stop' };
      const answer: FromWorker = {
        type: 'result',
        id: message.id,
        raw: reply.raw,
        finishReason: reply.finishReason,
        usage: null,
        nativeCalls: null,
        firstTokenMs: 1,
        totalMs: 2,
        segmentTokens: message.segments.map(() => 1),
        tokenizer: 'fake',
        webllmPrompt: null,
        notes: [],
      };
      queueMicrotask(() => worker.onmessage?.({ data: answer } as MessageEvent<FromWorker>));
    },
  };
  return { sent, client: new WorkerClient(() => worker as unknown as Worker) };
}

function llamaRun(replies: Reply[]) {
  const clock = createFakeClock();
  const { sent, client } = fakeWorker(replies);
  const runtime = new WebLLMRuntime(client, 'Llama-3.2-1B-Instruct-q4f16_1-MLC', 'fake GPU', () => ({}));
  const controller = new LoopController({ runtime: () => runtime, now: clock.now, newRunId: () => 'run' });
  const tools = createPresetTools().filter((t) => t.name === 'current_time' || t.name === 'calculate');
  controller.startRun({ system: 'Be brief.', tools, settings: DEFAULT_SETTINGS });
  controller.send('What time is it in Seoul?');
  return { controller, sent };
}

const responses = (controller: LoopController) =>
  withFullTraces(controller.getEvents()).flatMap((e) => (e.type === 'model-responded' ? [e] : []));

describe('WebLLM with Llama 3.2: the harness parses the raw output with the Llama parser', () => {
  it('reads a bare JSON call once, and the prompt prints the day the run started', async () => {
    const { controller, sent } = llamaRun([
      { raw: '{"name": "current_time", "arguments": {"timezone": "Asia/Seoul"}}', finishReason: 'stop' },
    ]);
    await controller.step();
    const [responded] = responses(controller);
    expect(responded!.response.callFormat).toBe('llama-json');
    expect(responded!.response.nativeToolCalls).toBeUndefined();
    expect(responded!.message.toolCalls).toEqual([
      { id: 'call_1', name: 'current_time', argumentsText: '{"timezone":"Asia/Seoul"}' },
    ]);
    expect(responded!.message.parseIssues?.map((i) => [i.kind, i.callId])).toEqual([['arguments_key', 'call_1']]);
    const system = sent[0]!.request.messages[0]!;
    expect(system.content).toContain('Today Date: 02 Dec 2026\n');
  });

  it('a call cut off by the token limit keeps its flag and never runs', async () => {
    const { controller } = llamaRun([
      { raw: '{"name": "current_time", "parameters": {"timezone": "Asia/Se', finishReason: 'length' },
    ]);
    await controller.step();
    const [responded] = responses(controller);
    expect(responded!.message.parseIssues?.map((i) => i.kind)).toEqual(['invalid_json']);
    expect(responded!.message.content).toBe('{"name": "current_time", "parameters": {"timezone": "Asia/Se');
    expect(responded!.stop.anomalies.map((a) => a.kind)).toContain('tool-call-cut-by-length');
    expect(responded!.calls).toEqual([]);
  });

  it('two calls in one turn: flagged when parsed, sent back as single-call turns and flagged beside the prompt', async () => {
    const { controller, sent } = llamaRun([
      {
        raw:
          '{"name": "current_time", "parameters": {"timezone": "Asia/Seoul"}}; ' +
          '{"name": "calculate", "parameters": {"operation": "multiply", "a": 6, "b": 7}}',
        finishReason: 'stop',
      },
      { raw: 'It is evening in Seoul, and 6 × 7 = 42.', finishReason: 'stop' },
    ]);
    await controller.runToEnd();
    const [first, second] = responses(controller);
    expect(first!.message.parseIssues?.map((i) => i.kind)).toEqual(['multiple_calls']);
    expect(sent[1]!.request.messages.map((m) => m.role)).toEqual([
      'system',
      'user',
      'assistant',
      'tool',
      'assistant',
      'tool',
    ]);
    expect(second!.response.trace?.notes).toContainEqual(
      expect.stringContaining('This model only supports single tool-calls at once!'),
    );
  });
});
