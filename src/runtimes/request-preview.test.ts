/**
 * Issue 28, item 7: the Request tab's preview is exactly the body the selected runtime sends. For every preset
 * scenario and every runtime kind that runs here, `previewRequest(request)` printed as the page prints it equals,
 * byte for byte, the `trace.requestJson` its `generate` records for the same request: the scripted replay on every
 * request of every scenario's run (a spy at the runtime port asks for the preview right before each call), a
 * person playing the model, the endpoint in both protocol modes (its server answered by a recorded SSE stream), and
 * WebLLM through its real worker host (the fake MLCEngine behind it). The CPU runtime needs wllama's WebAssembly in
 * a browser: e2e/request-preview.spec.ts holds it there.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { ChatRuntime, GenerateOptions, ModelRequest, RequestPreview, Result } from '../engine';
import {
  createHumanRuntime,
  createPresetTools,
  createScriptedRuntime,
  DEFAULT_SETTINGS,
  LoopController,
  PROMPT_FORMATS,
  SCENARIOS,
} from '../engine';
import { toolsForScenario } from '../engine/scenarios';
import { EMPTY_WORKSPACE, workspaceForScenario } from '../engine/loop/workspace';
import { exposedDefinitions, nextRequest } from '../engine/loop/request';
import { INITIAL_STATE } from '../engine/loop/state';
import { createLessonTools } from '../engine/presets/lesson-tools';
import { createWorkspace28Tools } from '../engine/scenarios/workspace-28';
import { toDefinition } from '../engine/tool';
import { ToolSearchSession } from '../engine/tool-search/apply';
import { createEndpointRuntime } from './endpoint/endpoint-runtime';
import type { ProtocolMode } from './endpoint/request-body';
import { OPENAI_TEXT } from './endpoint/recorded-streams';
import { startFakeWorker } from './webllm/fake-mlc-engine';
import { WebLLMRuntime } from './webllm/webllm-runtime';

/** The page prints both the preview and the sent request so. */
const printed = (value: unknown) => JSON.stringify(value, null, 2);

function previewOf(runtime: ChatRuntime, request: ModelRequest): RequestPreview {
  const preview: Result<RequestPreview> | undefined = runtime.previewRequest?.(request);
  if (!preview?.ok) throw new Error(`no preview: ${preview ? preview.error : 'previewRequest is missing'}`);
  return preview.value;
}

const options = (): GenerateOptions => ({ signal: new AbortController().signal, onDelta: () => {} });

const catalog = [
  ...createPresetTools(),
  ...createLessonTools(),
  new ToolSearchSession().tool,
  ...createWorkspace28Tools(),
].map(toDefinition);

/** Each scenario's first request, as the Request tab previews it before Send. */
function firstRequest(scenarioId: string): ModelRequest {
  const workspace = workspaceForScenario(
    SCENARIOS.find((s) => s.id === scenarioId)!,
    EMPTY_WORKSPACE,
  );
  expect(exposedDefinitions(workspace, catalog).ok).toBe(true);
  const request = nextRequest({ workspace, state: INITIAL_STATE, catalog });
  if (!request.ok) throw new Error(request.error);
  return request.value;
}

describe('the preview is byte for byte the body the runtime sends', () => {
  for (const scenario of SCENARIOS) {
    describe(scenario.id, () => {
      it('scripted replay: every request of the run', async () => {
        const inner = createScriptedRuntime({
          script: scenario.script,
          tokensPerSecond: 0,
          sleep: () => Promise.resolve(),
          now: () => 0,
        });
        let checked = 0;
        // A spy at the runtime port: the preview right before the call, the body the call recorded after it.
        const spy: ChatRuntime = {
          kind: inner.kind,
          label: inner.label,
          async generate(request, opts) {
            const preview = previewOf(inner, request);
            const response = await inner.generate(request, opts);
            expect(preview.wire).toBe('openai-chat');
            expect(printed(preview.body)).toBe(printed(response.trace!.requestJson));
            checked += 1;
            return response;
          },
        };
        const controller = new LoopController({ runtime: () => spy, now: () => 0, newRunId: () => scenario.id });
        const started = controller.startRun({
          system: scenario.system,
          tools: toolsForScenario(scenario, [...createPresetTools(), ...createLessonTools()]),
          settings: { ...DEFAULT_SETTINGS, ...scenario.settings, pauseBeforeTools: false },
        });
        if (!started.ok) throw new Error(started.error);
        controller.send(scenario.user);
        await controller.runToEnd();
        expect(checked).toBeGreaterThan(0);
      });

      it('you are the model', async () => {
        const runtime = createHumanRuntime({ now: () => 0 });
        const request = firstRequest(scenario.id);
        const preview = previewOf(runtime, request);
        const pending = runtime.generate(request, options());
        expect(runtime.submit({ text: 'Done.', toolCalls: [], finishReason: 'stop' }).ok).toBe(true);
        expect(printed(preview.body)).toBe(printed((await pending).trace!.requestJson));
      });

      for (const mode of ['server-tools', 'app-protocol'] as const satisfies readonly ProtocolMode[]) {
        it(`OpenAI-compatible endpoint, ${mode}`, async () => {
          const fetchStub = async () =>
            new Response(OPENAI_TEXT, { status: 200, headers: { 'content-type': 'text/event-stream' } });
          const runtime = createEndpointRuntime(
            'Endpoint',
            () => ({
              ok: true,
              value: {
                access: { baseUrl: 'http://127.0.0.1:8000/v1', apiKey: '', timeoutS: 30 },
                model: 'Qwen/Qwen2.5-7B-Instruct',
                mode,
                format: PROMPT_FORMATS['qwen2.5'],
                formatGuessed: true,
                constraint: 'none',
                server: 'vllm',
                seed: 1,
                pageOrigin: 'http://127.0.0.1:4173',
              },
            }),
            { now: () => 0, fetch: fetchStub as unknown as typeof fetch },
          );
          const request = firstRequest(scenario.id);
          const preview = previewOf(runtime, request);
          const response = await runtime.generate(request, options());
          expect(preview.wire).toBe('openai-chat');
          expect(printed(preview.body)).toBe(printed(response.trace!.requestJson));
        });
      }
    });
  }
});

describe('WebLLM: the preview is the request its worker receives', () => {
  const worker = startFakeWorker({ replies: SCENARIOS.map(() => ({ chunks: ['Done.'] })) });
  afterAll(() => worker.close());
  const modelId = 'Qwen3-0.6B-q4f32_1-MLC';
  let runtime: WebLLMRuntime | null = null;

  for (const scenario of SCENARIOS) {
    it(scenario.id, async () => {
      if (runtime === null) {
        await worker.client.call({ type: 'init' });
        const loaded = await worker.client.call({ type: 'load', modelId, extraModels: [] });
        runtime = new WebLLMRuntime(worker.client, modelId, loaded.type === 'loaded' ? loaded.gpu : '?', () => ({}));
      }
      const request = firstRequest(scenario.id);
      const check = runtime.checkRequest(request);
      const preview = runtime.previewRequest(request);
      if (!check.ok) {
        // What the runtime refuses it cannot preview either: the same reason.
        expect(preview).toEqual({ ok: false, error: check.error });
        return;
      }
      if (!preview.ok) throw new Error(preview.error);
      expect(preview.value.wire).toBe('webllm');
      const response = await runtime.generate(request, options());
      expect(printed(preview.value.body)).toBe(printed(response.trace!.requestJson));
      // …and what the engine behind the worker received (after the worker boundary's structured clone).
      expect(printed(worker.engine().requests.at(-1))).toBe(printed(preview.value.body));
    });
  }
});
