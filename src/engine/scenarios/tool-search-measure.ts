/**
 * What tool search costs and saves, measured on real runs.
 *
 * `measureRun` is a projection of a run's event log: for every model call it rebuilds the request that was
 * sent and reads its counts from the page's one token function (`roundTokens`: the runtime's own counts where it
 * reported them, else the counter's estimate): tool-definition tokens, prompt tokens, completion tokens, and what
 * the tool definitions would have cost with every tool sent (the search-off counterfactual for that round) — so
 * the meter, the transcript and the Metrics tab show one figure per prompt. It also lists which tools the search
 * had found by then, and what each search asked.
 *
 * `playScenarioRun` plays a scripted scenario through the real LoopController (search on or off), and
 * `compareToolSearch` does it both ways: the side-by-side numbers of the bench and of the UI meter.
 */
import { LoopController } from '../loop/controller';
import type { LoopEvent, LoopSettings } from '../loop/events';
import { DEFAULT_SETTINGS } from '../loop/events';
import type { LoopState } from '../loop/state';
import { applyEvent, INITIAL_STATE } from '../loop/state';
import { roundTokens } from '../prompt-diff/prompt-segments';
import type { Script } from '../model-port/script';
import { createScriptedRuntime } from '../model-port/scripted';
import type { Tool, ToolDefinition } from '../tool';
import { ToolSearchSession, toolSearchStep } from '../tool-search/apply';
import { foundToolNames } from '../tool-search/accumulate';
import { TOOL_SEARCH_TOOL_NAME } from '../tool-search/search-tool';
import type { ToolIndexKind } from '../tool-search/tool-index';
import type { TokenCounter } from '../tool-search/token-count';
import { createWorkspace28Tools, LANDSMEER_SCENARIO } from './workspace-28';

export interface RoundMeasurement {
  readonly round: number;
  /** The tools the request exposed, in order. */
  readonly toolNames: readonly string[];
  /** Found tools exposed this round that the previous round did not expose. */
  readonly newlyFound: readonly string[];
  readonly toolDefinitionTokens: number;
  /** Tool-definition tokens had every tool of the run (the search tool excluded) been sent this round. */
  readonly allToolsDefinitionTokens: number;
  readonly promptTokens: number;
  /** Tokens of the model's raw output; 0 when the call failed. */
  readonly completionTokens: number;
  readonly totalTokens: number;
  /** The search queries the model sent in this round's response, with what they returned. */
  readonly searches: readonly { readonly query: string; readonly result: string; readonly isError: boolean }[];
}

export interface RunMeasurement {
  readonly searchOn: boolean;
  readonly tokenizer: string;
  readonly modelCalls: number;
  readonly rounds: readonly RoundMeasurement[];
  readonly toolDefinitionTokens: number;
  readonly promptTokens: number;
  readonly completionTokens: number;
  readonly totalTokens: number;
  /** Tools the run could use (the search tool excluded). */
  readonly availableTools: number;
  readonly finishReason: string | null;
  readonly finalAnswer: string | null;
}

/** Measures every model call of a run from its event log. */
export function measureRun(events: readonly LoopEvent[], counter: TokenCounter): RunMeasurement {
  let state: LoopState = INITIAL_STATE;
  const counts = new Map(roundTokens(events, counter).map((r) => [r.round, r]));
  const rounds: RoundMeasurement[] = [];
  let searchOn = false;
  let allTools: readonly ToolDefinition[] = [];
  let previousTools = new Set<string>();
  const searchesByRound = new Map<number, RoundMeasurement['searches'][number][]>();
  const queriesByCall = new Map<string, string>();
  let called: { round: number; toolNames: readonly string[]; newlyFound: readonly string[] } | null = null;

  const close = (round: number) => {
    const tokens = counts.get(round);
    if (!called || called.round !== round || !tokens) return;
    rounds.push({
      round,
      toolNames: called.toolNames,
      newlyFound: called.newlyFound,
      toolDefinitionTokens: tokens.tools,
      allToolsDefinitionTokens: tokens.allTools ?? tokens.tools,
      promptTokens: tokens.prompt,
      completionTokens: tokens.completion,
      totalTokens: tokens.prompt + tokens.completion,
      searches: searchesByRound.get(round) ?? [],
    });
    called = null;
  };

  /** The run's tools changed (its start, or a `workspace-changed` that named tools). */
  const exposeTools = (tools: readonly ToolDefinition[]) => {
    allTools = tools.filter((t) => t.name !== TOOL_SEARCH_TOOL_NAME);
    searchOn = tools.some((t) => t.name === TOOL_SEARCH_TOOL_NAME);
  };

  for (const event of events) {
    switch (event.type) {
      case 'run-started':
        exposeTools(event.config.tools);
        break;
      case 'workspace-changed':
        if (event.tools) exposeTools(event.tools);
        break;
      case 'model-called': {
        const offered = event.toolNames.includes(TOOL_SEARCH_TOOL_NAME);
        const newlyFound = event.toolNames.filter((n) => n !== TOOL_SEARCH_TOOL_NAME && !previousTools.has(n));
        previousTools = new Set(event.toolNames);
        called = { round: event.round, toolNames: event.toolNames, newlyFound: offered ? newlyFound : [] };
        break;
      }
      case 'model-responded': {
        for (const call of event.message.toolCalls) {
          if (call.name === TOOL_SEARCH_TOOL_NAME) queriesByCall.set(call.id, queryOf(call.argumentsText));
        }
        close(event.round);
        break;
      }
      case 'model-failed':
        close(event.round);
        break;
      case 'call-finished': {
        const outcome = event.outcome;
        if (outcome.name !== TOOL_SEARCH_TOOL_NAME) break;
        const list = searchesByRound.get(event.round) ?? [];
        list.push({
          query: queriesByCall.get(outcome.callId) ?? queryOf(outcome.argumentsText),
          result: outcome.kind === 'result' ? outcome.result.text : outcome.error,
          isError: outcome.kind === 'stop' || outcome.result.isError,
        });
        searchesByRound.set(event.round, list);
        // The round's measurement was closed when the response came; attach the searches to it.
        const index = rounds.findIndex((r) => r.round === event.round);
        if (index >= 0) rounds[index] = { ...rounds[index]!, searches: list };
        break;
      }
      default:
        break;
    }
    state = applyEvent(state, event);
  }
  const sum = (pick: (r: RoundMeasurement) => number) => rounds.reduce((n, r) => n + pick(r), 0);
  return {
    searchOn,
    tokenizer: counter.label,
    modelCalls: rounds.length,
    rounds,
    toolDefinitionTokens: sum((r) => r.toolDefinitionTokens),
    promptTokens: sum((r) => r.promptTokens),
    completionTokens: sum((r) => r.completionTokens),
    totalTokens: sum((r) => r.totalTokens),
    availableTools: allTools.length,
    finishReason: state.finished?.reason ?? null,
    finalAnswer: state.finished?.finalAnswer ?? null,
  };
}

