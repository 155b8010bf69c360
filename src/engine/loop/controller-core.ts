/**
 * What the manual loop (`LoopController`) and the advisor-controlled loop (`AdvisorLoopController`) share: the
 * run's event log, the lifecycle (start, restore, settings, send), run to end, stop, the decisions on pending
 * calls, one model call (the runtime's check, streaming, abort, interpretation, failure) and one tool batch.
 *
 * A controller extends this once and supplies only how it steps: `step`, `canStep` (may `runToEnd` step now?)
 * and the optional hooks. The model call and the tool batch append their events and report how they ended as
 * data; ending the run (or the advisor chain) is the controller's choice, by the one rule in response-ending.ts.
 *
 * The workspace: with a `WorkspaceSource` (the app's), every manual request is the workspace's next request
 * (request.ts) — the object the Request tab previews — and the workspace's tools and runtime are adopted right
 * before the model call that first uses them (logged as `workspace-changed`). Without one, the run's own tools
 * and settings are its workspace.
 */
import type { ToolCall, ToolMessage } from '../messages';
import type { InterpretedResponse } from '../protocol/interpret';
import { interpretResponse } from '../protocol/interpret';
import type { ChatRuntime, ModelRequest, ModelResponse } from '../runtime';
import type { Tool, ToolDefinition, ToolLanguage } from '../tool';
import { errorMessage, toDefinition } from '../tool';
import type { DanglingChoice } from './dangling-calls';
import { closingResults, danglingCalls, danglingRefusal } from './dangling-calls';
import { isDecidable } from './decisions';
import { interruptionOf } from './interruption';
import { nextCodeVersion } from './code-versions';
import type { RequestStep } from './request';
import { createRequestMemo } from './request';
import type { RefusalCode } from './refusals';
import { RUN_END_DETAILS } from './run-end-details';
import { refuse } from './refusals';
import type { Workspace } from './workspace';
import { EMPTY_WORKSPACE } from './workspace';
import type { ToolRegistry } from '../tool-registry';
import { createToolRegistry } from '../tool-registry';
import type { CallDecision, CallOutcome } from './tool-execution';
import { executeToolCall, isReturnDirect, parseArguments, toToolMessage } from './tool-execution';
import type { LoopListener, RunLog } from './event-log';
import { EventLog } from './event-log';
import type { LoopEvent, LoopSettings, RunConfig } from './events';
import type { LoopState, Phase } from './state';
import { assertNever, type Result } from '../result';
import type { EventDraft, ExtensionHost, LoopExtension, RunView, Sleep, ToolSwap } from './extension';
import { NO_EXTENSIONS } from './extension';

export interface LoopControllerDeps {
  /** The runtime to call; read at every model call, so the user may switch runtimes between steps. */
  readonly runtime: () => ChatRuntime;
  readonly now: () => number;
  readonly newRunId: () => string;
  /** The live workspace (the app's). Without it, the run's own tools and settings are its workspace. */
  readonly workspace?: WorkspaceSource;
  /**
   * Where the run's events live (the app's run slice, folding with the same extensions); without it the controller
   * keeps its own `EventLog`.
   */
  readonly log?: RunLog;
  /** Request steps for a run without a live workspace (e.g. tool search in a headless run). */
  readonly requestSteps?: readonly RequestStep[];
  /** The lessons plugged into the loop (loop/extension.ts), in order: their events, reducers, hooks and views. */
  readonly extensions?: readonly LoopExtension[];
  /** Waits (an injected fault's timeout or latency); without it those faults do not wait. */
  readonly sleep?: Sleep;
}

/** What a step reads of the app's workspace, in one pull (`WorkspaceSource.snapshot`). */
export interface WorkspaceSnapshot {
  /** The runtime selected now. */
  readonly runtime: ChatRuntime;
  /** The executable tools the workspace exposes now, with its flags, in request order. */
  readonly tools: Result<readonly Tool[]>;
  /** Asked with the run's state: the next manual request, or why there is none — the very object the preview shows. */
  readonly request?: Result<ModelRequest>;
}

