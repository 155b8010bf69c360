/**
 * Show the code → TypeScript · Anthropic, RUN: the generated program, transpiled as written, drives the REAL
 * `@anthropic-ai/sdk` (its Messages API client and its tool runner) against a local server that answers as the
 * Messages API does — first a `tool_use`, then a final text. Every generated implementation throws until it is
 * filled in, so the call is a tool error: both variants must send it back as a `tool_result` with `is_error: true`
 * (the SDK's error form), not as ordinary text.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ADVISOR_CONFIG } from '../advisors/setup';
import { exposedDefinitions } from '../loop/request';
import { EMPTY_WORKSPACE, workspaceForScenario } from '../loop/workspace';
import { createPresetTools } from '../presets';
import { getScenario } from '../scenarios';
import { toDefinition } from '../tool';
import type { MessagesServer } from './anthropic-program.test-support';
import { sentResults, startMessagesServer } from './anthropic-program.test-support';
import { generateProgram } from './index';

let server: MessagesServer;
beforeAll(async () => {
  server = await startMessagesServer();
});
afterAll(() => server.close());

function seoulProgram(): string {
  const workspace = workspaceForScenario(getScenario('seoul-time-math')!, EMPTY_WORKSPACE);
  const tools = exposedDefinitions(workspace, createPresetTools().map(toDefinition));
  if (!tools.ok) throw new Error(tools.error);
  return generateProgram('anthropic-ts', {
    title: 'Seoul',
    system: workspace.system,
    user: workspace.userDraft,
    tools: tools.value,
    settings: workspace.settings,
    advisors: DEFAULT_ADVISOR_CONFIG,
  }).code;
}

const ERROR_RESULT = {
  type: 'tool_result',
  tool_use_id: 'toolu_1',
  content: 'calculate is not implemented yet{"operation":"multiply","a":128,"b":7}',
  is_error: true,
};

describe('the Anthropic program sends a tool error in the SDK’s error form', () => {
  it('the manual loop: tool_result with is_error: true and the error text', async () => {
    const requests = await server.run(seoulProgram(), 'manualLoop');
    expect(requests).toHaveLength(2);
    expect(sentResults(requests)).toEqual([ERROR_RESULT]);
  });

  it('the tool runner: the same text, and is_error: true (it used to be an ordinary result)', async () => {
    const requests = await server.run(seoulProgram(), 'withToolRunner');
    expect(requests).toHaveLength(2);
    expect(sentResults(requests)).toEqual([ERROR_RESULT]);
  });
});
