import { describe, expect, it } from 'vitest';
import { createPresetTools } from '../presets';
import { toDefinition } from '../tool';
import type { LoopEvent } from './events';
import { DEFAULT_SETTINGS } from './events';
import type { RequestContext, RequestStep } from './request';
import { createRequestMemo, exposedDefinitions, nextRequest, RUN_ENDED } from './request';
import { INITIAL_STATE, replay } from './state';
import type { Workspace } from './workspace';
import { noticePartText } from './notices';
import { EMPTY_WORKSPACE, fixToolChoice, toggleExposed, workspaceForScenario, workspaceOfRun } from './workspace';
import { getScenario } from '../scenarios';

const catalog = createPresetTools().map(toDefinition);
const seoul = getScenario('seoul-time-math')!;
const workspace: Workspace = workspaceForScenario(seoul, EMPTY_WORKSPACE);

const started: LoopEvent = {
  type: 'run-started',
  at: 0,
  runId: 'r',
  config: {
    system: seoul.system,
    tools: catalog.filter((t) => seoul.toolNames.includes(t.name)),
    runtime: { kind: 'scripted', label: 'Scripted replay' },
    settings: DEFAULT_SETTINGS,
  },
};

const context = (patch: Partial<RequestContext> = {}): RequestContext => ({
  workspace,
  state: INITIAL_STATE,
  catalog,
  ...patch,
});

describe('nextRequest', () => {
  it('at idle is the first request of a new run: system prompt, the draft, the ticked tools in order', () => {
    const result = nextRequest(context());
    expect(result.ok && result.value).toMatchObject({
      messages: [
        { role: 'system', content: seoul.system },
        { role: 'user', content: seoul.user },
      ],
      toolChoice: 'auto',
      round: 1,
    });
    expect(result.ok && result.value.tools.map((t) => t.name)).toEqual(['current_time', 'calculate']);
  });

  it('sends what is ticked: a preset the scenario did not name joins the request', () => {
    const ticked = toggleExposed(workspace, 'discount', true);
    const result = nextRequest(context({ workspace: ticked }));
    expect(result.ok && result.value.tools.map((t) => t.name)).toEqual(['current_time', 'calculate', 'discount']);
  });

  it('at prompt sends the run’s history; at done there is none, with the reason', () => {
    const prompt = replay([started, { type: 'user-message', at: 1, content: 'hi' }]);
    const result = nextRequest(context({ state: prompt }));
    expect(result.ok && result.value.messages.map((m) => m.role)).toEqual(['system', 'user']);
    const done = replay([
      started,
      { type: 'user-message', at: 1, content: 'hi' },
      { type: 'run-finished', at: 2, reason: 'stopped' },
    ]);
    expect(nextRequest(context({ state: done }))).toEqual({ ok: false, error: RUN_ENDED });
  });

  it('refuses a tool choice naming a tool that is not exposed, tools that are gone and duplicate names', () => {
    const only = { ...workspace, settings: { ...workspace.settings, toolChoice: { name: 'discount' } } };
    expect(nextRequest(context({ workspace: only }))).toMatchObject({
      ok: false,
      error: expect.stringContaining('discount'),
    });
    const gone = toggleExposed(workspace, 'my_deleted_tool', true);
    expect(nextRequest(context({ workspace: gone }))).toMatchObject({
      ok: false,
      error: expect.stringContaining('my_deleted_tool is exposed but no longer in the workspace'),
    });
    const twice = [...catalog, { ...catalog[0]!, source: 'user' as const }];
    expect(exposedDefinitions(toggleExposed(workspace, catalog[0]!.name, true), twice)).toMatchObject({
      ok: false,
      error: expect.stringContaining('Two tools of this request are named'),
    });
  });

  it('tool choice none sends no tools; a workspace flag overrides the tool’s own', () => {
    const none = { ...workspace, settings: { ...workspace.settings, toolChoice: 'none' as const } };
    expect(nextRequest(context({ workspace: none }))).toMatchObject({ ok: true, value: { tools: [] } });
    const reserve = workspaceForScenario(getScenario('reserve-and-todo')!, EMPTY_WORKSPACE);
    const result = nextRequest(context({ workspace: reserve }));
    expect(result.ok && result.value.tools.find((t) => t.name === 'reserve_inventory')?.needsApproval).toBe(true);
  });

  it('runs the registered steps in order, last', () => {
    const steps: RequestStep[] = [
      { id: 'a', apply: (r) => ({ ...r, tools: r.tools.slice(1) }) },
      { id: 'b', apply: (r) => ({ ...r, parallelToolCalls: false }) },
    ];
    const result = nextRequest(context(), steps);
    expect(result.ok && result.value.tools.map((t) => t.name)).toEqual(['calculate']);
    expect(result.ok && result.value.parallelToolCalls).toBe(false);
  });

  it('is memoized on the identity of its inputs: asked twice, the same object', () => {
    const memo = createRequestMemo([]);
    const c = context();
    expect(memo(c)).toBe(memo({ ...c }));
    expect(memo(c)).not.toBe(memo(context({ workspace: { ...workspace } })));
  });
});

describe('the workspace', () => {
  it('falls back to auto, saying so, when the tool choice names a tool no longer exposed', () => {
    const only = { ...workspace, settings: { ...workspace.settings, toolChoice: { name: 'calculate' } } };
    expect(fixToolChoice(only).notice).toBeNull();
    const fixed = fixToolChoice(toggleExposed(only, 'calculate', false));
    expect(fixed.workspace.settings.toolChoice).toBe('auto');
    expect(fixed.notice).toEqual({ code: 'toolChoiceReset', values: { name: 'calculate' } });
    expect(noticePartText(fixed.notice!)).toBe('Tool choice was “only calculate”; that tool is not exposed now: auto.');
  });

  it('is restored from a run: scenario, system, the tools it exposes now, settings and runtime', () => {
    const state = replay([
      { ...started, config: { ...started.config, scenarioId: seoul.id } } as LoopEvent,
      { type: 'settings-changed', at: 1, settings: { ...DEFAULT_SETTINGS, maxRounds: 3 } },
      {
        type: 'workspace-changed',
        at: 2,
        tools: catalog.filter((t) => t.name === 'discount'),
        runtime: { kind: 'human', label: 'You are the model' },
      },
    ]);
    expect(workspaceOfRun(state, EMPTY_WORKSPACE)).toMatchObject({
      scenarioId: seoul.id,
      system: seoul.system,
      exposed: ['discount'],
      settings: { maxRounds: 3 },
      runtimeKind: 'human',
    });
  });
});