/** What the loop needs of the app's workspace (see loop/workspace.ts and loop/request.ts). */
export interface WorkspaceSource {
  /**
   * What a step works with, read once: the runtime, the tools and — when the run's `state` is given (the manual
   * loop's model call) — the next request. The advisor loop's chain builds its own request, so it passes none.
   */
  snapshot(state?: LoopState): WorkspaceSnapshot;
  /** The language a tool speaks to the model (its override's, set by the tools' language switch); absent: English. */
  toolLanguage?(name: string): ToolLanguage | undefined;
}

export interface StartRunOptions {
  readonly system: string;
  readonly tools: readonly Tool[];
  readonly settings: LoopSettings;
  readonly scenarioId?: string;
  /** Who drives the run: recorded so a restore brings it back (the advisor loop adds its chain: `advisors`). */
  readonly loopControl?: RunConfig['loopControl'];
  /** Anything else an extension records with the run's start (advisors/events.ts: the chain it starts with). */
  readonly extra?: Partial<RunConfig>;
}

/** What a command returns: done, or refused with the reason to show. */
export type CommandResult = Result;

export const OK: CommandResult = { ok: true, value: undefined };
export const fail = (error: string): CommandResult => ({ ok: false, error });

/** How one model call ended. Its events (`model-called`, then `model-responded` or `model-failed`) are logged. */
export type ModelCallEnd =
  | {
      readonly kind: 'responded';
      readonly round: number;
      readonly response: ModelResponse;
      readonly interpreted: InterpretedResponse;
    }
  | { readonly kind: 'failed'; readonly error: string }
  /** The caller stopped caring while the model answered (`isCurrent` turned false); nothing more was logged. */
  | { readonly kind: 'superseded' };

/** How one tool batch ended. Every finished call is logged; `results-appended` only when the batch completed. */
export type ToolBatchEnd =
  | { readonly kind: 'appended'; readonly messages: readonly ToolMessage[]; readonly returnDirect: boolean }
  /** The exception processor stopped the loop (`tool-error`) or the user pressed Stop (`stopped`). */
  | { readonly kind: 'ended'; readonly reason: 'tool-error' | 'stopped'; readonly detail: string }
  | { readonly kind: 'superseded' };

const STOPPED = RUN_END_DETAILS.stopped;

/** Why Step cannot start in a phase where neither controller can move (null where a controller may step). */
export function stepRefusal(phase: Phase): RefusalCode | null {
  switch (phase) {
    case 'approve':
      return 'decideFirst';
    case 'idle':
      return 'sendFirst';
    case 'done':
      return 'runEnded';
    case 'prompt':
    case 'model':
    case 'execute':
      return null;
    default:
      return assertNever(phase);
  }
}

/** What one step works with (`ControllerCore.snapshot`); `tools` null: the run keeps its own (no live workspace). */
export interface StepSnapshot {
  readonly runtime: ChatRuntime;
  readonly tools: Result<readonly Tool[]> | null;
}

export abstract class ControllerCore {
  protected readonly extensions: readonly LoopExtension[];
  protected readonly log: RunLog;
  protected registry: ToolRegistry = createToolRegistry([]);
  /** Aborts the model call or tool batch in flight; null when none is. */
  protected abortController: AbortController | null = null;
  /**
   * The AbortController of a round's model call, which that round's tool batch takes over unless Stop used it: one
   * per round, not one per call and one per batch (with its signal, among the costliest objects a round makes).
   */
  private roundAbort: { readonly round: number; readonly controller: AbortController } | null = null;
  /** The registry of the tools offered in a round, for the batch of that round (`offeredRegistry`). */
  private offered: { readonly called: LoopEvent; readonly all: ToolRegistry; readonly registry: ToolRegistry } | null =
    null;
  protected streamingText = '';
  /** A model call or a tool batch is in flight. */
  protected busy = false;
  protected running = false;
  private callCounter = 0;
  /** The run's own workspace as the next request (headless use); memoized like the app's. */
  private readonly ownRequest: ReturnType<typeof createRequestMemo>;
  private ownWorkspaceMemo: {
    readonly system: string;
    readonly tools: LoopState['tools'];
    readonly settings: LoopState['settings'];
    readonly workspace: Workspace;
  } | null = null;

  /** What extensions' hooks and commands see of this controller. */
  readonly host: ExtensionHost;

