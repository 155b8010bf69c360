import { describe, expect, it } from 'vitest';
import { DEFAULT_ADVISOR_CONFIG } from '../advisors/config';
import { LoopController } from '../loop/controller';
import type { LoopEvent } from '../loop/events';
import { DEFAULT_SETTINGS } from '../loop/events';
import { noticePartText } from '../loop/notices';
import { transcript } from '../loop/projections';
import { replay } from '../loop/state';
import { createPresetTools } from '../presets';
import { withFullTraces } from '../loop/prompt-trace';
import { createScriptedRuntime } from '../model-port/scripted';
import { getScenario, toolsForScenario } from '../scenarios';
import { createFakeClock } from '../test-support';
import { newUserToolSpec } from '../user-tools/spec';
import { checkEvent, eventSchemas, LOOP_EVENT_TYPES } from './event-schema';
import { buildRunFile, MAX_RUN_FILE_CHARS, parseRunFile, RUN_FILE_FORMAT, RUN_FILE_VERSION } from './format';
import { compareRuns } from './compare';
import { defaultForkPoint, forkEvents, forkPoints } from './fork';
import { transcriptOf } from './transcript-export';
import { buildRunTree, flattenTree } from './tree';

const SEOUL = getScenario('seoul-time-math')!;

function controllerFor(runIds: string[] = ['run_a']) {
  const clock = createFakeClock();
  const runtime = createScriptedRuntime({
    script: SEOUL.script,
    tokensPerSecond: 0,
    now: clock.now,
    sleep: clock.sleep,
  });
  let n = 0;
  const controller = new LoopController({
    runtime: () => runtime,
    now: clock.now,
    newRunId: () => runIds[n++] ?? `run_${n}`,
  });
  return { controller, clock, tools: toolsForScenario(SEOUL, createPresetTools()) };
}

async function seoulRun(): Promise<readonly LoopEvent[]> {
  const { controller, tools } = controllerFor();
  controller.startRun({
    system: SEOUL.system,
    tools,
    settings: { ...DEFAULT_SETTINGS, ...SEOUL.settings },
    scenarioId: SEOUL.id,
  });
  controller.send(SEOUL.user);
  expect(await controller.runToEnd()).toEqual({ ok: true });
  expect(controller.getState().phase).toBe('done');
  return controller.getEvents();
}

function fileText(events: readonly LoopEvent[], extra: Record<string, unknown> = {}): string {
  const built = buildRunFile({
    run: { runId: 'run_a', title: 'Seoul', createdAt: 1, scenarioId: SEOUL.id, events },
    now: 0,
  });
  if (!built.ok) throw new Error(built.error);
  return JSON.stringify({ ...built.value.file, ...extra });
}

describe('event schema', () => {
  it('has one schema per event kind, exactly the kinds of LOOP_EVENT_TYPES', () => {
    expect(Object.keys(eventSchemas()).sort()).toEqual([...LOOP_EVENT_TYPES].sort());
  });

  it('accepts advisor events and refuses an unknown kind or a malformed event by position', () => {
    const chain: LoopEvent = {
      type: 'advisor-chain',
      at: 1,
      advisors: [{ name: 'memory', kind: 'memory', order: 200 }],
      loopOrder: 300,
      conversationHistoryEnabled: true,
    };
    const invoked: LoopEvent = {
      type: 'advisor-invoked',
      at: 2,
      round: 1,
      advisor: 'memory',
      kind: 'memory',
      order: 200,
      hook: 'before',
      sees: { roles: ['system', 'user'], summary: 'loaded 0', stored: [{ role: 'user', content: 'hi' }], loaded: 0 },
    };
    expect(checkEvent(chain, 0)).toEqual({ ok: true, value: chain });
    expect(checkEvent(invoked, 1)).toEqual({ ok: true, value: invoked });
    expect(checkEvent({ type: 'teleported', at: 1 }, 4)).toEqual({
      ok: false,
      error: 'Event 5 has an unknown type "teleported".',
    });
    const bad = checkEvent({ type: 'model-called', at: 1, round: -1, messageCount: 2, toolNames: [] }, 2);
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.error).toMatch(/^Event 3 \(model-called\) is malformed: round/);
  });
});

