/**
 * The manual, user-controlled loop. Commands — send, step, run to end, stop, and per pending call approve /
 * edit arguments / deny / write result — append events to the run's log; the state is the log folded by
 * `applyEvent`. The loop only checks "did the model ask for tools?"; the model decides when to stop.
 *
 * One step is one phase: `prompt` → call the model; `execute` → run the pending calls in order and append
 * their results. A response with tool calls goes to `approve` when "pause before executing tools" is on (or a
 * tool needs approval), else straight to `execute`. The max-rounds guard is checked before every model call.
 */
import type { ToolCall } from '../messages';
import { interpretResponse } from '../protocol/interpret';
import type { ChatRuntime, ModelRequest } from '../runtime';
import type { Tool, ToolDefinition } from '../tool';
import { errorMessage, toDefinition } from '../tool';
import type { ToolRegistry } from '../tool-registry';
import { createToolRegistry } from '../tool-registry';
import type { CallDecision, CallOutcome } from '../tool-execution';
import { executeToolCall, isReturnDirect, parseArguments, toToolMessage } from '../tool-execution';
import type { LoopEvent, LoopSettings, RunConfig } from './events';
import type { LoopState } from './state';
import { applyEvent, INITIAL_STATE, replay } from './state';

export interface LoopControllerDeps {
  /** The runtime to call; read at every model call, so the user may switch runtimes between steps. */
  readonly runtime: () => ChatRuntime;
  readonly now: () => number;
  readonly newRunId: () => string;
  /** Lets an app layer adjust each request before it is sent (e.g. exposing tools found by search). */
  readonly prepareRequest?: (request: ModelRequest, state: LoopState) => ModelRequest;
}

export interface StartRunOptions {
  readonly system: string;
  readonly tools: readonly Tool[];
  readonly settings: LoopSettings;
  readonly scenarioId?: string;
}

export type CommandResult = { readonly ok: true } | { readonly ok: false; readonly error: string };

const OK: CommandResult = { ok: true };
const fail = (error: string): CommandResult => ({ ok: false, error });

export type LoopListener = () => void;

export class LoopController {
  private events: LoopEvent[] = [];
  private snapshot: readonly LoopEvent[] = [];
  private snapshotOf: LoopEvent[] = this.events;
  private state: LoopState = INITIAL_STATE;
  private registry: ToolRegistry = createToolRegistry([]);
  private listeners = new Set<LoopListener>();
  private abortController: AbortController | null = null;
  private streamingText = '';
  private busy = false;
  private running = false;
  private callCounter = 0;

  constructor(private readonly deps: LoopControllerDeps) {}

  // ── reading ────────────────────────────────────────────────────────────────────────────────────────────

  getState(): LoopState {
    return this.state;
  }

  /** The run's log. A new array after every append (same array while nothing changed), so views can memoize. */
  getEvents(): readonly LoopEvent[] {
    if (this.snapshot.length !== this.events.length || this.snapshotOf !== this.events) {
      this.snapshot = this.events.slice();
      this.snapshotOf = this.events;
    }
    return this.snapshot;
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
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  // ── lifecycle ──────────────────────────────────────────────────────────────────────────────────────────

  /** Starts a new run (the previous one stays in its own log). Refuses duplicate tool names, naming both. */
  startRun(options: StartRunOptions): CommandResult {
    if (this.busy) return fail('Wait for the current step to finish, or press Stop.');
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
    };
    this.events = [];
    this.state = INITIAL_STATE;
    this.registry = registry;
    this.callCounter = 0;
    this.running = false;
    this.append({ type: 'run-started', at: this.deps.now(), runId: this.deps.newRunId(), config });
    return OK;
  }