  constructor(protected readonly deps: LoopControllerDeps) {
    this.extensions = deps.extensions ?? NO_EXTENSIONS;
    this.log = deps.log ?? new EventLog(this.extensions);
    this.ownRequest = createRequestMemo(deps.requestSteps ?? [], this.extensions);
    const log = this.log;
    const isBusy = () => this.busy;
    this.host = {
      get events() {
        return log.live();
      },
      get state() {
        return log.state;
      },
      get busy() {
        return isBusy();
      },
      now: () => deps.now(),
      append: (draft) => this.appendDraft(draft),
      resume: () => (this.running ? this.drive() : Promise.resolve(OK)),
    };
  }

  /** Advances the run by one step; each controller says what a step is. */
  abstract step(): Promise<CommandResult>;

  /** Whether `runToEnd` can take another step now (false at a pause, at the end, or while nothing can move). */
  protected abstract canStep(): boolean;

  /** Called after the log was replaced (a new run, a restore), before anyone is told. */
  protected onLogReplaced(): void {}

  /**
   * Called by `stop` when nothing is in flight: lets go of whatever the run waits at. True when the run must
   * then end as stopped.
   */
  protected releaseForStop(): boolean {
    const phase = this.state.phase;
    return phase === 'prompt' || phase === 'approve' || phase === 'execute';
  }

  protected get state(): LoopState {
    return this.log.state;
  }

  // ── reading ────────────────────────────────────────────────────────────────────────────────────────────

  getState(): LoopState {
    return this.log.state;
  }

  /** The run's log. A new array after every append (same array while nothing changed), so views can memoize. */
  getEvents(): readonly LoopEvent[] {
    return this.log.all();
  }

  /** Text streamed so far by the model call in flight ('' when none). Not part of the log. */
  getStreamingText(): string {
    return this.streamingText;
  }

  /** True while a model call or a tool batch is in flight. */
  isBusy(): boolean {
    return this.busy;
  }

  /** True while "run to end" is driving the loop (it waits at a pause and resumes after the decisions). */
  isRunning(): boolean {
    return this.running;
  }

  subscribe(listener: LoopListener): () => void {
    return this.log.subscribe(listener);
  }

  // ── lifecycle ──────────────────────────────────────────────────────────────────────────────────────────

  /** Starts a new run (the previous one stays in its own log). Refuses duplicate tool names, naming both. */
  startRun(options: StartRunOptions): CommandResult {
    if (this.isBusy()) return refuse('busy');
    let registry: ToolRegistry;
    try {
      registry = createToolRegistry(options.tools);
    } catch (error) {
      return fail(errorMessage(error));
    }
    const runtime = this.deps.runtime();
    const config: RunConfig = {
      system: options.system,
      tools: options.tools.map(toDefinition),
      runtime: { kind: runtime.kind, label: runtime.label },
      settings: options.settings,
      ...(options.scenarioId !== undefined ? { scenarioId: options.scenarioId } : {}),
      ...(options.loopControl !== undefined ? { loopControl: options.loopControl } : {}),
      ...options.extra,
    };
    this.log.reset();
    this.registry = registry;
    this.callCounter = 0;
    this.running = false;
    this.onLogReplaced();
    this.append({ type: 'run-started', at: this.deps.now(), runId: this.deps.newRunId(), config });
    return OK;
  }

  /**
   * Restores a run from its log (after a reload, an import or a fork); tools are matched by name with the ones
   * the run exposes now. Work the log shows in flight (a model call, a tool batch) was cut: the `interrupted`
   * event is appended so the run waits where a person can decide (see loop/interruption.ts).
   */
  restore(events: readonly LoopEvent[], tools: readonly Tool[]): CommandResult {
    if (this.isBusy()) return refuse('busy');
    this.log.reset(events);
    // Take the first given tool of each name the run exposes (names may repeat across tool sources, but never
    // within a run).
    const wanted = new Set(this.state.tools.map((d) => d.name));
    const byName = new Map<string, Tool>();
    for (const tool of tools) if (wanted.has(tool.name) && !byName.has(tool.name)) byName.set(tool.name, tool);
    this.registry = createToolRegistry([...byName.values()]);
    const cut = interruptionOf(this.state, events, this.deps.now());
    if (cut) this.log.reset([...events, cut]);
    this.callCounter = events.reduce((n, e) => (e.type === 'model-responded' ? n + e.message.toolCalls.length : n), 0);
    this.running = false;
    this.streamingText = '';
    this.onLogReplaced();
    this.notify();
    return OK;
  }

