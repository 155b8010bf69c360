/**
 * The advisor-controlled loop: the same public commands as the manual LoopController (send, step, run to end,
 * stop, approve / edit arguments / deny / write result), but the advisor chain drives. The chain runs as one
 * async call (`chain.nextCall`), suspended at two kinds of gates: before every model call and before every tool
 * batch. A Step opens the gate the chain waits at and runs it until it reaches the next one (or finishes):
 *
 *   step 1: outside befores → loop initialize → before-call → inside befores → [model] → inside afters →
 *           after-call → eligibility → (pause for approval?) → waits at the tool gate
 *   step 2: [tools] → next instructions → before-call → inside befores → waits at the model gate
 *   …     : [model] → inside afters → after-call → not eligible → finalize → outside afters → run-finished
 *
 * It appends the same LoopEvent kinds as the manual loop (so the transcript, turn table and metrics work
 * unchanged) plus `advisor-chain` once per request and `advisor-invoked` for every hook.
 */
import type { Message, ToolCall } from '../messages';
import { interpretResponse } from '../protocol/interpret';
import type { ModelRequest } from '../runtime';
import type { Tool, ToolDefinition } from '../tool';
import { errorMessage, toDefinition } from '../tool';
import type { ToolRegistry } from '../tool-registry';
import { createToolRegistry } from '../tool-registry';
import type { CallDecision, CallOutcome } from '../tool-execution';
import { executeToolCall, isReturnDirect, parseArguments, toToolMessage } from '../tool-execution';
import type { CommandResult, LoopControllerDeps, LoopListener, StartRunOptions } from '../loop/controller';
import type { LoopEvent, LoopSettings, RunConfig } from '../loop/events';
import type { LoopState } from '../loop/state';
import { applyEvent, INITIAL_STATE, replay } from '../loop/state';
import { ChatMemory } from './built-ins';
import { AdvisorChain } from './chain';
import type { AdvisorConfig } from './setup';
import { buildAdvisors, DEFAULT_ADVISOR_CONFIG } from './setup';
import type { AdvisedRequest, AdvisedResponse, AdvisorInvocation, ChainEnvironment, ToolBatchResult } from './types';
import { LoopEndSignal } from './types';

export interface AdvisorLoopControllerDeps extends LoopControllerDeps {
  /** The chain used until `configureAdvisors` changes it. */
  readonly advisorConfig?: AdvisorConfig;
}

const OK: CommandResult = { ok: true };
const fail = (error: string): CommandResult => ({ ok: false, error });

export const RESTORED_MID_REQUEST =
  'This run was restored in the middle of an advisor-controlled request: the chain’s call stack cannot be ' +
  'rebuilt from the log. Press Stop to end the request, then send the next message.';

type GateKind = 'model' | 'tools';

interface Gate {
  readonly kind: GateKind;
  readonly resolve: () => void;
  readonly reject: (error: Error) => void;
}

interface Deferred {
  readonly promise: Promise<void>;
  readonly resolve: () => void;
}