describe('run file export and import', () => {
  it('round-trips a finished run: same log, same transcript, no runtime needed', async () => {
    const events = await seoulRun();
    const imported = parseRunFile(fileText(events));
    expect(imported.ok).toBe(true);
    if (!imported.ok) return;
    expect(imported.value.warnings).toEqual([]);
    expect(imported.value.file.run.events).toEqual(events);
    expect(transcript(imported.value.file.run.events)).toEqual(transcript(events));
    expect(imported.value.file.tools.map((t) => t.name)).toEqual(['current_time', 'calculate']);
    expect(imported.value.file.runtime.kind).toBe('scripted');
    expect(replay(imported.value.file.run.events).finished?.finalAnswer).toContain('877');
  });

  it('keeps the latest settings and only the code of tools the run used', async () => {
    const events = await seoulRun();
    const withSettings: LoopEvent[] = [
      ...events,
      { type: 'settings-changed', at: 9, settings: { ...DEFAULT_SETTINGS, maxRounds: 4 } },
    ];
    const used = { ...newUserToolSpec('t1', 'calculate', 0), code: 'return 1;' };
    const unused = newUserToolSpec('t2', 'other_tool', 0);
    const built = buildRunFile({
      run: { runId: 'run_a', title: '', createdAt: 0, events: withSettings },
      toolCode: [used, unused],
      now: 0,
    });
    expect(built.ok && built.value.file.settings.maxRounds).toBe(4);
    expect(built.ok && built.value.file.toolCode?.map((s) => s.name)).toEqual(['calculate']);
    const back = parseRunFile(built.ok ? built.value.text : '');
    expect(back.ok && back.value.file.toolCode?.[0]?.code).toBe('return 1;');
    const without = buildRunFile({ run: { runId: 'run_a', title: '', createdAt: 0, events }, now: 0 });
    expect(without.ok && 'toolCode' in without.value.file).toBe(false);
  });

  it('refuses an empty log', () => {
    expect(buildRunFile({ run: { runId: 'x', title: '', createdAt: 0, events: [] }, now: 0 })).toMatchObject({
      ok: false,
    });
  });

  it('says a truncated file is truncated', async () => {
    const text = fileText(await seoulRun());
    const result = parseRunFile(text.slice(0, Math.floor(text.length / 2)));
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toMatch(/truncated/);
  });

  it('refuses a newer format version and names both versions', async () => {
    const result = parseRunFile(fileText(await seoulRun(), { version: RUN_FILE_VERSION + 1 }));
    expect(result).toEqual({
      ok: false,
      error: expect.stringContaining(
        `format version ${RUN_FILE_VERSION + 1}, newer than this app reads (up to version ${RUN_FILE_VERSION})`,
      ),
      problem: { code: 'fileTooNew', values: { version: String(RUN_FILE_VERSION + 1), max: String(RUN_FILE_VERSION) } },
    });
  });

  it('refuses a duplicate tool name, in the run config or in the tools section', async () => {
    const events = await seoulRun();
    const file = JSON.parse(fileText(events));
    file.tools.push({ ...file.tools[0] });
    const dupInTools = parseRunFile(JSON.stringify(file));
    expect(!dupInTools.ok && dupInTools.error).toMatch(/"current_time" appears twice/);

    const file2 = JSON.parse(fileText(events));
    file2.run.events[0].config.tools.push({ ...file2.run.events[0].config.tools[1] });
    const dupInConfig = parseRunFile(JSON.stringify(file2));
    expect(!dupInConfig.ok && dupInConfig.error).toMatch(/"calculate" appears twice/);
  });

  it('imports HTML and script in message text as plain text, with a warning', async () => {
    const events = await seoulRun();
    const file = JSON.parse(fileText(events));
    const payload = '<img src=x onerror="alert(1)"><script>window.pwned=1</script>';
    file.run.events[1].content = payload;
    const result = parseRunFile(JSON.stringify(file));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.warnings.join(' ')).toMatch(
      /looks like HTML or script \(in a user message \(event 2\)\)\. It is shown as plain text and never run\./,
    );
    expect(replay(result.value.file.run.events).history[1]).toEqual({ role: 'user', content: payload });
  });

  it('explains schema problems, foreign files and bad JSON', async () => {
    const events = await seoulRun();
    const file = JSON.parse(fileText(events));
    file.run.events[3].response.finishReason = 'exploded';
    const bad = parseRunFile(JSON.stringify(file));
    expect(!bad.ok && bad.error).toMatch(/^Event 4 \(model-responded\) is malformed: response\.finishReason/);

    expect(parseRunFile('{"format":"something-else","version":1}')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/not a Tool Loop Playground run file/),
    });
    expect(parseRunFile('{"format":"tool-loop-playground/user-tools","version":1,"tools":[]}')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/tools file/),
    });
    expect(parseRunFile('{"a": tru}')).toMatchObject({ ok: false, error: expect.stringMatching(/not valid JSON/) });
    expect(parseRunFile('')).toMatchObject({ ok: false, error: 'The file is empty.' });
    expect(parseRunFile('[1]')).toMatchObject({ ok: false });

    const file3 = JSON.parse(fileText(events));
    file3.run.events.push({ ...file3.run.events[0] });
    expect(parseRunFile(JSON.stringify(file3))).toMatchObject({
      ok: false,
      error: expect.stringMatching(/second run/),
    });
    const file4 = JSON.parse(fileText(events));
    file4.run.runId = 'someone-else';
    expect(parseRunFile(JSON.stringify(file4))).toMatchObject({
      ok: false,
      error: expect.stringMatching(/does not match/),
    });
  });

  it('migrates a bare stored run (version 0) to the current format', async () => {
    const events = await seoulRun();
    const stored = { runId: 'run_a', title: 'Old', createdAt: 5, updatedAt: 6, scenarioId: SEOUL.id, events };
    const result = parseRunFile(JSON.stringify(stored));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.migratedFrom).toBe(0);
    expect(result.value.file.format).toBe(RUN_FILE_FORMAT);
    expect(result.value.file.run).toMatchObject({ runId: 'run_a', title: 'Old', createdAt: 5, scenarioId: SEOUL.id });
    expect(result.value.file.run.events).toEqual(events);
    expect(result.value.file.tools.map((t) => t.name)).toEqual(['current_time', 'calculate']);
  });
});