  /** Changes the settings of the current run (pause toggle, max rounds…); logged so the run can be replayed. */
  updateSettings(settings: LoopSettings): CommandResult {
    if (!this.state.runId) return OK;
    this.append({ type: 'settings-changed', at: this.deps.now(), settings });
    return OK;
  }

  // ── commands ───────────────────────────────────────────────────────────────────────────────────────────

  /**
   * Adds the user's message; the run is then at `prompt`, ready to call the model. After a run that left tool
   * calls unanswered (see dangling-calls.ts) the message cannot follow them: `dangling` says how to close them
   * first — `not-executed` answers each (a call that ran keeps its real result) and sends the message;
   * `decide` puts them back at a pause, and the message follows once they have run. Without it, refused.
   */
  send(content: string, dangling?: DanglingChoice): CommandResult {
    if (!this.state.runId) return refuse('startRunFirst');
    if (this.isBusy()) return refuse('busy');
    if (this.state.phase !== 'idle' && this.state.phase !== 'done') {
      return refuse('stillGoing');
    }
    if (content.trim() === '') return refuse('writeUserMessage');
    const open = this.state.phase === 'done' ? danglingCalls(this.log.all()) : null;
    if (open) {
      if (dangling === undefined) return danglingRefusal(open);
      const ran = dangling === 'not-executed' ? open.calls : open.calls.filter((c) => open.outcomes[c.id]);
      if (ran.length > 0) {
        this.append({
          type: 'results-appended',
          at: this.deps.now(),
          round: open.round,
          messages: closingResults(open, ran),
        });
      }
      const rest = open.calls.filter((c) => !ran.includes(c));
      if (rest.length > 0) {
        this.append({
          type: 'calls-reopened',
          at: this.deps.now(),
          round: open.round,
          callIds: rest.map((c) => c.id),
          userMessage: content,
        });
        return OK;
      }
    }
    this.append({ type: 'user-message', at: this.deps.now(), content });
    return OK;
  }

  /** Steps until the run ends; at a pause it waits and resumes once every pending call is decided. */
  async runToEnd(): Promise<CommandResult> {
    if (this.isBusy()) return refuse('stepInProgress');
    if (this.state.phase === 'done') return refuse('runEnded');
    if (this.state.phase === 'idle') return refuse('sendFirst');
    this.running = true;
    this.notify();
    return this.drive();
  }

  /** Stops the run: aborts a model call or tool batch in flight, or ends the run where it stands. */
  stop(): CommandResult {
    this.running = false;
    if (this.abortController && this.busy) {
      this.abortController.abort();
      this.notify();
      return OK;
    }
    if (this.releaseForStop()) {
      this.append({ type: 'run-finished', at: this.deps.now(), reason: 'stopped', detail: STOPPED });
      return OK;
    }
    this.notify();
    return OK;
  }

  approve(callId: string): Promise<CommandResult> {
    return this.decide(callId, { kind: 'approve' });
  }

  /**
   * Replaces a pending call's arguments; refused unless they are JSON that passes the tool's schema. With
   * `rewriteHistory` the history shows the edited call as the model's own once the batch ran (history-rewrite.ts).
   */
  editArguments(callId: string, argumentsText: string, rewriteHistory = false): Promise<CommandResult> {
    const call = this.state.pending?.calls.find((c) => c.id === callId);
    if (!call) return Promise.resolve(refuse('noPendingCall', { callId }));
    const parsed = parseArguments(argumentsText);
    if (!parsed.ok) return Promise.resolve(refuse('argumentsNotJson', { detail: parsed.error }));
    const tool = this.registry.get(call.name);
    if (tool) {
      const validation = tool.validate(parsed.value);
      if (!validation.ok) return Promise.resolve(refuse('argumentsMismatch', { detail: validation.error.join('\n') }));
    }
    return this.decide(callId, { kind: 'edit', argumentsText, ...(rewriteHistory ? { rewriteHistory } : {}) });
  }

  deny(callId: string, reason?: string): Promise<CommandResult> {
    return this.decide(callId, reason ? { kind: 'deny', reason } : { kind: 'deny' });
  }

  writeResult(callId: string, text: string, isError = false): Promise<CommandResult> {
    return this.decide(callId, { kind: 'write', text, isError });
  }