  /** Restores a run from its log (after a reload, an import or a fork); tools are matched by name. */
  restore(events: readonly LoopEvent[], tools: readonly Tool[]): CommandResult {
    if (this.busy) return fail('Wait for the current step to finish, or press Stop.');
    this.events = [...events];
    this.state = replay(this.events);
    // The run's config names its tools; take the first workspace tool of each name (names may repeat across
    // tool sources, but never within a run).
    const wanted = new Set(this.state.config?.tools.map((d) => d.name) ?? []);
    const byName = new Map<string, Tool>();
    for (const tool of tools) if (wanted.has(tool.name) && !byName.has(tool.name)) byName.set(tool.name, tool);
    this.registry = createToolRegistry([...byName.values()]);
    this.callCounter = this.events.reduce((n, e) => (e.type === 'model-responded' ? n + e.message.toolCalls.length : n), 0);
    this.running = false;
    this.streamingText = '';
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

  /** Adds the user's message; the run is then at `prompt`, ready to call the model. */
  send(content: string): CommandResult {
    if (!this.state.runId) return fail('Start a run first.');
    if (this.busy) return fail('Wait for the current step to finish, or press Stop.');
    if (this.state.phase !== 'idle' && this.state.phase !== 'done') {
      return fail('The run is still going: step it to the end or press Stop before sending another message.');
    }
    if (content.trim() === '') return fail('Write a user message first.');
    this.append({ type: 'user-message', at: this.deps.now(), content });
    return OK;
  }

  /** Advances one phase. */
  async step(): Promise<CommandResult> {
    if (this.busy) return fail('A step is already in progress.');
    switch (this.state.phase) {
      case 'prompt':
        return this.callModel();
      case 'execute':
        return this.executePending();
      case 'approve':
        return fail('Decide every pending tool call first: Approve, Edit arguments, Deny or Write result.');
      case 'idle':
        return fail('Send a user message first.');
      case 'model':
        return fail('The model is still answering.');
      case 'done':
        return fail('The run has ended. Send another message to continue, or start a new run.');
      default:
        return fail('Unknown phase.');
    }
  }

  /** Steps until the run ends; at a pause it waits and resumes once every pending call is decided. */
  async runToEnd(): Promise<CommandResult> {
    if (this.busy) return fail('A step is already in progress.');
    if (this.state.phase === 'idle' || this.state.phase === 'done') return fail('Send a user message first.');
    this.running = true;
    this.notify();
    return this.drive();
  }

  /** Stops the run: aborts a model call in flight (finish reason `abort`), or ends the run where it stands. */
  stop(): CommandResult {
    this.running = false;
    if (this.abortController && this.busy) {
      this.abortController.abort();
      this.notify();
      return OK;
    }
    if (this.state.phase === 'prompt' || this.state.phase === 'approve' || this.state.phase === 'execute') {
      this.append({ type: 'run-finished', at: this.deps.now(), reason: 'stopped', detail: 'Stopped by the user.' });
      return OK;
    }
    this.notify();
    return OK;
  }

  approve(callId: string): Promise<CommandResult> {
    return this.decide(callId, { kind: 'approve' });
  }

  /** Replaces a pending call's arguments; refused unless they are JSON that passes the tool's schema. */
  editArguments(callId: string, argumentsText: string): Promise<CommandResult> {
    const call = this.pendingCall(callId);
    if (!call) return Promise.resolve(fail(`No pending tool call ${callId}.`));
    const parsed = parseArguments(argumentsText);
    if (!parsed.ok) return Promise.resolve(fail(`Not valid JSON: ${parsed.error}`));
    const tool = this.registry.get(call.name);
    if (tool) {
      const validation = tool.validate(parsed.value);
      if (!validation.ok) return Promise.resolve(fail(`Arguments do not match the schema:\n${validation.issues.join('\n')}`));
    }
    return this.decide(callId, { kind: 'edit', argumentsText });
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

  // ── internals ──────────────────────────────────────────────────────────────────────────────────────────

  private async decide(callId: string, decision: CallDecision): Promise<CommandResult> {
    if (this.state.phase !== 'approve' || !this.state.pending?.awaiting.includes(callId)) {
      return fail(`Tool call ${callId} is not waiting for a decision.`);
    }
    this.append({ type: 'call-decided', at: this.deps.now(), callId, decision });
    const phaseAfter: string = this.state.phase;
    if (phaseAfter === 'execute' && this.running) return this.drive();
    return OK;
  }

  private async drive(): Promise<CommandResult> {
    while (this.running && (this.state.phase === 'prompt' || this.state.phase === 'execute')) {
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

  private pendingCall(callId: string): ToolCall | undefined {
    return this.state.pending?.calls.find((c) => c.id === callId);
  }

  private exposedTools(settings: LoopSettings): ToolDefinition[] {
    if (settings.toolChoice === 'none') return [];
    return this.registry.tools.map(toDefinition);
  }

  private async callModel(): Promise<CommandResult> {
    const settings = this.state.settings!;
    if (this.state.round >= settings.maxRounds) {
      this.append({
        type: 'run-finished',
        at: this.deps.now(),
        reason: 'max-rounds',
        detail: `The max-rounds guard stopped the loop after ${settings.maxRounds} model calls.`,
      });
      return OK;
    }
    const round = this.state.round + 1;
    let request: ModelRequest = {
      messages: this.state.history,
      tools: this.exposedTools(settings),
      toolChoice: settings.toolChoice,
      parallelToolCalls: settings.parallelToolCalls,
      round,
    };
    if (this.deps.prepareRequest) request = this.deps.prepareRequest(request, this.state);
    const runtime = this.deps.runtime();
    this.append({
      type: 'model-called',
      at: this.deps.now(),
      round,
      messageCount: request.messages.length,
      toolNames: request.tools.map((t) => t.name),
    });
    this.busy = true;
    this.streamingText = '';
    const abort = new AbortController();
    this.abortController = abort;
    try {
      const response = await runtime.generate(request, {
        signal: abort.signal,
        onDelta: (text) => {
          this.streamingText += text;
          this.notify();
        },
      });
      const interpreted = interpretResponse(response, () => `call_${++this.callCounter}`);
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
      this.afterResponse(interpreted.executableCalls, interpreted.stop.raw, interpreted.message.content);
      return OK;
    } catch (error) {
      this.busy = false;
      this.streamingText = '';
      const message = errorMessage(error);
      this.append({ type: 'model-failed', at: this.deps.now(), round, error: message });
      this.append({ type: 'run-finished', at: this.deps.now(), reason: 'runtime-error', detail: message });
      this.running = false;
      return OK;
    } finally {
      this.abortController = null;
    }
  }

  private afterResponse(calls: readonly ToolCall[], raw: string, content: string): void {
    const at = this.deps.now();
    if (raw === 'abort') {
      this.running = false;
      this.append({ type: 'run-finished', at, reason: 'aborted', detail: 'Generation was stopped (finish reason abort).' });
      return;
    }
    if (raw === 'content_filter') {
      this.append({ type: 'run-finished', at, reason: 'refused', detail: 'The model declined (content_filter).' });
      return;
    }
    if (calls.length === 0) {
      this.append({ type: 'run-finished', at, reason: 'final-answer', finalAnswer: content });
      return;
    }
    const settings = this.state.settings!;
    const awaiting = calls
      .filter((c) => settings.pauseBeforeTools || this.registry.get(c.name)?.needsApproval === true)
      .map((c) => c.id);
    if (awaiting.length > 0) this.append({ type: 'tools-paused', at, round: this.state.round, callIds: awaiting });
  }

  private async executePending(): Promise<CommandResult> {
    const pending = this.state.pending;
    if (!pending) return fail('Nothing to execute.');
    const settings = this.state.settings!;
    const registry = this.offeredRegistry(pending.round);
    this.busy = true;
    const abort = new AbortController();
    this.abortController = abort;
    this.notify();
    const outcomes: CallOutcome[] = [];
    try {
      for (const call of pending.calls) {
        const decision = pending.decisions[call.id] ?? { kind: 'approve' };
        const outcome = await executeToolCall(call, decision, {
          registry,
          exceptionMode: settings.exceptionMode,
          now: this.deps.now,
          signal: abort.signal,
        });
        outcomes.push(outcome);
        this.append({ type: 'call-finished', at: this.deps.now(), round: pending.round, outcome });
        if (outcome.kind === 'stop') {
          this.running = false;
          this.append({ type: 'run-finished', at: this.deps.now(), reason: 'tool-error', detail: outcome.error });
          return OK;
        }
        if (abort.signal.aborted) {
          this.running = false;
          this.append({ type: 'run-finished', at: this.deps.now(), reason: 'stopped', detail: 'Stopped by the user.' });
          return OK;
        }
      }
    } finally {
      this.busy = false;
      this.abortController = null;
    }
    const messages = outcomes.flatMap(toToolMessage);
    this.append({ type: 'results-appended', at: this.deps.now(), round: pending.round, messages });
    if (isReturnDirect(outcomes)) {
      this.append({
        type: 'run-finished',
        at: this.deps.now(),
        reason: 'return-direct',
        detail: 'Every executed tool is returnDirect: its result is the final answer and the model is not called again.',
        finalAnswer: messages.map((m) => m.content).join('\n'),
      });
    }
    return OK;
  }

  /**
   * The tools the model was offered in that round (after prepareRequest, e.g. tool search): a call to any other
   * tool of the run is an unknown tool, as it is for an API that only knows the tools of its request.
   */
  private offeredRegistry(round: number): ToolRegistry {
    const called = this.events.findLast((e) => e.type === 'model-called' && e.round === round);
    if (!called || called.type !== 'model-called') return this.registry;
    const offered = new Set(called.toolNames);
    return createToolRegistry(this.registry.tools.filter((t) => offered.has(t.name)));
  }

  private append(event: LoopEvent): void {
    this.events.push(event);
    this.state = applyEvent(this.state, event);
    this.notify();
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }
}
