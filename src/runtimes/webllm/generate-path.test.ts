/**
 * The generate path without a GPU: the REAL WebLLMRuntime, WorkerClient and worker host, talking over a real
 * MessageChannel to a fake MLCEngine (fake-mlc-engine.ts) that streams chunks, reports usage, honours
 * interruptGenerate, runs web-llm's own request checks and throws web-llm's own error classes.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterEach, describe, expect, it } from 'vitest';
import type { ModelRecord } from '@mlc-ai/web-llm';
import type { Message } from '../../engine/messages';
import { createCalculateTool } from '../../engine/presets/calculator';
import { createCurrentTimeTool } from '../../engine/presets/current-time';
import { interpretResponse } from '../../engine/protocol/interpret';
import { checkEvent } from '../../engine/run-file/event-schema';
import type { ModelRequest } from '../../engine/runtime';
import { RuntimeFailure } from '../../engine/runtime';
import { toDefinition } from '../../engine/tool';
import type { FakeReply, FakeScript } from './fake-mlc-engine';
import { startFakeWorker, webllmErrorClass } from './fake-mlc-engine';
import type { RuntimeOptions } from './webllm-runtime';
import { SOFTWARE_ADAPTER_NOTE, WebLLMRuntime } from './webllm-runtime';
import type { MappedError } from './errors';
import type { WorkerClient } from './worker-client';
import type { FromWorker } from './worker-protocol';

const libSource = readFileSync(createRequire(import.meta.url).resolve('@mlc-ai/web-llm'), 'utf8');
const QWEN3 = 'Qwen3-0.6B-q4f32_1-MLC';
const HERMES_NATIVE = 'Hermes-3-Llama-3.1-8B-q4f16_1-MLC';
const TINY: ModelRecord = {
  model: 'https://local-import.invalid/local%2Ftiny/resolve/main/',
  model_id: 'local/tiny',
  model_lib: 'https://local-import.invalid/local%2Ftiny/tiny-webgpu.wasm',
};
const calculate = toDefinition(createCalculateTool());
const currentTime = toDefinition(createCurrentTimeTool());
const CALL =
  '<tool_call>\n{"name": "calculate", "arguments": {"operation": "multiply", "a": 128, "b": 7}}\n</tool_call>';

const question: Message[] = [
  { role: 'system', content: 'You are a helpful assistant.' },
  { role: 'user', content: 'What is 128 × 7?' },
];
const request = (extra: Partial<ModelRequest> = {}): ModelRequest => ({
  messages: question,
  tools: [calculate, currentTime],
  toolChoice: 'auto',
  parallelToolCalls: true,
  round: 1,
  ...extra,
});

let closers: (() => void)[] = [];
afterEach(() => {
  for (const close of closers) close();
  closers = [];
});

async function setUp(
  modelId: string,
  replies: FakeReply[],
  options: RuntimeOptions = {},
  script: Partial<FakeScript> = {},
) {
  const worker = startFakeWorker({ replies, ...script });
  closers.push(worker.close);
  await worker.client.call({ type: 'init' });
  const progress: string[] = [];
  const loaded = await worker.client.call({ type: 'load', modelId, extraModels: [TINY] }, (event) => {
    if (event.type === 'progress') progress.push(event.report.text);
  });
  const gpu = loaded.type === 'loaded' ? loaded.gpu : '?';
  const runtime = new WebLLMRuntime(worker.client, modelId, gpu, () => options);
  return { ...worker, runtime, progress, gpu };
}

async function generate(runtime: WebLLMRuntime, req: ModelRequest, signal = new AbortController().signal) {
  const deltas: string[] = [];
  const response = await runtime.generate(req, { signal, onDelta: (t) => deltas.push(t) });
  return { response, deltas };
}

function failureOf(promise: Promise<unknown>): Promise<RuntimeFailure> {
  return promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => {
      if (!(error instanceof RuntimeFailure)) throw error;
      return error;
    },
  );
}

function rejectionOf(promise: Promise<FromWorker>): Promise<MappedError> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: MappedError) => error,
  );
}

describe('generate path: token counts come from the page (one tokenizer copy)', () => {
  it("without the model's own tokenizer the worker asks the page, and the prompt parts carry the page's counts", async () => {
    const { runtime, client } = await setUp(QWEN3, [{ chunks: ['The answer is 896.'] }]);
    const asked: FromWorker[] = [];
    const counted: string[] = [];
    client.setFallbackCounter(async () => ({
      label: 'page tokenizer (one token per word)',
      count: (text) => {
        counted.push(text);
        return text.split(/\s+/).filter(Boolean).length;
      },
    }));
    const spy = (client as unknown as { receive(m: FromWorker): void }).receive.bind(client);
    (client as unknown as { receive(m: FromWorker): void }).receive = (m) => {
      asked.push(m);
      spy(m);
    };
    const { response } = await generate(runtime, request());
    expect(asked.filter((m) => m.type === 'count-tokens')).toHaveLength(1);
    expect(response.trace?.notes?.join('\n')).toContain(
      'Token counts: page tokenizer (one token per word); approximate for other model families.',
    );
    const parts = response.trace?.promptParts ?? [];
    expect(parts.length).toBeGreaterThan(0);
    expect(counted.length).toBeGreaterThan(0);
    // Every prompt part's tokens are the page's counts of its segments.
    const words = (text: string) => text.split(/\s+/).filter(Boolean).length;
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    expect(sum(parts.map((p) => p.tokens))).toBe(sum(counted.map(words)));
  });

  it('a page without a fallback tokenizer fails the call with that reason instead of hanging', async () => {
    const { runtime, client } = await setUp(QWEN3, [{ chunks: ['ok'] }]);
    (client as unknown as { fallbackCounter: null }).fallbackCounter = null;
    const failure = await failureOf(generate(runtime, request()));
    expect(`${failure.message} ${JSON.stringify(failure)}`).toContain(
      'No fallback tokenizer is configured on the page.',
    );
  });
});

describe('generate path: streaming, usage, timings, trace', () => {
  it('streams each chunk as a delta, maps usage and web-llm timings, records the format and the tools sent', async () => {
    const { runtime, engine, progress, gpu } = await setUp(QWEN3, [
      {
        chunks: [
          '<tool_call>\n{"name": "calculate", ',
          '"arguments": {"operation": "multiply", ',
          '"a": 128, "b": 7}}\n</tool_call>',
        ],
        timings: { ttftS: 0.31, e2eS: 2.4, prefillTps: 512, decodeTps: 14 },
      },
    ]);
    expect(progress[0]).toBe('Start to fetch params');
    expect(progress.at(-1)).toMatch(/^Finish loading on WebGPU/);
    expect(gpu).toBe('WebGPU · fake');

    const { response, deltas } = await generate(runtime, request());
    expect(deltas).toEqual([
      '<tool_call>\n{"name": "calculate", ',
      '"arguments": {"operation": "multiply", ',
      '"a": 128, "b": 7}}\n</tool_call>',
    ]);
    expect(response.raw).toBe(deltas.join(''));
    expect(response.finishReason).toBe('stop');
    expect(response.usage).toEqual({ promptTokens: engine().prefilled[0], completionTokens: 3, estimated: false });
    expect(response.timings).toEqual({
      timeToFirstTokenMs: 310,
      totalMs: 2400,
      prefillTokensPerSecond: 512,
      decodeTokensPerSecond: 14,
    });
    expect(response.trace?.promptFormat).toEqual({ id: 'qwen3', label: 'Qwen3', source: 'model-id' });
    expect(response.trace?.toolsSent).toEqual(['calculate', 'current_time']);
    expect(response.trace?.notes).toContain('KV cache: first round of the run, the whole prompt is prefilled.');
    expect(response.backend).toBe('WebLLM prompt-tools · WebGPU · fake');
    // What web-llm received: the tools rendered into the system prompt, string contents only.
    const sent = engine().requests[0]!;
    expect(sent.messages[0]!.content).toContain('"name": "calculate"');
    expect(sent.stream_options).toEqual({ include_usage: true });
  });

  it('the response is a valid run-file event, and the harness parses the call out of it', async () => {
    const { runtime } = await setUp(QWEN3, [{ chunks: [CALL] }], {
      format: { id: 'qwen3', source: 'user', evidence: 'your choice in the Model panel' },
    });
    const { response } = await generate(runtime, request());
    const interpreted = interpretResponse(response, () => 'call_1');
    expect(interpreted.message.toolCalls.map((c) => c.name)).toEqual(['calculate']);
    const event = {
      type: 'model-responded',
      at: 0,
      round: 1,
      response,
      message: interpreted.message,
      stop: interpreted.stop,
      calls: interpreted.executableCalls,
    };
    expect(checkEvent(event, 0)).toMatchObject({ ok: true });
    const badSource = {
      ...event,
      response: { ...response, trace: { ...response.trace, promptFormat: { id: 'x', label: 'x', source: 'guess' } } },
    };
    expect(checkEvent(badSource, 0)).toMatchObject({ ok: false, error: expect.stringMatching(/promptFormat\.source/) });
    expect(response.trace?.promptFormat?.source).toBe('user');
  });

  it('on a software adapter every response says results may be wrong and names the CPU runtime', async () => {
    const { runtime } = await setUp(QWEN3, [{ chunks: ['Hi.'] }], { softwareAdapter: true });
    const { response } = await generate(runtime, request({ tools: [] }));
    expect(response.trace?.notes).toContain(SOFTWARE_ADAPTER_NOTE);
    expect(SOFTWARE_ADAPTER_NOTE).toMatch(/may be wrong.*CPU runtime/);
  });
});

describe('generate path: Stop', () => {
  it('interrupts the engine mid-stream: finish "abort", the text so far, and the worker answers the next call', async () => {
    const { runtime, engine } = await setUp(QWEN3, [
      { chunks: ['Let me ', 'think about ', 'this for a long time'], holdAfter: 2 },
      { chunks: ['896.'] },
    ]);
    const stop = new AbortController();
    const deltas: string[] = [];
    const response = await runtime.generate(request(), {
      signal: stop.signal,
      onDelta: (t) => {
        deltas.push(t);
        if (deltas.length === 2) stop.abort();
      },
    });
    expect(engine().interrupts).toBe(1);
    expect(response.finishReason).toBe('abort');
    expect(response.raw).toBe('Let me think about ');
    expect(deltas).toEqual(['Let me ', 'think about ']);

    // web-llm rebuilds its cache after an abort; the next call still streams.
    const next = await generate(runtime, request({ round: 2 }));
    expect(next.response.raw).toBe('896.');
    expect(next.response.trace?.notes).toContain(
      'KV cache: the previous call ended with "abort", after which web-llm rebuilds its cache: the whole prompt is prefilled.',
    );
    expect(engine().prefilled[1]).toBe(engine().prefilled[0]);
  });

  it('a Stop before the call starts refuses it without reaching the engine', async () => {
    const { runtime, engine } = await setUp(QWEN3, [{ chunks: ['x'] }]);
    const stop = new AbortController();
    stop.abort();
    const failure = await failureOf(runtime.generate(request(), { signal: stop.signal, onDelta: () => {} }));
    expect(failure.message).toBe('Stopped before the call started.');
    expect(engine().requests).toHaveLength(0);
  });
});

describe('generate path: the structural tag for each tool choice', () => {
  type Tag = {
    triggers: string[];
    tags: { begin: string; end: string; content: { json_schema: unknown } }[];
    at_least_one: boolean;
    stop_after_first: boolean;
  };
  const tagOf = (r: { response_format?: unknown }) =>
    (r.response_format as { structural_tag: { format: Tag } } | undefined)?.structural_tag.format;

  it('auto, required, a named tool, none, and parallel calls off', async () => {
    const { runtime, engine } = await setUp(
      QWEN3,
      Array.from({ length: 5 }, () => ({ chunks: [CALL] })),
    );
    await generate(runtime, request({ toolChoice: 'auto' }));
    await generate(runtime, request({ toolChoice: 'required' }));
    await generate(runtime, request({ toolChoice: { name: 'current_time' } }));
    const none = await generate(runtime, request({ toolChoice: 'none' }));
    await generate(runtime, request({ parallelToolCalls: false }));
    const [auto, required, named, noTools, single] = engine().requests.map(tagOf);

    expect(auto).toMatchObject({ triggers: ['<tool_call>'], at_least_one: false, stop_after_first: false });
    expect(auto!.tags.map((t) => t.begin)).toEqual([
      '<tool_call>\n{"name": "calculate", "arguments": ',
      '<tool_call>\n{"name": "current_time", "arguments": ',
    ]);
    expect(auto!.tags[0]!.content.json_schema).toEqual(calculate.inputSchema);
    expect(required).toMatchObject({ at_least_one: true, stop_after_first: false });
    expect(required!.tags).toHaveLength(2);
    expect(named).toMatchObject({ at_least_one: true });
    expect(named!.tags.map((t) => t.begin)).toEqual(['<tool_call>\n{"name": "current_time", "arguments": ']);
    expect(noTools).toBeUndefined();
    expect(engine().requests[3]!.messages[0]!.content).toBe('You are a helpful assistant.');
    expect(none.response.trace?.toolsSent).toEqual([]);
    expect(single).toMatchObject({ stop_after_first: true });
  });

  it('a named tool the request does not offer is refused before the engine is called', async () => {
    const { runtime, engine } = await setUp(QWEN3, [{ chunks: ['x'] }]);
    const asked = request({ tools: [calculate], toolChoice: { name: 'current_time' } });
    const check = runtime.checkRequest(asked);
    expect(check).toEqual({
      ok: false,
      error:
        'Tool choice names "current_time", which is not among the tools this request offers (calculate). Tick it in the Tools panel, or pick another tool choice.',
    });
    const failure = await failureOf(generate(runtime, asked));
    expect(failure.message).toBe(check.ok ? '' : check.error);
    expect(failure.code).toBe('tool-choice-unsupported');
    expect(engine().requests).toHaveLength(0);
  });
});

describe('generate path: a model with no tool format (ChatML without tools)', () => {
  const chatml: RuntimeOptions = {
    format: { id: 'chatml', source: 'user', evidence: 'your choice in the Model panel' },
  };

  it('refuses "required" and a named tool with the real reason, before and inside generate', async () => {
    const { runtime, engine } = await setUp('local/tiny', [{ chunks: ['x'] }], chatml);
    for (const toolChoice of ['required', { name: 'calculate' }] as const) {
      const asked = request({ toolChoice });
      const check = runtime.checkRequest(asked);
      expect(check.ok).toBe(false);
      const reason = check.ok ? '' : check.error;
      expect(reason).toMatch(/^local\/tiny has no tool format \(prompt format: ChatML without tools\)/);
      expect(reason).not.toMatch(/not among/);
      expect((await failureOf(generate(runtime, asked))).message).toBe(reason);
    }
    expect(engine().requests).toHaveLength(0);
  });

  it('with "auto" the request carries no tools and no constraint, and the trace says so', async () => {
    const { runtime, engine } = await setUp('local/tiny', [{ chunks: ['Hello.'] }], chatml);
    expect(runtime.checkRequest(request())).toEqual({ ok: true, value: undefined });
    const { response } = await generate(runtime, request());
    const sent = engine().requests[0]!;
    expect(sent.response_format).toBeUndefined();
    expect(JSON.stringify(sent.messages)).not.toContain('calculate');
    expect(response.trace?.toolsSent).toEqual([]);
    expect(response.trace?.promptFormat).toEqual({ id: 'chatml', label: 'ChatML without tools', source: 'user' });
    expect(response.trace?.notes?.join('\n')).toContain(
      'ChatML without tools: this model has no tool format, so the 2 offered tool(s) (calculate, current_time) are not sent',
    );
  });

  it('without a chosen format an unknown id falls back to ChatML without tools and says how to choose', async () => {
    const { runtime } = await setUp('local/tiny', [{ chunks: ['Hello.'] }]);
    const { response } = await generate(runtime, request());
    expect(response.trace?.promptFormat).toEqual({ id: 'chatml', label: 'ChatML without tools', source: 'model-id' });
    expect(response.trace?.notes?.join('\n')).toMatch(
      /from the model id "local\/tiny", which names no family with a tool format\./,
    );
  });
});

describe('generate path: KV-cache prefix across rounds', () => {
  it('round 2 extends round 1 (only the new part prefilled); an edited history diverges and prefills everything', async () => {
    const { runtime, engine } = await setUp(QWEN3, [
      { chunks: [CALL] },
      { chunks: ['It is 896.'] },
      { chunks: ['Yes.'] },
    ]);
    const first = await generate(runtime, request({ tools: [calculate] }));
    const interpreted = interpretResponse(first.response, () => 'call_1');
    const afterTools: Message[] = [
      ...question,
      interpreted.message,
      { role: 'tool', toolCallId: 'call_1', name: 'calculate', content: '896', isError: false },
    ];
    const second = await generate(runtime, request({ tools: [calculate], messages: afterTools, round: 2 }));
    expect(second.response.trace?.notes?.join('\n')).toMatch(
      /KV cache: this prompt extends the previous prompt \+ output \(\d+ characters reused\)/,
    );
    expect(engine().prefilled[1]).toBeLessThan(engine().prefilled[0]! / 4);
    expect(second.response.usage?.promptTokens).toBe(engine().prefilled[1]);

    // The second answer comes back edited (as a fork or a hand-written turn does): web-llm cannot reuse its cache.
    const edited: Message[] = [
      ...afterTools,
      { role: 'assistant', content: 'It is 900.', raw: 'It is 900.', toolCalls: [] },
      { role: 'user', content: 'Sure?' },
    ];
    const third = await generate(runtime, request({ tools: [calculate], messages: edited, round: 3 }));
    expect(third.response.trace?.notes?.join('\n')).toMatch(/does NOT extend the previous one .*"896\.?/);
    expect(engine().prefilled[2]).toBeGreaterThan(engine().prefilled[0]!);
  });
});

describe('generate path: native Hermes tools', () => {
  it('an empty call array means "no call": the runtime asks again without tools for the prose answer', async () => {
    const { runtime, engine } = await setUp(HERMES_NATIVE, [{ chunks: ['[', ']'] }, { chunks: ['It is 896.'] }], {
      nativeTools: true,
    });
    const { response, deltas } = await generate(runtime, request({ tools: [calculate] }));
    expect(engine().requests[0]!.tools?.map((t) => t.function.name)).toEqual(['calculate']);
    expect(engine().requests[1]!.tools).toBeUndefined();
    expect(deltas.join('')).toBe('[]\nIt is 896.');
    expect(response.raw).toBe('It is 896.');
    expect(response.trace?.toolsSent).toEqual(['calculate']);
  });

  it('native calls come back parsed; "required" is refused because web-llm ignores tool_choice', async () => {
    const { runtime } = await setUp(
      HERMES_NATIVE,
      [{ chunks: ['[{"name": "calculate", ', '"arguments": {"operation": "add", "a": 1, "b": 2}}]'] }],
      { nativeTools: true },
    );
    expect(runtime.checkRequest(request({ toolChoice: 'required' }))).toMatchObject({
      ok: false,
      error: expect.stringMatching(/native tools field ignores tool choice "required"/),
    });
    const { response } = await generate(runtime, request({ tools: [calculate] }));
    expect(response.finishReason).toBe('tool_calls');
    expect(response.nativeToolCalls).toEqual([
      { id: 'call_1_1', name: 'calculate', argumentsText: '{"operation":"add","a":1,"b":2}' },
    ]);
  });

  it("output that is not a JSON array: web-llm's ToolCallOutputParseError is reported and the raw text kept", async () => {
    const { runtime } = await setUp(HERMES_NATIVE, [{ chunks: ['I will call it'] }, { chunks: ['ok'] }], {
      nativeTools: true,
    });
    const { response } = await generate(runtime, request({ tools: [calculate] }));
    const notes = response.trace?.notes?.join('\n');
    expect(notes).toMatch(
      /web-llm could not parse its native tool-call output \(ToolCallOutputParseError: Internal error/,
    );
    expect(notes).toContain('Native tools: the first reply ("I will call it") held no call');
    expect(response.raw).toBe('ok');
  });
});

describe("generate path: web-llm's errors, each with its message", () => {
  it('no model loaded: ModelNotLoadedError from a real MLCEngine', async () => {
    const worker = startFakeWorker({ replies: [] });
    closers.push(worker.close);
    const runtime = new WebLLMRuntime(worker.client, QWEN3, 'WebGPU', () => ({}));
    const failure = await failureOf(generate(runtime, request()));
    expect(failure.detail).toMatch(/^ModelNotLoadedError: /);
    expect(failure.message).toBe('No model is loaded. Load a model in the Model panel first.');
  });

  it('an unknown model id: ModelNotFoundError from a real MLCEngine', async () => {
    const worker = startFakeWorker({ replies: [] });
    closers.push(worker.close);
    const error = await rejectionOf(worker.client.call({ type: 'load', modelId: 'no-such-model', extraModels: [] }));
    expect(error.detail).toMatch(/^ModelNotFoundError: Cannot find model record in appConfig for no-such-model/);
    expect(error.message).toMatch(/^web-llm has no record for this model id/);
  });

  it('out of GPU memory while loading: DeviceLostError', async () => {
    const DeviceLost = webllmErrorClass('DeviceLostError') as new () => Error;
    const worker = startFakeWorker({ replies: [], loadError: new DeviceLost() });
    closers.push(worker.close);
    const error = await rejectionOf(worker.client.call({ type: 'load', modelId: QWEN3, extraModels: [] }));
    expect(error.code).toBe('out-of-memory');
    expect(error.message).toMatch(/GPU ran out of memory/);
  });

  it('unload during a load resolves web-llm quietly: reported as a cancel', async () => {
    const worker = startFakeWorker({ replies: [] });
    closers.push(worker.close);
    const load = rejectionOf(worker.client.call({ type: 'load', modelId: QWEN3, extraModels: [] }));
    await worker.client.call({ type: 'unload' });
    expect((await load).detail).toMatch(/LoadCancelledError/);
  });

  it('a prompt over the context window: ContextWindowSizeExceededError', async () => {
    const Exceeded = webllmErrorClass('ContextWindowSizeExceededError') as new (n: number, w: number) => Error;
    const { runtime } = await setUp(QWEN3, [{ chunks: [], fail: { afterChunks: 0, error: new Exceeded(5000, 4096) } }]);
    const failure = await failureOf(generate(runtime, request()));
    expect(failure.code).toBe('context-window');
    expect(failure.message).toMatch(/longer than the model's context window/);
    expect(failure.detail).toMatch(/number of prompt tokens: 5000; context window size: 4096/);
  });

  it('the grammar matcher rejecting a sampled token mid-stream: a plain message, and the worker still answers', async () => {
    expect(libSource).toContain('throw Error("Grammar matcher rejected the newly sampled token.")');
    const { runtime } = await setUp(QWEN3, [
      {
        chunks: ['<tool_call>\n{"name": "calc'],
        fail: { afterChunks: 1, error: Error('Grammar matcher rejected the newly sampled token.') },
      },
      { chunks: ['ok'] },
    ]);
    const failure = await failureOf(generate(runtime, request()));
    expect(failure.code).toBe('grammar-rejected');
    expect(failure.message).toMatch(/token the tool-call constraint forbids.*software WebGPU adapters.*CPU runtime/);
    expect((await generate(runtime, request({ round: 2 }))).response.raw).toBe('ok');
  });

  it("a request web-llm refuses gets web-llm's own error through the worker (MessageOrderError)", async () => {
    const { client } = await setUp(QWEN3, []);
    const error = await rejectionOf(
      (client as WorkerClient).call({
        type: 'generate',
        request: {
          stream: true,
          messages: [
            { role: 'user', content: 'hi' },
            { role: 'assistant', content: 'x' },
          ],
        },
        segments: [],
      }),
    );
    expect(error.detail).toBe('MessageOrderError: Last message should be from either `user` or `tool`.');
    expect(error.code).toBe('request-invalid');
  });
});