  /** Approves every call still waiting. */
  async approveAll(): Promise<CommandResult> {
    const awaiting = this.state.pending?.awaiting ?? [];
    let result = OK;
    for (const id of awaiting) result = await this.approve(id);
    return result;
  }

  // ── for the controllers ────────────────────────────────────────────────────────────────────────────────

  /**
   * Logs one decision — or a new one for a call decided at this pause: a decision is replaceable until the batch
   * runs (the log keeps every change; the last one counts). The last decision of a pause resumes "run to end" if
   * it is driving.
   */
  private async decide(callId: string, decision: CallDecision): Promise<CommandResult> {
    if (this.busy || !isDecidable(this.state, callId)) {
      return refuse('notWaitingForDecision', { callId });
    }
    this.append({ type: 'call-decided', at: this.deps.now(), callId, decision });
    const phaseAfter: string = this.state.phase;
    if (phaseAfter === 'execute' && this.running) return this.drive();
    return OK;
  }

  /**
   * Runs a batch reopened before a new user message (`send` with `decide`), then appends that message: the run is
   * at `prompt` with the calls answered. returnDirect does not end the run here: the person already moved on.
   */
  protected async runReopened(): Promise<CommandResult> {
    const pending = this.state.pending;
    if (!pending || pending.userMessageAfter === undefined) return refuse('nothingToExecute');
    const message = pending.userMessageAfter;
    const result = await this.executeBatch(pending.round, pending.calls, pending.decisions);
    switch (result.kind) {
      case 'ended':
        this.running = false;
        this.append({ type: 'run-finished', at: this.deps.now(), reason: result.reason, detail: result.detail });
        return OK;
      case 'appended':
        this.append({ type: 'user-message', at: this.deps.now(), content: message });
        return OK;
      case 'superseded':
        return OK;
      default:
        return assertNever(result);
    }
  }

  /** Steps while running and a step is possible; the first failure stops the drive and is returned. */
  protected async drive(): Promise<CommandResult> {
    while (this.running && this.canStep()) {
      const result = await this.step();
      if (!result.ok) {
        this.running = false;
        this.notify();
        return result;
      }
    }
    if (this.state.phase === 'done') this.running = false;
    this.notify();
    return OK;
  }

  /** The tools a request offers under the current settings: none when tool choice is `none`. */
  protected exposedTools(): ToolDefinition[] {
    if (this.state.settings?.toolChoice === 'none') return [];
    return this.registry.tools.map(toDefinition);
  }

  /** The runtime and the tools a step works with, in one pull from the workspace (or the run's own, headless). */
  protected snapshot(): StepSnapshot {
    if (this.deps.workspace) return this.deps.workspace.snapshot();
    return { runtime: this.deps.runtime(), tools: null };
  }

  /**
   * The manual model call's snapshot: the runtime, the tools and the next request in one pull — the workspace's
   * request (the preview's object), or the run's own without a workspace.
   */
  protected requestSnapshot(): StepSnapshot & { readonly request: Result<ModelRequest> } {
    if (this.deps.workspace) {
      const taken = this.deps.workspace.snapshot(this.state);
      return { ...taken, request: taken.request ?? this.ownNextRequest() };
    }
    return { runtime: this.deps.runtime(), tools: null, request: this.ownNextRequest() };
  }

  /** The run's own workspace as the next request (headless use). */
  private ownNextRequest(): Result<ModelRequest> {
    const state = this.state;
    return this.ownRequest({ workspace: this.ownWorkspace(state), state, catalog: state.tools });
  }

  /** The run's own workspace (headless use): made again only when the run's system, tools or settings change. */
  private ownWorkspace(state: LoopState): Workspace {
    const system = state.config?.system ?? '';
    const memo = this.ownWorkspaceMemo;
    if (memo && memo.system === system && memo.tools === state.tools && memo.settings === state.settings) {
      return memo.workspace;
    }
    const workspace: Workspace = {
      ...EMPTY_WORKSPACE,
      system,
      exposed: state.tools.map((t) => t.name),
      settings: state.settings ?? EMPTY_WORKSPACE.settings,
    };
    this.ownWorkspaceMemo = { system, tools: state.tools, settings: state.settings, workspace };
    return workspace;
  }

