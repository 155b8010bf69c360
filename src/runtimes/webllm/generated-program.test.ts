/**
 * Show the code → TypeScript · web-llm, RUN: for every preset scenario the generated program is transpiled and
 * executed, its `CreateMLCEngine` answered by an engine whose `chat.completions.create` puts each request through
 * web-llm's own checks (`postInitAndCheckFieldsChatCompletion` of the pinned library, on the request object itself,
 * as a main-thread MLCEngine does) before it plays a reply. The first request must also be the one the app's
 * WebLLM runtime builds for the same workspace (`buildRequest`), so the program shows what the app sends.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_ADVISOR_CONFIG } from '../../engine/advisors/setup';
import { generateProgram } from '../../engine/codegen';
import type { CodegenInput } from '../../engine/codegen';
import { WEBLLM_PROGRAM_MODEL } from '../../engine/codegen/webllm-ts';
import { exposedDefinitions, nextRequest } from '../../engine/loop/request';
import { INITIAL_STATE } from '../../engine/loop/state';
import type { Workspace } from '../../engine/loop/workspace';
import { EMPTY_WORKSPACE, workspaceForScenario } from '../../engine/loop/workspace';
import { createPresetTools } from '../../engine/presets';
import { createLessonTools } from '../../engine/presets/lesson-tools';
import { SCENARIOS } from '../../engine/scenarios';
import { createWorkspace28Tools } from '../../engine/scenarios/workspace-28';
import { toDefinition } from '../../engine/tool';
import { ToolSearchSession } from '../../engine/tool-search/apply';
import { PROGRAM_CALL as CALL, removeRunPrograms, runProgram } from './generated-program.test-support';
import { buildRequest } from './request-builder';

const catalog = [
  ...createPresetTools(),
  ...createLessonTools(),
  new ToolSearchSession().tool,
  ...createWorkspace28Tools(),
].map(toDefinition);

function inputFor(workspace: Workspace, title: string): CodegenInput {
  const tools = exposedDefinitions(workspace, catalog);
  if (!tools.ok) throw new Error(tools.error);
  return {
    title,
    system: workspace.system,
    user: workspace.userDraft,
    tools: tools.value,
    settings: workspace.settings,
    advisors: DEFAULT_ADVISOR_CONFIG,
  };
}

afterAll(removeRunPrograms);

describe('the generated web-llm program against web-llm 0.2.86’s own request checks', () => {
  for (const scenario of SCENARIOS) {
    it(`${scenario.id}: every request passes, and the first is the one the WebLLM runtime builds`, async () => {
      const workspace = workspaceForScenario(scenario, EMPTY_WORKSPACE);
      const input = inputFor(workspace, scenario.title);
      const code = generateProgram('webllm-ts', input).code;
      const replies = workspace.settings.maxRounds >= 2 ? [CALL, 'All done.'] : ['All done.'];
      const run = await runProgram(code, replies);
      expect(run.refusals).toEqual([]);
      expect(run.model).toBe(WEBLLM_PROGRAM_MODEL);
      expect(run.requests).toHaveLength(replies.length);

      const request = nextRequest({ workspace, state: INITIAL_STATE, catalog });
      if (!request.ok) throw new Error(request.error);
      const built = buildRequest(WEBLLM_PROGRAM_MODEL, request.value).request;
      const first = run.requests[0]!;
      expect(first.messages).toEqual(built.messages);
      expect(first.response_format).toEqual(built.response_format);

      if (replies.length === 2) {
        // The follow-up: the exact reply back as the assistant turn, the result as a user turn of <tool_response>.
        const second = run.requests[1]!;
        expect(second.messages.slice(0, -2)).toEqual(built.messages);
        expect(second.messages.at(-2)).toEqual({ role: 'assistant', content: CALL });
        expect(second.messages.at(-1)).toEqual({
          role: 'user',
          content: '<tool_response>\nUnknown tool: lookup\n</tool_response>',
        });
      }
    });
  }

  it('the checks can fail: the old program’s system message beside `tools` is refused for Hermes-3', async () => {
    const scenario = SCENARIOS.find((s) => s.id === 'seoul-time-math')!;
    const workspace = workspaceForScenario(scenario, EMPTY_WORKSPACE);
    const input = inputFor(workspace, scenario.title);
    const old = generateProgram('webllm-ts', input)
      .code.replace(`"${WEBLLM_PROGRAM_MODEL}"`, '"Hermes-3-Llama-3.1-8B-q4f16_1-MLC"')
      .replace(
        '...(RESPONSE_FORMAT ? { response_format: RESPONSE_FORMAT } : {}),',
        `tools: ${JSON.stringify(input.tools.map((t) => ({ type: 'function', function: { name: t.name, description: t.description, parameters: t.inputSchema } })))},`,
      );
    const run = await runProgram(old, ['All done.']);
    expect(run.refusals).toEqual([expect.stringMatching(/^CustomSystemPromptError/)]);
  });
});