describe('run file version 2: prompt traces stored as changes', () => {
  it('migrates a version 1 file (every trace whole): same traces read back, a smaller file', async () => {
    const events = await seoulRun();
    const whole = withFullTraces(events);
    // A version 1 file held every trace whole; its events are otherwise the same.
    const v1 = JSON.parse(fileText(events));
    v1.version = 1;
    v1.run.events = whole;
    const v1Text = JSON.stringify(v1);
    const result = parseRunFile(v1Text);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.migratedFrom).toBe(1);
    expect(result.value.file.version).toBe(RUN_FILE_VERSION);
    const migrated = result.value.file.run.events;
    const traced = migrated.flatMap((e) =>
      e.type === 'model-responded' && e.response.trace ? [e.response.trace] : [],
    );
    expect(traced.length).toBe(3);
    // The first trace stays whole; the later ones are changes.
    expect(traced.map((t) => 'delta' in t)).toEqual([false, true, true]);
    expect(withFullTraces(migrated)).toEqual(whole);
    expect(transcript(migrated)).toEqual(transcript(events));
    expect(JSON.stringify(result.value.file).length).toBeLessThan(v1Text.length);
  });

  it('refuses a file whose trace changes do not chain, naming the event', async () => {
    const file = JSON.parse(fileText(await seoulRun()));
    const events = file.run.events as { type: string; response?: { trace?: unknown } }[];
    const first = events.findIndex((e) => e.type === 'model-responded');
    // Without the whole first trace, the next change has nothing to apply to.
    delete events[first]!.response!.trace;
    const result = parseRunFile(JSON.stringify(file));
    expect(result).toMatchObject({ ok: false, error: expect.stringMatching(/prompt traces are damaged: event \d+/) });
    const broken = JSON.parse(fileText(await seoulRun()));
    const second = (broken.run.events as typeof events).filter((e) => e.type === 'model-responded')[1]!;
    second.response!.trace = { delta: { t: 'not an edit' } };
    expect(parseRunFile(JSON.stringify(broken))).toMatchObject({
      ok: false,
      error: expect.stringMatching(
        /response\.trace\.delta: the prompt trace's change is malformed: a malformed text edit/,
      ),
    });
  });
});

describe('transcript export', () => {
  it('gives the OpenAI chat-completions messages and function tools', async () => {
    const out = transcriptOf(await seoulRun());
    expect(out.messages.map((m) => m.role)).toEqual([
      'system',
      'user',
      'assistant',
      'tool',
      'tool',
      'assistant',
      'tool',
      'assistant',
    ]);
    const first = out.messages[2];
    expect(first?.role === 'assistant' && first.tool_calls?.map((c) => c.id)).toEqual(['call_1', 'call_2']);
    expect(out.messages[4]).toMatchObject({ role: 'tool', tool_call_id: 'call_2', content: '896' });
    expect(out.tools[1]).toMatchObject({ type: 'function', function: { name: 'calculate' } });
  });
});