  /**
   * Makes the snapshot's tools (when there is a live workspace) and runtime the run's own before a model call that
   * uses them: the registry keeps the instances of unchanged tools (their state, e.g. the stock, carries on), and a
   * change is logged as `workspace-changed`.
   */
  protected adoptWorkspace(snapshot: StepSnapshot): CommandResult {
    const runtime = snapshot.runtime;
    let tools: readonly Tool[] | null = null;
    if (snapshot.tools) {
      if (!snapshot.tools.ok) return fail(snapshot.tools.error);
      tools = snapshot.tools.value;
    }
    const change: { tools?: ToolDefinition[]; runtime?: { kind: ChatRuntime['kind']; label: string } } = {};
    if (tools) {
      const definitions = tools.map(toDefinition);
      if (!sameDefinitions(definitions, this.state.tools)) {
        const kept = tools.map((tool) => {
          const current = this.registry.get(tool.name);
          return current && current.code === tool.code && sameDefinitions([toDefinition(current)], [toDefinition(tool)])
            ? current
            : tool;
        });
        try {
          this.registry = createToolRegistry(kept);
        } catch (error) {
          return fail(errorMessage(error));
        }
        change.tools = definitions;
      }
    }
    const now = this.state.runtime;
    if (now && (now.kind !== runtime.kind || now.label !== runtime.label)) {
      change.runtime = { kind: runtime.kind, label: runtime.label };
    }
    if (change.tools || change.runtime) this.append({ type: 'workspace-changed', at: this.deps.now(), ...change });
    return OK;
  }

  /**
   * Takes the code a user tool has in the workspace now, when it differs from the code the run holds and the tool's
   * definition is the same: a saved edit runs from the tool's next execution, not from the next run. (A changed
   * definition is what the model must see first: it is adopted before the next model call, with the other tools.)
   */
  private adoptSavedCode(name: string): void {
    const current = this.registry.get(name);
    if (current?.code === undefined || !this.deps.workspace) return;
    const tools = this.deps.workspace.snapshot().tools;
    const live = tools.ok ? tools.value.find((t) => t.name === name) : undefined;
    if (live?.code === undefined || live.code === current.code) return;
    if (!sameDefinitions([toDefinition(live)], [toDefinition(current)])) return;
    this.registry = createToolRegistry(this.registry.tools.map((t) => (t.name === name ? live : t)));
  }

  /** Logs `tools-paused` for the calls that wait for a person: all with "pause before tools", else those needing approval. */
  protected pauseForApproval(calls: readonly ToolCall[], round: number): void {
    const settings = this.state.settings!;
    const awaiting = calls
      .filter((c) => settings.pauseBeforeTools || this.registry.get(c.name)?.needsApproval === true)
      .map((c) => c.id);
    if (awaiting.length > 0) this.append({ type: 'tools-paused', at: this.deps.now(), round, callIds: awaiting });
  }

  /** Why the runtime cannot honour this request (its optional `checkRequest`), or null. Nothing is sent then. */
  protected refusalOf(runtime: ChatRuntime, request: ModelRequest): string | null {
    const checked = runtime.checkRequest?.(request);
    return checked && !checked.ok ? checked.error : null;
  }

  /**
   * One model call with exactly `request` (checked beforehand with `refusalOf`): logs `model-called`, streams into
   * `getStreamingText` (Stop aborts it), interprets the response and logs `model-responded`, or `model-failed`
   * when the runtime throws. Busy for exactly the call's duration. `isCurrent` is asked after the call: when it
   * is false nothing more is logged.
   */
  protected async callModel(
    request: ModelRequest,
    runtime: ChatRuntime,
    isCurrent: () => boolean = () => true,
  ): Promise<ModelCallEnd> {
    const round = request.round;
    // Busy before the event goes out, so listeners see the call in flight (Stop enabled) at once.
    this.busy = true;
    this.streamingText = '';
    this.append({
      type: 'model-called',
      at: this.deps.now(),
      round,
      messageCount: request.messages.length,
      toolNames: request.tools.map((t) => t.name),
    });
    const abort = this.abortFor(round, true);
    this.abortController = abort;
    try {
      // The user's message and this call are stored before the runtime is asked: a reload during the call finds them.
      if (this.log.durable) await this.log.durable();
      const response = await runtime.generate(request, {
        signal: abort.signal,
        onDelta: (text) => {
          this.streamingText += text;
          this.notify();
        },
      });
      if (!isCurrent()) return { kind: 'superseded' };
      const interpreted = interpretResponse(response, () => `call_${++this.callCounter}`, {
        tools: request.tools,
        malformedCalls: this.state.settings?.malformedCalls,
      });
      this.busy = false;
      this.streamingText = '';
      this.append({
        type: 'model-responded',
        at: this.deps.now(),
        round,
        response,
        message: interpreted.message,
        stop: interpreted.stop,
        calls: interpreted.executableCalls,
      });
      return { kind: 'responded', round, response, interpreted };
    } catch (error) {
      if (!isCurrent()) return { kind: 'superseded' };
      this.busy = false;
      this.streamingText = '';
      const message = errorMessage(error);
      this.append({ type: 'model-failed', at: this.deps.now(), round, error: message });
      return { kind: 'failed', error: message };
    } finally {
      this.busy = false;
      this.streamingText = '';
      this.abortController = null;
    }
  }