function deferred(): Deferred {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/** One request's chain, suspended at a gate between steps. */
interface ChainProcess {
  readonly id: number;
  gate: Gate | null;
  /** Resolves when the chain reaches its next gate or finishes. */
  parked: Deferred;
}

export class AdvisorLoopController {
  private events: LoopEvent[] = [];
  private state: LoopState = INITIAL_STATE;
  private registry: ToolRegistry = createToolRegistry([]);
  private listeners = new Set<LoopListener>();
  private abortController: AbortController | null = null;
  private streamingText = '';
  private busy = false;
  private stepping = false;
  private running = false;
  private callCounter = 0;
  private config: AdvisorConfig;
  private memory = new ChatMemory();
  private process: ChainProcess | null = null;
  private processCounter = 0;

  constructor(private readonly deps: AdvisorLoopControllerDeps) {
    this.config = deps.advisorConfig ?? DEFAULT_ADVISOR_CONFIG;
  }

  // ── reading ────────────────────────────────────────────────────────────────────────────────────────────

  getState(): LoopState {
    return this.state;
  }

  /** The run's log: a new array after every append (the same one while nothing changed). */
  getEvents(): readonly LoopEvent[] {
    return this.events;
  }

  getStreamingText(): string {
    return this.streamingText;
  }

  /** True while a step (a model call, a tool batch and the hooks around them) is in flight. */
  isBusy(): boolean {
    return this.busy || this.stepping;
  }

  isRunning(): boolean {
    return this.running;
  }

  subscribe(listener: LoopListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  getAdvisorConfig(): AdvisorConfig {
    return this.config;
  }

  /** What the run's memory advisor holds now. */
  getMemory(): readonly Message[] {
    return this.memory.get();
  }

  /** Which gate the chain waits at: the next Step calls the model or runs the tools. Null when no request is open. */
  getWaitingAt(): GateKind | null {
    return this.process?.gate?.kind ?? null;
  }

  // ── configuration ──────────────────────────────────────────────────────────────────────────────────────

  /** Changes the chain (orders, which advisors are on). Takes effect at the next request; a bad chain is refused. */
  configureAdvisors(config: AdvisorConfig): CommandResult {
    const built = buildAdvisors(config, { memory: new ChatMemory(), maxRounds: () => 10 });
    if (!built.ok) return fail(built.error);
    this.config = config;
    this.notify();
    return OK;
  }

  // ── lifecycle ──────────────────────────────────────────────────────────────────────────────────────────

  startRun(options: StartRunOptions): CommandResult {
    if (this.isBusy()) return fail('Wait for the current step to finish, or press Stop.');
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
    this.detachProcess();
    this.events = [];
    this.state = INITIAL_STATE;
    this.registry = registry;
    this.callCounter = 0;
    this.running = false;
    this.memory = new ChatMemory();
    this.append({ type: 'run-started', at: this.deps.now(), runId: this.deps.newRunId(), config });
    return OK;
  }

  /** Restores a run from its log; the memory is rebuilt from what the memory advisor stored. */
  restore(events: readonly LoopEvent[], tools: readonly Tool[]): CommandResult {
    if (this.isBusy()) return fail('Wait for the current step to finish, or press Stop.');
    this.detachProcess();
    this.events = [...events];
    this.state = replay(this.events);
    const wanted = new Set(this.state.config?.tools.map((d) => d.name) ?? []);
    const byName = new Map<string, Tool>();
    for (const tool of tools) if (wanted.has(tool.name) && !byName.has(tool.name)) byName.set(tool.name, tool);
    this.registry = createToolRegistry([...byName.values()]);
    this.callCounter = this.events.reduce((n, e) => (e.type === 'model-responded' ? n + e.message.toolCalls.length : n), 0);
    this.memory = new ChatMemory(
      this.events.flatMap((e) => (e.type === 'advisor-invoked' && e.kind === 'memory' ? (e.sees.stored ?? []) : [])),
    );
    this.running = false;
    this.streamingText = '';
    this.notify();
    return OK;
  }

  updateSettings(settings: LoopSettings): CommandResult {
    if (!this.state.runId) return OK;
    this.append({ type: 'settings-changed', at: this.deps.now(), settings });
    return OK;
  }

  // ── commands ───────────────────────────────────────────────────────────────────────────────────────────

  send(content: string): CommandResult {
    if (!this.state.runId) return fail('Start a run first.');
    if (this.isBusy()) return fail('Wait for the current step to finish, or press Stop.');
    if (this.state.phase !== 'idle' && this.state.phase !== 'done') {
      return fail('The run is still going: step it to the end or press Stop before sending another message.');
    }
    if (content.trim() === '') return fail('Write a user message first.');
    this.append({ type: 'user-message', at: this.deps.now(), content });
    return OK;
  }

  /** Advances to the next gate: one model call, or one tool batch, with the hooks around it. */
  async step(): Promise<CommandResult> {
    if (this.isBusy()) return fail('A step is already in progress.');
    switch (this.state.phase) {
      case 'approve':
        return fail('Decide every pending tool call first: Approve, Edit arguments, Deny or Write result.');
      case 'idle':
        return fail('Send a user message first.');
      case 'done':
        return fail('The run has ended. Send another message to continue, or start a new run.');
      case 'prompt':
      case 'model':
      case 'execute':
        break;
      default:
        return fail('Unknown phase.');
    }
    this.stepping = true;
    this.notify();
    try {
      if (!this.process) {
        if (this.state.phase !== 'prompt' || this.requestStarted()) return fail(RESTORED_MID_REQUEST);
        const started = this.startProcess();
        if (!started.ok) return started;
        await started.process.parked.promise;
      }
      const process = this.process;
      if (!process) return OK; // the chain ended before reaching a gate
      const gate = process.gate;
      if (!gate) return fail('The chain is not waiting at a step.');
      process.gate = null;
      process.parked = deferred();
      gate.resolve();
      await process.parked.promise;
      return OK;
    } finally {
      this.stepping = false;
      this.notify();
    }
  }

  async runToEnd(): Promise<CommandResult> {
    if (this.isBusy()) return fail('A step is already in progress.');
    if (this.state.phase === 'idle' || this.state.phase === 'done') return fail('Send a user message first.');
    this.running = true;
    this.notify();
    return this.drive();
  }

  /** Aborts a model call or tool batch in flight, or ends the request where the chain waits. */
  stop(): CommandResult {
    this.running = false;
    if (this.abortController && this.busy) {
      this.abortController.abort();
      this.notify();
      return OK;
    }
    if (this.process || this.state.phase === 'prompt' || this.state.phase === 'approve' || this.state.phase === 'execute') {
      this.detachProcess();
      this.append({ type: 'run-finished', at: this.deps.now(), reason: 'stopped', detail: 'Stopped by the user.' });
      return OK;
    }
    this.notify();
    return OK;
  }

  approve(callId: string): Promise<CommandResult> {
    return this.decide(callId, { kind: 'approve' });
  }

  editArguments(callId: string, argumentsText: string): Promise<CommandResult> {
    const call = this.state.pending?.calls.find((c) => c.id === callId);
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

  async approveAll(): Promise<CommandResult> {
    const awaiting = this.state.pending?.awaiting ?? [];
    let result = OK;
    for (const id of awaiting) result = await this.approve(id);
    return result;
  }

  // ── internals: commands ────────────────────────────────────────────────────────────────────────────────

  private async decide(callId: string, decision: CallDecision): Promise<CommandResult> {
    if (this.state.phase !== 'approve' || !this.state.pending?.awaiting.includes(callId)) {
      return fail(`Tool call ${callId} is not waiting for a decision.`);
    }
    this.append({ type: 'call-decided', at: this.deps.now(), callId, decision });
    const phaseAfter: string = this.state.phase;
    if (phaseAfter === 'execute' && this.running) return this.drive();
    return OK;
  }

  private canStep(): boolean {
    const phase = this.state.phase;
    if (phase === 'approve' || phase === 'idle' || phase === 'done') return false;
    return this.process ? this.process.gate !== null : phase === 'prompt';
  }

  private async drive(): Promise<CommandResult> {
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

  /** A model call happened since the last user message (so a fresh chain would repeat it). */
  private requestStarted(): boolean {
    for (let i = this.events.length - 1; i >= 0; i -= 1) {
      const type = this.events[i]!.type;
      if (type === 'user-message') return false;
      if (type === 'model-called' || type === 'advisor-chain') return true;
    }
    return false;
  }

  // ── internals: the chain ───────────────────────────────────────────────────────────────────────────────

  private startProcess(): { ok: true; process: ChainProcess } | { ok: false; error: string } {
    const built = buildAdvisors(this.config, {
      memory: this.memory,
      maxRounds: () => this.state.settings?.maxRounds ?? 10,
    });
    if (!built.ok) {
      this.append({ type: 'run-finished', at: this.deps.now(), reason: 'runtime-error', detail: built.error });
      return { ok: false, error: built.error };
    }
    this.append({
      type: 'advisor-chain',
      at: this.deps.now(),
      advisors: built.advisors.map((a) => ({ name: a.name, kind: a.kind, order: a.order })),
      loopOrder: built.loopOrder,
      conversationHistoryEnabled: built.conversationHistoryEnabled,
    });
    const process: ChainProcess = { id: ++this.processCounter, gate: null, parked: deferred() };
    this.process = process;
    const chain = AdvisorChain.build(built.advisors, this.environment(process.id));
    const request: AdvisedRequest = { messages: this.requestMessages(), tools: this.exposedTools(), context: new Map() };
    chain.nextCall(request).then(
      (response) => this.finishProcess(process.id, response),
      (error: unknown) => this.failProcess(process.id, error),
    );
    return { ok: true, process };
  }

  /** A ChatClient call carries the system message and the new user message; memory supplies earlier turns. */
  private requestMessages(): Message[] {
    const system = this.state.config?.system ?? '';
    const user = [...this.state.history].reverse().find((m) => m.role === 'user');
    return [...(system.trim() === '' ? [] : [{ role: 'system' as const, content: system }]), ...(user ? [user] : [])];
  }

  private exposedTools(): ToolDefinition[] {
    if (this.state.settings?.toolChoice === 'none') return [];
    return this.registry.tools.map(toDefinition);
  }

  private environment(id: number): ChainEnvironment {
    return {
      callModel: (request) => this.callModel(id, request),
      executeTools: (calls, history, response) => this.executeTools(id, calls, history, response),
      record: (invocation) => this.record(id, invocation),
    };
  }

  private isCurrent(id: number): boolean {
    return this.process?.id === id;
  }

  private waitAtGate(id: number, kind: GateKind): Promise<void> {
    const process = this.process;
    if (!process || process.id !== id) return Promise.reject(new LoopEndSignal('stopped', 'Stopped by the user.'));
    return new Promise<void>((resolve, reject) => {
      process.gate = { kind, resolve, reject };
      process.parked.resolve();
    });
  }

  private record(id: number, invocation: AdvisorInvocation): void {
    if (!this.isCurrent(id)) return;
    this.append({
      type: 'advisor-invoked',
      at: this.deps.now(),
      round: this.state.round,
      advisor: invocation.name,
      kind: invocation.kind,
      order: invocation.order,
      hook: invocation.hook,
      sees: invocation.sees,
    });
  }

  private async callModel(id: number, advised: AdvisedRequest): Promise<AdvisedResponse> {
    await this.waitAtGate(id, 'model');
    const settings = this.state.settings!;
    const round = this.state.round + 1;
    let request: ModelRequest = {
      messages: advised.messages,
      tools: advised.tools,
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
      if (!this.isCurrent(id)) throw new LoopEndSignal('stopped', 'Stopped by the user.');
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
      if (response.finishReason === 'abort') {
        throw new LoopEndSignal('aborted', 'Generation was stopped (finish reason abort).');
      }
      return {
        message: interpreted.message,
        calls: interpreted.executableCalls,
        usage: response.usage ?? null,
        finishRaw: response.finishReason,
        round,
        ...(response.finishReason === 'content_filter'
          ? { ending: { reason: 'refused' as const, detail: 'The model declined (content_filter).' } }
          : {}),
      };
    } catch (error) {
      if (error instanceof LoopEndSignal) throw error;
      if (this.isCurrent(id)) this.append({ type: 'model-failed', at: this.deps.now(), round, error: errorMessage(error) });
      throw new LoopEndSignal('runtime-error', errorMessage(error));
    } finally {
      this.busy = false;
      this.streamingText = '';
      this.abortController = null;
    }
  }

  private async executeTools(
    id: number,
    calls: readonly ToolCall[],
    fullHistory: readonly Message[],
    response: AdvisedResponse,
  ): Promise<ToolBatchResult> {
    const settings = this.state.settings!;
    const awaiting = calls
      .filter((c) => settings.pauseBeforeTools || this.registry.get(c.name)?.needsApproval === true)
      .map((c) => c.id);
    if (awaiting.length > 0) {
      this.append({ type: 'tools-paused', at: this.deps.now(), round: response.round, callIds: awaiting });
    }
    await this.waitAtGate(id, 'tools');
    const decisions = this.state.pending?.decisions ?? {};
    this.busy = true;
    const abort = new AbortController();
    this.abortController = abort;
    this.notify();
    const outcomes: CallOutcome[] = [];
    try {
      for (const call of calls) {
        const outcome = await executeToolCall(call, decisions[call.id] ?? { kind: 'approve' }, {
          registry: this.registry,
          exceptionMode: settings.exceptionMode,
          now: this.deps.now,
          signal: abort.signal,
        });
        if (!this.isCurrent(id)) throw new LoopEndSignal('stopped', 'Stopped by the user.');
        outcomes.push(outcome);
        this.append({ type: 'call-finished', at: this.deps.now(), round: response.round, outcome });
        // Spring: an exception the processor rethrows propagates out of the loop and up the chain.
        if (outcome.kind === 'stop') throw new LoopEndSignal('tool-error', outcome.error);
        if (abort.signal.aborted) throw new LoopEndSignal('stopped', 'Stopped by the user.');
      }
    } finally {
      this.busy = false;
      this.abortController = null;
    }
    const toolMessages = outcomes.flatMap(toToolMessage);
    this.append({ type: 'results-appended', at: this.deps.now(), round: response.round, messages: toolMessages });
    return { history: [...fullHistory, response.message, ...toolMessages], toolMessages, returnDirect: isReturnDirect(outcomes) };
  }

  private finishProcess(id: number, response: AdvisedResponse): void {
    const process = this.process;
    if (!process || process.id !== id) return;
    this.process = null;
    const at = this.deps.now();
    if (response.ending) {
      this.append({
        type: 'run-finished',
        at,
        reason: response.ending.reason,
        detail: response.ending.detail,
        ...(response.ending.reason === 'return-direct' ? { finalAnswer: response.message.content } : {}),
      });
    } else {
      this.append({ type: 'run-finished', at, reason: 'final-answer', finalAnswer: response.message.content });
    }
    process.parked.resolve();
  }

  private failProcess(id: number, error: unknown): void {
    const process = this.process;
    if (!process || process.id !== id) return;
    this.process = null;
    this.running = false;
    const at = this.deps.now();
    if (error instanceof LoopEndSignal) {
      this.append({ type: 'run-finished', at, reason: error.reason, detail: error.detail });
    } else {
      // An advisor threw: like Spring, the exception ends the call; here it is shown, never a crash.
      this.append({ type: 'run-finished', at, reason: 'runtime-error', detail: `An advisor failed: ${errorMessage(error)}` });
    }
    process.parked.resolve();
  }

  /** Forgets the open request: a gate it waits at is rejected, and anything it still does is ignored. */
  private detachProcess(): void {
    const process = this.process;
    if (!process) return;
    this.process = null;
    const gate = process.gate;
    process.gate = null;
    gate?.reject(new LoopEndSignal('stopped', 'Stopped by the user.'));
    process.parked.resolve();
  }

  private append(event: LoopEvent): void {
    // A new array per append, so views holding the last one can tell that something changed.
    this.events = [...this.events, event];
    this.state = applyEvent(this.state, event);
    this.notify();
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }
}