describe('fork', () => {
  it('lists the fork points of each turn', async () => {
    const points = forkPoints(await seoulRun());
    expect(points).toEqual([
      { turn: 1, points: ['before-call', 'before-tools', 'after-results'] },
      { turn: 2, points: ['before-call', 'before-tools', 'after-results'] },
      { turn: 3, points: ['before-call'] },
    ]);
    expect(defaultForkPoint(points[1]!.points)).toBe('before-tools');
    expect(defaultForkPoint(points[2]!.points)).toBe('before-call');
  });

  it('lands every point of every turn in its phase, with a new run id', async () => {
    const events = await seoulRun();
    const expected = { 'before-call': 'prompt', 'before-tools': 'approve', 'after-results': 'prompt' } as const;
    for (const { turn, points } of forkPoints(events)) {
      for (const point of points) {
        const forked = forkEvents(events, turn, { point, newRunId: 'fork', now: 99 });
        expect(forked.ok, `${turn} ${point}`).toBe(true);
        if (!forked.ok) continue;
        expect(forked.value.phase).toBe(expected[point]);
        const state = replay(forked.value.events);
        expect(state.runId).toBe('fork');
        expect(state.finished).toBeNull();
        expect(forked.value.events.slice(1, forked.value.keptFromParent)).toEqual(
          events.slice(1, forked.value.keptFromParent),
        );
      }
    }
    expect(events[0]?.type === 'run-started' && events[0].runId).toBe('run_a');
  });

  it('refuses points a turn does not have', async () => {
    const events = await seoulRun();
    expect(forkEvents(events, 3, { point: 'before-tools', newRunId: 'f', now: 0 })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/asked for no tools/),
    });
    expect(forkEvents(events, 3, { point: 'after-results', newRunId: 'f', now: 0 })).toMatchObject({ ok: false });
    expect(forkEvents(events, 7, { point: 'before-call', newRunId: 'f', now: 0 })).toEqual({
      ok: false,
      error: 'Turn 7 is not in this run.',
      problem: { code: 'forkNoTurn', values: { turn: '7' } },
    });
    expect(forkEvents([], 1, { point: 'before-call', newRunId: 'f', now: 0 })).toMatchObject({ ok: false });
  });

  it('fork at turn 2, change the tool result, continue: the branches differ from that result on', async () => {
    const original = await seoulRun();
    const forked = forkEvents(original, 2, { point: 'before-tools', newRunId: 'run_b', now: 0 });
    expect(forked.ok).toBe(true);
    if (!forked.ok) return;
    const { controller, tools } = controllerFor();
    expect(controller.restore(forked.value.events, tools)).toEqual({ ok: true });
    expect(controller.getState().pending?.awaiting).toEqual(['call_3']);
    expect(await controller.writeResult('call_3', '1000')).toEqual({ ok: true });
    expect(await controller.runToEnd()).toEqual({ ok: true });
    const branch = controller.getEvents();
    expect(replay(branch).finished?.finalAnswer).toContain('1000');

    const comparison = compareRuns(original, branch);
    // system, user, assistant(1), tool, tool, assistant(2) are shared; the tool result of turn 2 differs.
    expect(comparison.divergesAt).toBe(6);
    expect(comparison.rows.slice(0, 6).every((r) => r.same)).toBe(true);
    expect(comparison.rows[6]?.b).toMatchObject({ role: 'tool', content: '1000' });
    const answer = comparison.metrics.find((m) => m.label === 'Final answer')!;
    expect(answer.id).toBe('finalAnswer');
    expect(answer.a).toContain('877');
    expect(answer.b).toContain('1000');
    expect(answer.same).toBe(false);
    expect(comparison.metrics.find((m) => m.label === 'Model calls (rounds)')).toMatchObject({
      id: 'rounds',
      a: '3',
      b: '3',
      same: true,
    });
  });

  it('compares equal runs as equal', async () => {
    const events = await seoulRun();
    const comparison = compareRuns(events, events);
    expect(comparison.divergesAt).toBeNull();
    expect(comparison.metrics.every((m) => m.same)).toBe(true);
  });
});