  /**
   * Runs the calls of one response in order under their decisions (approve by default), with only the tools
   * offered in that round. Logs `call-started` right before a tool's implementation runs and `call-finished`
   * after every call, then `results-appended`. A call that already finished (before a reload cut the batch)
   * keeps its outcome and never runs again. Stops early when the exception processor stops the loop or Stop was
   * pressed. Busy for exactly the batch's duration; `isCurrent` is asked after every call.
   */
  protected async executeBatch(
    round: number,
    calls: readonly ToolCall[],
    decisions: Readonly<Record<string, CallDecision>>,
    isCurrent: () => boolean = () => true,
  ): Promise<ToolBatchEnd> {
    const settings = this.state.settings!;
    const finished = this.state.pending?.round === round ? this.state.pending.finished : {};
    this.busy = true;
    const abort = this.abortFor(round, false);
    this.abortController = abort;
    this.notify();
    const outcomes: CallOutcome[] = [];
    try {
      for (const call of calls) {
        const earlier = finished[call.id];
        if (earlier) {
          outcomes.push(earlier);
          if (earlier.kind === 'stop') return { kind: 'ended', reason: 'tool-error', detail: earlier.error };
          continue;
        }
        // A user tool's code saved since the run took it runs from this execution on.
        this.adoptSavedCode(call.name);
        const registry = this.offeredRegistry(round);
        const code = registry.get(call.name)?.code;
        const swap = this.toolSwap(call, round);
        const outcome = await executeToolCall(call, decisions[call.id] ?? { kind: 'approve' }, {
          registry: swap ? swappedRegistry(registry, call.name, swap) : registry,
          exceptionMode: settings.exceptionMode,
          now: this.deps.now,
          language: (name) => this.deps.workspace?.toolLanguage?.(name),
          signal: abort.signal,
          onExecute: (argumentsText) => {
            if (!isCurrent()) return;
            if (swap?.onRun) this.appendDraft(swap.onRun);
            this.append({
              type: 'call-started',
              at: this.deps.now(),
              round,
              callId: call.id,
              name: call.name,
              argumentsText,
              ...(code !== undefined ? { code: nextCodeVersion(this.log.all(), call.name, code) } : {}),
            });
          },
          grants: { allowWrite: settings.allowWrite ?? false },
          onReport: (report) => {
            if (!isCurrent()) return;
            this.append({
              type: 'execution-event',
              at: this.deps.now(),
              round,
              callId: call.id,
              name: call.name,
              kind: report.kind,
              ...(report.detail !== undefined ? { detail: report.detail } : {}),
            });
          },
        });
        if (!isCurrent()) return { kind: 'superseded' };
        outcomes.push(outcome);
        this.append({ type: 'call-finished', at: this.deps.now(), round, outcome });
        if (outcome.kind === 'stop') return { kind: 'ended', reason: 'tool-error', detail: outcome.error };
        if (abort.signal.aborted) return { kind: 'ended', reason: 'stopped', detail: STOPPED };
      }
    } finally {
      this.busy = false;
      this.abortController = null;
    }
    const messages = outcomes.flatMap(toToolMessage);
    this.append({ type: 'results-appended', at: this.deps.now(), round, messages });
    return { kind: 'appended', messages, returnDirect: isReturnDirect(outcomes) };
  }

