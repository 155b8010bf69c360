/**
 * The next request, as a pure function of the workspace and the run's state. The Tools panel's counts, the Tool
 * choice options, the Request tab's preview before a call and the request the runtime receives all come from
 * here: the app memoizes `nextRequest` on its inputs, so the preview and the sent request are the same object.
 *
 * Request-adjusting features (tool search) are `RequestStep`s: pure functions from a request to a request, in an
 * explicit list the app registers. The advisor-controlled loop does not run them: its chain builds the request
 * (tool search is its loop advisor there, as in Spring).
 */
import type { Message } from '../messages';
import { localIsoDate } from '../protocol/prompt-date';
import type { ModelRequest } from '../runtime';
import type { ToolDefinition } from '../tool';
import { DuplicateToolNameError } from '../tool-registry';
import { err, ok, type Result } from '../result';
import type { LoopState } from './state';
import type { Workspace } from './workspace';
import { withOverride } from './workspace';
import { augmentDefinition } from '../augmentation';
import { REFUSALS, refuse } from './refusals';
import type { LoopExtension } from './extension';
import { NO_EXTENSIONS, sentMessages } from './extension';

export interface RequestContext {
  readonly workspace: Workspace;
  readonly state: LoopState;
  /** Every tool the workspace offers now (all sources, names may repeat across sources), as definitions. */
  readonly catalog: readonly ToolDefinition[];
  /** Today as `YYYY-MM-DD`, for the prompt date of a run not started yet (a started run prints its own day). */
  readonly today?: string;
}

/** One registered request adjustment. Pure: the same request and context give the same result. */
export interface RequestStep {
  /** Stable id, e.g. "tool-search". */
  readonly id: string;
  readonly apply: (request: ModelRequest, context: RequestContext) => ModelRequest;
}

/** Why a finished run sends nothing more (the `runEnded` refusal). */
export const RUN_ENDED = REFUSALS.runEnded;

/** Why a phase has no next request (null where it has one). */
export function noRequestReason(state: LoopState): string | null {
  switch (state.phase) {
    case 'idle':
    case 'prompt':
      return null;
    case 'model':
      return REFUSALS.nextWhileModel;
    case 'approve':
      return REFUSALS.nextAfterDecisions;
    case 'execute':
      return REFUSALS.nextAfterExecution;
    case 'done':
      return RUN_ENDED;
  }
}

/**
 * The exposed tools as the model receives them: for each exposed name every catalog tool of that name (a name
 * offered by two sources is refused, naming both), with the workspace's flags (and the augmented arguments when
 * augmentation is on). Refused when an exposed name is
 * missing from the catalog (a deleted tool still ticked in a restored run).
 */
export function exposedDefinitions(
  workspace: Workspace,
  catalog: readonly ToolDefinition[],
): Result<readonly ToolDefinition[]> {
  // One pass over the catalog, then one look-up per exposed name: with 10,000 tools a scan per name
  // (10,000 × 10,000) froze every state change, since the next request is recomputed on each.
  const byName = new Map<string, ToolDefinition[]>();
  for (const tool of catalog) {
    const same = byName.get(tool.name);
    if (same) same.push(tool);
    else byName.set(tool.name, [tool]);
  }
  const tools: ToolDefinition[] = [];
  const missing: string[] = [];
  for (const name of workspace.exposed) {
    const matching = byName.get(name) ?? [];
    if (matching.length === 0) missing.push(name);
    if (matching.length > 1) return err(new DuplicateToolNameError(name, matching[0]!, matching[1]!).message);
    const flagged = matching.map((t) => withOverride(t, workspace.toolOverrides));
    tools.push(...(workspace.settings.augmentArguments ? flagged.map(augmentDefinition) : flagged));
  }
  if (missing.length > 0) {
    return err(
      `${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} exposed but no longer in the workspace: ` +
        'untick it in the Tools panel, or add the tool again.',
    );
  }
  return ok(tools);
}

/**
 * The request the next model call sends, or why there is none. At `idle` it is the first request of a new run
 * (system prompt and the user's draft); at `prompt` the run's history as the extensions send it (result ids). Tool
 * choice `none` sends no tools; a named tool choice must name an exposed tool. The steps run last, in order.
 */
export function nextRequest(
  context: RequestContext,
  steps: readonly RequestStep[] = [],
  extensions: readonly LoopExtension[] = NO_EXTENSIONS,
  exposedOf: typeof exposedDefinitions = exposedDefinitions,
): Result<ModelRequest> {
  const { workspace, state } = context;
  const reason = noRequestReason(state);
  if (reason !== null) return err(reason);
  const settings = workspace.settings;
  const round = state.round + 1;
  let messages: readonly Message[];
  if (state.phase === 'idle') {
    if (workspace.userDraft.trim() === '') return refuse('writeUserMessage');
    messages = [
      ...(workspace.system.trim() === '' ? [] : [{ role: 'system' as const, content: workspace.system }]),
      { role: 'user', content: workspace.userDraft },
    ];
  } else {
    if (state.round >= settings.maxRounds) {
      return refuse('nextMaxRounds', { limit: String(settings.maxRounds) });
    }
    // An extension may send the history otherwise (the id lesson: results with another id, lab/id-pairing.ts).
    messages = sentMessages(state.history, state, extensions);
  }
  const exposed = exposedOf(workspace, context.catalog);
  if (!exposed.ok) return exposed;
  const choice = settings.toolChoice;
  if (typeof choice !== 'string' && !exposed.value.some((t) => t.name === choice.name)) {
    return refuse('nextChoiceNotExposed', { name: choice.name });
  }
  let request: ModelRequest = {
    messages,
    tools: choice === 'none' ? [] : exposed.value,
    toolChoice: choice,
    parallelToolCalls: settings.parallelToolCalls,
    round,
    ...promptDateOf(settings.promptDate, state, context.today),
  };
  for (const step of steps) request = step.apply(request, context);
  return ok(request);
}

/**
 * The date the prompt prints (Llama 3.2's "Today Date"): the one the learner set, else the day the run started,
 * else today for a run not started yet.
 */
export function promptDateOf(
  chosen: string | undefined,
  state: LoopState,
  today?: string,
): { readonly promptDate?: string } {
  const date = chosen ?? (state.startedAt !== null ? localIsoDate(state.startedAt) : today);
  return date === undefined ? {} : { promptDate: date };
}

/**
 * Memoizes `nextRequest` on its inputs' identities (one entry): asked twice with the same workspace, state and
 * catalog — by the preview and by the controller — it returns the same object.
 */
export function createRequestMemo(
  steps: readonly RequestStep[],
  extensions: readonly LoopExtension[] = NO_EXTENSIONS,
): (context: RequestContext) => Result<ModelRequest> {
  let last: { context: RequestContext; result: Result<ModelRequest> } | null = null;
  // The exposed tools change with the workspace or the catalog, not with every event: kept while both are the same.
  let exposed: {
    workspace: Workspace;
    catalog: readonly ToolDefinition[];
    result: Result<readonly ToolDefinition[]>;
  } | null = null;
  const exposedOf = (workspace: Workspace, catalog: readonly ToolDefinition[]) => {
    if (exposed?.workspace !== workspace || exposed.catalog !== catalog) {
      exposed = { workspace, catalog, result: exposedDefinitions(workspace, catalog) };
    }
    return exposed.result;
  };
  return (context) => {
    if (
      last &&
      last.context.workspace === context.workspace &&
      last.context.state === context.state &&
      last.context.catalog === context.catalog
    ) {
      return last.result;
    }
    last = { context, result: nextRequest(context, steps, extensions, exposedOf) };
    return last.result;
  };
}