describe('run tree', () => {
  it('hangs forks under their parents, keeps orphans as roots and breaks cycles', () => {
    const runs = [
      { runId: 'c', parent: { runId: 'b' } },
      { runId: 'b', parent: { runId: 'a' } },
      { runId: 'a' },
      { runId: 'orphan', parent: { runId: 'gone' } },
      { runId: 'x', parent: { runId: 'y' } },
      { runId: 'y', parent: { runId: 'x' } },
    ];
    const flat = flattenTree(buildRunTree(runs)).map((n) => `${'-'.repeat(n.depth)}${n.run.runId}`);
    expect(flat).toEqual(['a', '-b', '--c', 'orphan', 'x', 'y']);
  });
});

describe('call-started in run files', () => {
  it('accepts a log with call-started events and one written before they existed; refuses a malformed one', async () => {
    const events = await seoulRun();
    expect(events.filter((e) => e.type === 'call-started')).toHaveLength(3);
    const withStarted = parseRunFile(fileText(events));
    expect(withStarted.ok && withStarted.value.file.run.events).toEqual(events);

    const older = events.filter((e) => e.type !== 'call-started');
    const withoutStarted = parseRunFile(fileText(older));
    expect(withoutStarted.ok && withoutStarted.value.file.run.events).toEqual(older);
    expect(withoutStarted.ok && transcript(withoutStarted.value.file.run.events)).toEqual(transcript(events));

    const bad = checkEvent({ type: 'call-started', at: 1, round: 1, name: 'calculate', argumentsText: '{}' }, 6);
    expect(!bad.ok && bad.error).toMatch(/^Event 7 \(call-started\) is malformed: callId/);
  });
});

describe('advisor-chain events in run files', () => {
  it('keep the validation schema and retries the request ran with', () => {
    const event = {
      type: 'advisor-chain',
      at: 1,
      advisors: [
        { name: 'Tool calling', kind: 'tool-calling', order: -2147483348 },
        {
          name: 'Structured-output validation',
          kind: 'validation',
          order: 2147481647,
          validation: { outputSchema: { type: 'object', required: ['answer'] }, maxRepeatAttempts: 2 },
        },
      ],
      loopOrder: -2147483348,
      conversationHistoryEnabled: true,
    };
    const checked = checkEvent(event, 0);
    expect(checked).toEqual({ ok: true, value: event });
  });

  it('keep the loop control and the chain a run started and each request ran with; older files lack them', async () => {
    const chain = {
      advisors: DEFAULT_ADVISOR_CONFIG.advisors.map((s) =>
        s.kind === 'tool-calling' ? { ...s, shortenToolResults: 200 } : s,
      ),
    };
    const events = await seoulRun();
    const started = events[0] as Extract<LoopEvent, { type: 'run-started' }>;
    const advised: LoopEvent[] = [
      { ...started, config: { ...started.config, loopControl: 'advisor', advisors: chain } },
      { type: 'advisor-chain', at: 1, advisors: [], loopOrder: null, conversationHistoryEnabled: true, config: chain },
    ];
    const parsed = parseRunFile(fileText(advised));
    expect(parsed.ok && parsed.value.file.run.events).toEqual(advised);
    expect(checkEvent({ ...advised[1]!, config: { advisors: [{ id: 'x', kind: 'teleport' }] } }, 1).ok).toBe(false);
    expect(parseRunFile(fileText(events)).ok).toBe(true);
  });
});