  // ── extensions ─────────────────────────────────────────────────────────────────────────────────────────

  /** The run as the extensions' hooks read it: the live log (no copy) and the folded state. */
  protected get run(): RunView {
    return this.host;
  }

  /** The first extension's refusal that holds the next model call (predict mode), or null. */
  protected modelCallHold(): CommandResult | null {
    for (const extension of this.extensions) {
      const hold = extension.holdModelCall?.(this.run);
      if (hold) return hold;
    }
    return null;
  }

  /**
   * A response asked for tools: each extension's check before any runs. Logs what they log; true when one ended
   * the run (its `run-finished` logged).
   */
  protected checkCalls(round: number): boolean {
    for (const extension of this.extensions) {
      const check = extension.checkCalls?.(this.run, round);
      if (!check) continue;
      for (const draft of check.events) this.appendDraft(draft);
      if (check.end) {
        this.append({ type: 'run-finished', at: this.deps.now(), reason: check.end.reason, detail: check.end.detail });
        return true;
      }
    }
    return false;
  }

  /** After a batch's results joined the history: what each extension logs then. */
  protected afterBatch(round: number): void {
    for (const extension of this.extensions) {
      for (const draft of extension.afterBatch?.(this.run, round) ?? []) this.appendDraft(draft);
    }
  }

  /** The first extension's swap of the tool one call runs with (a fault), or null. */
  private toolSwap(call: ToolCall, round: number): ToolSwap | null {
    const sleep = this.deps.sleep ?? (() => Promise.resolve());
    for (const extension of this.extensions) {
      const swap = extension.swapTool?.(this.run, call, round, sleep);
      if (swap) return swap;
    }
    return null;
  }

  /** Appends an event drafted without its time, stamped now. */
  protected appendDraft(draft: EventDraft): void {
    this.append({ ...draft, at: this.deps.now() } as LoopEvent);
  }

  /**
   * The tools the model was offered in that round (after prepareRequest, e.g. tool search): a call to any other
   * tool of the run is an unknown tool, as it is for an API that only knows the tools of its request. Made once
   * per model call and registry.
   */
  private offeredRegistry(round: number): ToolRegistry {
    const called = this.log.findLast((e) => e.type === 'model-called' && e.round === round);
    if (!called || called.type !== 'model-called') return this.registry;
    const memo = this.offered;
    if (memo && memo.called === called && memo.all === this.registry) return memo.registry;
    const offered = new Set(called.toolNames);
    const registry = createToolRegistry(this.registry.tools.filter((t) => offered.has(t.name)));
    this.offered = { called, all: this.registry, registry };
    return registry;
  }
  /** A new AbortController for a model call; for a batch, its round's call's one unless Stop aborted it. */
  private abortFor(round: number, call: boolean): AbortController {
    const last = this.roundAbort;
    if (!call && last && last.round === round && !last.controller.signal.aborted) return last.controller;
    const controller = new AbortController();
    this.roundAbort = { round, controller };
    return controller;
  }

  protected append(event: LoopEvent): void {
    this.log.append(event);
  }

  protected notify(): void {
    this.log.notify();
  }
}

/** The registry with `name`'s tool swapped (the others as they are). */
function swappedRegistry(registry: ToolRegistry, name: string, swap: ToolSwap): ToolRegistry {
  return createToolRegistry(registry.tools.map((t) => (t.name === name ? swap.tool(t) : t)));
}

/** Whether two tool lists send the same thing (names, descriptions, schemas and flags, in order). */
function sameDefinitions(a: readonly ToolDefinition[], b: readonly ToolDefinition[]): boolean {
  if (a.length !== b.length) return false;
  // The usual case, every round: the same fields, the same schema objects. Anything else is compared as JSON.
  if (a.every((d, i) => sameFields(d, b[i]!))) return true;
  return JSON.stringify(a.map(toDefinition)) === JSON.stringify(b.map(toDefinition));
}

function sameFields(a: ToolDefinition, b: ToolDefinition): boolean {
  return (
    a === b ||
    (a.name === b.name &&
      a.description === b.description &&
      a.inputSchema === b.inputSchema &&
      a.returnDirect === b.returnDirect &&
      a.needsApproval === b.needsApproval &&
      a.source === b.source)
  );
}