function queryOf(argumentsText: string): string {
  try {
    const args = JSON.parse(argumentsText) as { query?: unknown };
    return typeof args.query === 'string' ? args.query : argumentsText;
  } catch {
    return argumentsText;
  }
}

/** The tools the search had found by the end of a run (for a summary line). */
export function foundToolsOfRun(events: readonly LoopEvent[]): string[] {
  let state: LoopState = INITIAL_STATE;
  for (const event of events) state = applyEvent(state, event);
  return foundToolNames(
    state.history,
    state.tools.map((t) => t.name),
  );
}

export interface PlayScenarioOptions {
  readonly system: string;
  readonly user: string;
  /** The searchable tools (the search tool is added when `searchOn`). */
  readonly tools: readonly Tool[];
  readonly script: Script;
  readonly searchOn: boolean;
  readonly index: ToolIndexKind;
  /** The clock the run sees (fixed in the bench and tests, so the weather and shop hours repeat). */
  readonly now: () => number;
  readonly settings?: Partial<LoopSettings>;
}

/** Plays a scripted run to the end through the real LoopController; returns its event log. */
export async function playScenarioRun(options: PlayScenarioOptions): Promise<readonly LoopEvent[]> {
  const session = new ToolSearchSession({ index: options.index });
  const runtime = createScriptedRuntime({
    script: options.script,
    tokensPerSecond: 0,
    sleep: () => Promise.resolve(),
    now: options.now,
  });
  let runs = 0;
  const controller = new LoopController({
    runtime: () => runtime,
    now: options.now,
    newRunId: () => `measure-${++runs}`,
    requestSteps: [toolSearchStep],
  });
  const tools = options.searchOn ? [session.tool, ...options.tools] : [...options.tools];
  session.syncTools(tools);
  const started = controller.startRun({
    system: options.system,
    tools,
    settings: { ...DEFAULT_SETTINGS, ...options.settings, pauseBeforeTools: false },
  });
  if (!started.ok) throw new Error(started.error);
  const sent = controller.send(options.user);
  if (!sent.ok) throw new Error(sent.error);
  const ran = await controller.runToEnd();
  if (!ran.ok) throw new Error(ran.error);
  return controller.getEvents();
}

export interface SearchComparison {
  readonly off: RunMeasurement;
  readonly on: RunMeasurement;
  /** 0–1: how much smaller the tool-definition tokens are with search on. */
  readonly toolDefinitionSaving: number;
  readonly totalSaving: number;
  readonly extraModelCalls: number;
}

/** Plays the same scripted scenario with search off and on, and measures both runs. */
export async function compareToolSearch(
  options: Omit<PlayScenarioOptions, 'searchOn'> & { readonly counter: TokenCounter },
): Promise<SearchComparison> {
  const off = measureRun(await playScenarioRun({ ...options, searchOn: false }), options.counter);
  const on = measureRun(await playScenarioRun({ ...options, searchOn: true }), options.counter);
  return {
    off,
    on,
    toolDefinitionSaving: saving(off.toolDefinitionTokens, on.toolDefinitionTokens),
    totalSaving: saving(off.totalTokens, on.totalTokens),
    extraModelCalls: on.modelCalls - off.modelCalls,
  };
}

/** The comparison the bench prints and the panel shows: the Landsmeer scenario on the 28-tool workspace. */
export function compareLandsmeer(
  index: ToolIndexKind,
  counter: TokenCounter,
  now: () => number,
): Promise<SearchComparison> {
  return compareToolSearch({
    system: LANDSMEER_SCENARIO.system,
    user: LANDSMEER_SCENARIO.user,
    tools: createWorkspace28Tools(),
    script: LANDSMEER_SCENARIO.script,
    index,
    now,
    counter,
  });
}

function saving(before: number, after: number): number {
  return before === 0 ? 0 : (before - after) / before;
}