describe('parse notes and their settings in run files', () => {
  async function glitchesRun(): Promise<readonly LoopEvent[]> {
    const scenario = getScenario('small-model-glitches')!;
    const clock = createFakeClock();
    const runtime = createScriptedRuntime({
      script: scenario.script,
      tokensPerSecond: 0,
      now: clock.now,
      sleep: clock.sleep,
    });
    const controller = new LoopController({ runtime: () => runtime, now: clock.now, newRunId: () => 'run_a' });
    controller.startRun({
      system: scenario.system,
      tools: toolsForScenario(scenario, createPresetTools()),
      settings: { ...DEFAULT_SETTINGS, promptDate: '2026-12-24' },
      scenarioId: scenario.id,
    });
    controller.send(scenario.user);
    await controller.runToEnd();
    return controller.getEvents();
  }

  it('round-trip: the notes beside calls and text, the call format and the settings come back unchanged', async () => {
    const events = await glitchesRun();
    const responded = events.filter((e) => e.type === 'model-responded');
    expect(responded.flatMap((e) => e.message.parseIssues ?? []).length).toBeGreaterThan(3);
    const imported = parseRunFile(fileText(events));
    expect(imported.ok || imported.error).toBe(true);
    expect(imported.ok && imported.value.file.run.events).toEqual(events);
    const started = events[0]!;
    expect(started.type === 'run-started' && started.config.settings).toMatchObject({
      malformedCalls: 'error-result',
      promptDate: '2026-12-24',
    });
  });

  it('refuses a note of an unknown kind, an unknown call format and a date that does not exist', async () => {
    const events = await glitchesRun();
    const index = events.findIndex((e) => e.type === 'model-responded');
    const responded = events[index] as Extract<LoopEvent, { type: 'model-responded' }>;
    const badNote = {
      ...responded,
      message: { ...responded.message, parseIssues: [{ kind: 'vibes', recovered: true, detail: 'x' }] },
    };
    expect(checkEvent(badNote, index)).toMatchObject({
      ok: false,
      error: expect.stringContaining('message.parseIssues.0.kind'),
    });
    const badFormat = { ...responded, response: { ...responded.response, callFormat: 'xml' } };
    expect(checkEvent(badFormat, index)).toMatchObject({
      ok: false,
      error: expect.stringContaining('response.callFormat'),
    });
    const badDate = { type: 'settings-changed', at: 1, settings: { ...DEFAULT_SETTINGS, promptDate: '2026-02-31' } };
    expect(checkEvent(badDate, 0)).toEqual({
      ok: false,
      error: 'Event 1 (settings-changed) is malformed: settings.promptDate: not a date (YYYY-MM-DD)',
    });
    // Runs recorded before these fields existed still load.
    const { malformedCalls: _m, ...older } = DEFAULT_SETTINGS;
    expect(checkEvent({ type: 'settings-changed', at: 1, settings: older }, 0).ok).toBe(true);
  });
});

