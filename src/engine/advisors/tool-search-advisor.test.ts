import { describe, expect, it } from 'vitest';
import { AdvisorChain } from './chain';
import type { AdvisedRequest, AdvisedResponse, AdvisorInvocation, ChainEnvironment } from './types';
import type { Message, ToolMessage } from '../messages';
import { interpretResponse } from '../protocol/interpret';
import { createScriptedRuntime } from '../model-port/scripted';
import type { Tool } from '../tool';
import { toDefinition } from '../tool';
import { executeToolCall, toToolMessage } from '../loop/tool-execution';
import { createToolRegistry } from '../tool-registry';
import { ORIGINAL_TOOLS_KEY, ToolSearchToolCallingAdvisor } from './tool-search-advisor';
import { ToolSearchSession } from '../tool-search/apply';
import { TOOL_SEARCH_SYSTEM_SUFFIX, TOOL_SEARCH_TOOL_NAME } from '../tool-search/search-tool';
import { createWorkspace28Tools, LANDSMEER_SCENARIO } from '../scenarios/workspace-28';

const NOW = Date.UTC(2026, 2, 14, 10, 30);

/** A chain environment with the scripted replay as the model and the real tool manager over `tools`. */
function landsmeerEnv(tools: readonly Tool[]) {
  const runtime = createScriptedRuntime({
    script: LANDSMEER_SCENARIO.script,
    tokensPerSecond: 0,
    sleep: async () => {},
    now: () => NOW,
  });
  const registry = createToolRegistry(tools);
  const requests: AdvisedRequest[] = [];
  const invocations: AdvisorInvocation[] = [];
  let round = 0;
  let ids = 0;
  const env: ChainEnvironment = {
    async callModel(request) {
      round += 1;
      requests.push(request);
      const response = await runtime.generate(
        { messages: request.messages, tools: request.tools, toolChoice: 'auto', parallelToolCalls: true, round },
        { signal: new AbortController().signal, onDelta: () => {} },
      );
      const interpreted = interpretResponse(response, () => `call_${++ids}`);
      const advised: AdvisedResponse = {
        message: interpreted.message,
        calls: interpreted.executableCalls,
        usage: null,
        finishRaw: response.finishReason,
        round,
      };
      return advised;
    },
    async executeTools(calls, fullHistory: readonly Message[], response) {
      const toolMessages: ToolMessage[] = [];
      for (const call of calls) {
        const outcome = await executeToolCall(
          call,
          { kind: 'approve' },
          {
            registry,
            exceptionMode: 'send-to-model',
            now: () => NOW,
            signal: new AbortController().signal,
          },
        );
        toolMessages.push(...toToolMessage(outcome));
      }
      return { history: [...fullHistory, response.message, ...toolMessages], toolMessages, returnDirect: false };
    },
    record(invocation) {
      invocations.push(invocation);
    },
  };
  return { env, requests, invocations };
}

function setup(accumulate = true) {
  const session = new ToolSearchSession({ index: 'regex' });
  const tools = [session.tool, ...createWorkspace28Tools()];
  const { env, requests, invocations } = landsmeerEnv(tools);
  const advisor = new ToolSearchToolCallingAdvisor({ session, accumulate });
  const request: AdvisedRequest = {
    messages: [
      { role: 'system', content: LANDSMEER_SCENARIO.system },
      { role: 'user', content: LANDSMEER_SCENARIO.user },
    ],
    tools: tools.map(toDefinition),
    context: new Map(),
  };
  return { session, advisor, env, requests, invocations, request };
}

describe('ToolSearchToolCallingAdvisor', () => {
  it('runs the Landsmeer task: search first, found tools join the next rounds, answer after 5 calls', async () => {
    const { advisor, env, requests, invocations, request, session } = setup();
    const response = await AdvisorChain.build([advisor], env).nextCall(request);
    expect(response.message.content).toContain('Clothing shops open right now');
    expect(requests.map((r) => r.tools.map((t) => t.name))).toEqual([
      [TOOL_SEARCH_TOOL_NAME],
      [TOOL_SEARCH_TOOL_NAME, 'currentTime', 'convertTimeZone'],
      [TOOL_SEARCH_TOOL_NAME, 'currentTime', 'convertTimeZone', 'weather'],
      [TOOL_SEARCH_TOOL_NAME, 'currentTime', 'convertTimeZone', 'weather', 'clothing'],
      [TOOL_SEARCH_TOOL_NAME, 'currentTime', 'convertTimeZone', 'weather', 'clothing'],
    ]);
    // The suffix is appended once, at loop initialisation, and every round carries it.
    for (const r of requests) {
      expect(r.messages[0]!.content).toBe(`${LANDSMEER_SCENARIO.system}\n\n${TOOL_SEARCH_SYSTEM_SUFFIX}`);
    }
    expect((request.context.get(ORIGINAL_TOOLS_KEY) as unknown[]).length).toBe(28);
    const hooks = invocations.map((i) => i.hook);
    expect(hooks.filter((h) => h === 'initialize-loop')).toHaveLength(1);
    expect(hooks.filter((h) => h === 'before-call')).toHaveLength(5);
    expect(invocations[0]!.name).toBe('Tool search tool calling');
    expect(session.reindexCount).toBe(1);
  });

  it('with accumulation off, exposes only the latest search’s tools', async () => {
    const { advisor, env, requests, request } = setup(false);
    await AdvisorChain.build([advisor], env).nextCall(request);
    expect(requests[2]!.tools.map((t) => t.name)).toEqual([TOOL_SEARCH_TOOL_NAME, 'weather']);
    expect(requests[3]!.tools.map((t) => t.name)).toEqual([TOOL_SEARCH_TOOL_NAME, 'clothing']);
  });

  it('keeps the index across requests of the same tool set (no re-index)', async () => {
    const { advisor, env, request, session } = setup();
    const chain = AdvisorChain.build([advisor], env);
    await chain.nextCall(request);
    const again = await AdvisorChain.build(
      [advisor],
      landsmeerEnv([session.tool, ...createWorkspace28Tools()]).env,
    ).nextCall({
      ...request,
      context: new Map(),
    });
    expect(again.message.content).toContain('Here is your plan');
    expect(session.reindexCount).toBe(1);
  });
});