describe('run file refusals and warnings as codes the page words', () => {
  type Problem = { code: string; values?: Record<string, string> };
  /** The refusal's code, its English sentence being exactly the code's template filled in. */
  function refusedAs(text: string): Problem {
    const result = parseRunFile(text);
    if (result.ok) throw new Error('expected a refusal');
    expect(result.error).toBe(noticePartText(result.problem));
    return result.problem;
  }

  it('refuses what is not a run file, each reason under its own code', () => {
    expect(refusedAs('x'.repeat(MAX_RUN_FILE_CHARS + 1))).toEqual({
      code: 'fileTooLarge',
      values: { size: '25', max: '25' },
    });
    expect(refusedAs('   ')).toEqual({ code: 'fileEmpty' });
    expect(refusedAs('<!doctype html><html></html>')).toEqual({
      code: 'fileNotJson',
      values: { detail: 'a web page or XML document, not JSON' },
    });
    expect(refusedAs('{"a": ')).toMatchObject({ code: 'fileTruncated' });
    expect(refusedAs('{"a" 1}')).toMatchObject({ code: 'fileInvalidJson', values: { detail: expect.any(String) } });
    expect(refusedAs('[{"name": "x", "inputSchema": {}}]')).toEqual({ code: 'fileIsMcpList' });
    expect(refusedAs('[1, 2]')).toEqual({ code: 'fileNotObject' });
    expect(refusedAs('{"format": "tool-loop-playground/user-tools", "version": 1}')).toEqual({
      code: 'fileIsToolsFile',
    });
    expect(refusedAs(JSON.stringify({ format: RUN_FILE_FORMAT }))).toEqual({
      code: 'fileNoVersion',
      values: { found: 'undefined' },
    });
    expect(refusedAs('{"format": "other", "version": 1}')).toEqual({
      code: 'fileWrongFormat',
      values: { format: RUN_FILE_FORMAT },
    });
    expect(refusedAs(JSON.stringify({ format: RUN_FILE_FORMAT, version: 1.5 }))).toEqual({
      code: 'fileUnknownVersion',
      values: { version: '1.5' },
    });
    const english = parseRunFile(JSON.stringify({ format: RUN_FILE_FORMAT, version: 1.5 }));
    expect(!english.ok && english.error).toBe("The file's version 1.5 is not a version this app knows.");
  });

  it('refuses a damaged run file, each problem under its own code', async () => {
    const events = await seoulRun();
    const file = JSON.parse(fileText(events));
    const with_ = (change: (f: typeof file) => void) => {
      const copy = structuredClone(file);
      change(copy);
      return JSON.stringify(copy);
    };
    expect(refusedAs(with_((f) => (f.run.title = 5)))).toMatchObject({
      code: 'fileMalformed',
      values: { detail: expect.stringContaining('run.title') },
    });
    expect(refusedAs(with_((f) => (f.run.events = [5])))).toEqual({ code: 'eventNotObject', values: { n: '1' } });
    expect(refusedAs(with_((f) => (f.run.events = [{}])))).toEqual({ code: 'eventNoType', values: { n: '1' } });
    expect(refusedAs(with_((f) => (f.run.events = [{ type: 'zzz' }])))).toEqual({
      code: 'eventUnknownType',
      values: { n: '1', type: 'zzz' },
    });
    expect(refusedAs(with_((f) => (f.run.events = [{ type: 'run-started' }])))).toMatchObject({
      code: 'eventMalformed',
      values: { n: '1', type: 'run-started', detail: expect.any(String) },
    });
    expect(refusedAs(with_((f) => (f.run.events = f.run.events.slice(1))))).toEqual({ code: 'logNoStart' });
    expect(refusedAs(with_((f) => f.run.events.push(f.run.events[0])))).toEqual({
      code: 'secondRun',
      values: { n: String(events.length + 1) },
    });
    expect(refusedAs(with_((f) => (f.run.runId = 'run_other')))).toEqual({
      code: 'idMismatch',
      values: { runId: 'run_other', logId: 'run_a' },
    });
    expect(refusedAs(with_((f) => f.tools.push({ ...f.tools[0] })))).toEqual({
      code: 'duplicateTool',
      values: { name: file.tools[0].name },
    });
    expect(refusedAs(with_((f) => (f.toolCode = [5])))).toMatchObject({
      code: 'toolCodeMalformed',
      values: { n: '1', detail: expect.any(String) },
    });
    const spec = newUserToolSpec('t1', 'calculate', 0);
    expect(refusedAs(with_((f) => (f.toolCode = [spec, { ...spec, id: 't2' }])))).toEqual({
      code: 'toolCodeDuplicate',
      values: { name: 'calculate' },
    });
  });

  it('words its warnings as codes, their English kept as before', async () => {
    const events = await seoulRun();
    const file = JSON.parse(fileText(events));
    file.toolCode = [newUserToolSpec('t2', 'other_tool', 0)];
    const result = parseRunFile(JSON.stringify(file));
    if (!result.ok) throw new Error(result.error);
    expect(result.value.warningParts).toEqual([{ code: 'unusedCode', values: { name: 'other_tool' } }]);
    expect(result.value.warnings).toEqual(['The file carries code for "other_tool", which the run does not use.']);
    const legacy = parseRunFile(JSON.stringify({ runId: 'run_a', title: 'Seoul', createdAt: 1, events }));
    if (!legacy.ok) throw new Error(legacy.error);
    expect(legacy.value.warningParts[0]).toEqual({ code: 'migrated', values: { version: '0' } });
    expect(legacy.value.warnings[0]).toBe('The file was written in format version 0 and was updated on import.');
  });

  it('refuses a fork point under its code', async () => {
    const events = await seoulRun();
    const fork = (log: readonly LoopEvent[], turn: number, point: 'before-call' | 'before-tools' | 'after-results') => {
      const forked = forkEvents(log, turn, { point, newRunId: 'f', now: 0 });
      if (forked.ok) throw new Error('expected a refusal');
      expect(forked.error).toBe(noticePartText(forked.problem));
      return forked.problem;
    };
    expect(fork([], 1, 'before-call')).toEqual({ code: 'forkNoLog' });
    expect(fork(events, 7, 'before-call')).toEqual({ code: 'forkNoTurn', values: { turn: '7' } });
    expect(fork(events, 3, 'before-tools')).toEqual({ code: 'forkNoTools', values: { turn: '3' } });
    expect(fork(events, 3, 'after-results')).toEqual({ code: 'forkNoResults', values: { turn: '3' } });
    const called = events.findIndex((e) => e.type === 'model-called' && e.round === 1);
    expect(fork(events.slice(0, called + 1), 1, 'before-tools')).toEqual({
      code: 'forkNoResponse',
      values: { turn: '1' },
    });
  });
});
