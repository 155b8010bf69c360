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
import { historyEdits, rewriteCalls } from '../loop/history-rewrite';
import type { GuardTrip } from '../lab/guards';
import { checkTokenBudget, guardsOf, runTokens } from '../lab/guards';
import type { Message, ToolCall } from '../messages';
import type { ModelRequest } from '../runtime';
import { errorMessage } from '../tool';
import { responseVerdict } from '../loop/response-ending';
import { TOOL_SEARCH_TOOL_NAME } from '../tool-search/search-tool';
import type { CommandResult, LoopControllerDeps, StepSnapshot } from '../loop/controller-core';
import { ControllerCore, fail, OK, stepRefusal } from '../loop/controller-core';
import { REFUSALS, refuse } from '../loop/refusals';
import { withExtension } from '../loop/extension';
import { ChatMemory } from './built-ins';
import { advisorEvents } from './events';
import { AdvisorChain, describeAdvisor } from './chain';
import type { AdvisorConfig } from './setup';
import { buildAdvisors, DEFAULT_ADVISOR_CONFIG } from './setup';
import type { AdvisedRequest, AdvisedResponse, AdvisorInvocation, ChainEnvironment, ToolBatchResult } from './types';
import { LoopEndSignal } from './types';
import { assertNever, type Result } from '../result';
import { promptDateOf } from '../loop/request';

export interface AdvisorLoopControllerDeps extends LoopControllerDeps {
  /**
   * The chain's configuration, read when a request starts (the app's: the workspace's `advisors`, so the Advisors
   * tab, Show the code and the loop read one value). Absent: the default chain.
   */
  readonly advisors?: () => AdvisorConfig;
}

export const RESTORED_MID_REQUEST = REFUSALS.restoredMidRequest;

type GateKind = 'model' | 'tools';

interface Gate {
  readonly kind: GateKind;
  /** Model gate: the request the chain hands to the model when the gate opens. */
  readonly advised?: AdvisedRequest;
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
  /** What the step that opened the model gate read of the workspace; the model call uses it. */
  snapshot: StepSnapshot | null;
}

export class AdvisorLoopController extends ControllerCore {
  private stepping = false;
  private readonly advisorConfig: () => AdvisorConfig;
  private memory = new ChatMemory();
  private process: ChainProcess | null = null;
  private processCounter = 0;
  /** The model request of the gate the chain waits at, memoized on what it is built from. */
  private gateMemo: {
    advised: AdvisedRequest;
    settings: unknown;
    round: number;
    request: ModelRequest;
  } | null = null;

  constructor(deps: AdvisorLoopControllerDeps) {
    // Its own events are folded wherever it runs, registered or not.
    super({ ...deps, extensions: withExtension(deps.extensions, advisorEvents) });
    this.advisorConfig = deps.advisors ?? (() => DEFAULT_ADVISOR_CONFIG);
  }

  // ── reading ────────────────────────────────────────────────────────────────────────────────────────────

  /** True while a step (a model call, a tool batch and the hooks around them) is in flight. */
  override isBusy(): boolean {
    return this.busy || this.stepping;
  }

  /** What the run's memory advisor holds now. */
  getMemory(): readonly Message[] {
    return this.memory.get();
  }

  /** Which gate the chain waits at: the next Step calls the model or runs the tools. Null when no request is open. */
  getWaitingAt(): GateKind | null {
    return this.process?.gate?.kind ?? null;
  }

  /**
   * The request the next Step sends when the chain waits at the model gate (the advisors before the model have
   * already shaped it): the very object the runtime then receives. Null anywhere else — before a request's
   * first model call the chain has not run yet, so no one can know it without running the advisors.
   */
  getPendingRequest(): ModelRequest | null {
    const gate = this.process?.gate;
    return gate?.kind === 'model' && gate.advised ? this.gateRequest(gate.advised) : null;
  }

  // ── commands ───────────────────────────────────────────────────────────────────────────────────────────

  /** Advances to the next gate: one model call, or one tool batch, with the hooks around it. */
  async step(): Promise<CommandResult> {
    if (this.isBusy()) return refuse('stepInProgress');
    const refused = stepRefusal(this.state.phase);
    if (refused !== null) return refuse(refused);
    this.stepping = true;
    this.notify();
    try {
      // Calls reopened before a new user message run on their own; the message then starts the next request.
      if (this.state.phase === 'execute' && this.state.pending?.userMessageAfter !== undefined) {
        return await this.runReopened();
      }
      // One pull of the workspace per step: the chain starts with it and the model call it opens uses it.
      let snapshot: StepSnapshot | null = null;
      if (!this.process) {
        if (this.state.phase !== 'prompt' || this.requestStarted()) return refuse('restoredMidRequest');
        snapshot = this.snapshot();
        const started = this.startProcess(snapshot);
        if (!started.ok) return started;
        await started.value.parked.promise;
      }
      const process = this.process;
      if (!process) return OK; // the chain ended before reaching a gate
      const gate = process.gate;
      if (!gate) return refuse('chainNotWaiting');
      if (gate.kind === 'model' && gate.advised) {
        snapshot ??= this.snapshot();
        const refusal = this.refusalOf(snapshot.runtime, this.gateRequest(gate.advised));
        if (refusal !== null) return fail(refusal);
        process.snapshot = snapshot;
      }
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

  // ── internals: hooks of the core ───────────────────────────────────────────────────────────────────────

  /** A new run or a restore: the open request is forgotten and memory is rebuilt from what the memory advisor stored. */
  protected override onLogReplaced(): void {
    this.detachProcess();
    this.memory = new ChatMemory(
      this.log.all().flatMap((e) => (e.type === 'advisor-invoked' && e.kind === 'memory' ? (e.sees.stored ?? []) : [])),
    );
  }

  /** Stop ends the request where the chain waits, as well as a run paused in the manual loop's phases. */
  protected override releaseForStop(): boolean {
    const open = this.process !== null || super.releaseForStop();
    this.detachProcess();
    return open;
  }

  protected canStep(): boolean {
    const phase = this.state.phase;
    if (phase === 'approve' || phase === 'idle' || phase === 'done') return false;
    return this.process ? this.process.gate !== null : phase === 'prompt';
  }

  /** A model call happened since the last user message (so a fresh chain would repeat it). */
  private requestStarted(): boolean {
    const events = this.log.all();
    for (let i = events.length - 1; i >= 0; i -= 1) {
      const type = events[i]!.type;
      if (type === 'user-message') return false;
      if (type === 'model-called' || type === 'advisor-chain') return true;
    }
    return false;
  }

  // ── internals: the chain ───────────────────────────────────────────────────────────────────────────────

  private startProcess(snapshot: StepSnapshot): Result<ChainProcess> {
    const adopted = this.adoptWorkspace(snapshot);
    if (!adopted.ok) return adopted;
    const tools = this.exposedTools();
    const config = this.advisorConfig();
    const built = buildAdvisors(config, {
      memory: this.memory,
      maxRounds: () => this.state.settings?.maxRounds ?? 10,
      // Tool search is the loop advisor's job on this path (Spring's ToolSearchToolCallingAdvisor), so the
      // advisors inside the loop see the tools the model gets.
      toolSearch: tools.some((t) => t.name === TOOL_SEARCH_TOOL_NAME),
      tokenBudget: () => this.tokenBudgetTrip(),
    });
    if (!built.ok) {
      this.append({ type: 'run-finished', at: this.deps.now(), reason: 'runtime-error', detail: built.error });
      return { ok: false, error: built.error };
    }
    this.append({
      type: 'advisor-chain',
      at: this.deps.now(),
      advisors: built.value.advisors.map(describeAdvisor),
      loopOrder: built.value.loopOrder,
      conversationHistoryEnabled: built.value.conversationHistoryEnabled,
      config,
    });
    const process: ChainProcess = { id: ++this.processCounter, gate: null, parked: deferred(), snapshot: null };
    this.process = process;
    const chain = AdvisorChain.build(built.value.advisors, this.environment(process.id));
    const request: AdvisedRequest = { messages: this.requestMessages(), tools, context: new Map() };
    chain.nextCall(request).then(
      (response) => this.finishProcess(process.id, response),
      (error: unknown) => this.failProcess(process.id, error),
    );
    return { ok: true, value: process };
  }

  /**
   * The same budget check as the manual loop's guard (lab/guards.ts `checkTokenBudget`), for the loop advisor's
   * `doAfterCall`: at the hard cap it logs the trip and returns it (the advisor then ends the loop).
   */
  private tokenBudgetTrip(): GuardTrip | null {
    const trip = checkTokenBudget(runTokens(this.log.all()), guardsOf(this.state.settings));
    if (trip?.level !== 'stop') return null;
    this.append({ type: 'guard-tripped', at: this.deps.now(), round: this.state.round, ...trip });
    return trip;
  }

  /** A ChatClient call carries the system message and the new user message; memory supplies earlier turns. */
  private requestMessages(): Message[] {
    const system = this.state.config?.system ?? '';
    const user = [...this.state.history].reverse().find((m) => m.role === 'user');
    return [...(system.trim() === '' ? [] : [{ role: 'system' as const, content: system }]), ...(user ? [user] : [])];
  }

  private environment(id: number): ChainEnvironment {
    return {
      callModel: (request) => this.callModelAtGate(id, request),
      executeTools: (calls, history, response) => this.executeToolsAtGate(id, calls, history, response),
      record: (invocation) => this.record(id, invocation),
    };
  }

  private isCurrent(id: number): boolean {
    return this.process?.id === id;
  }

  private waitAtGate(id: number, kind: GateKind, advised?: AdvisedRequest): Promise<void> {
    const process = this.process;
    if (!process || process.id !== id) return Promise.reject(new LoopEndSignal('stopped', 'Stopped by the user.'));
    return new Promise<void>((resolve, reject) => {
      process.gate = { kind, resolve, reject, ...(advised ? { advised } : {}) };
      process.parked.resolve();
    });
  }

  /** The chain's request as the runtime receives it: its messages and tools, the run's tool choice. */
  private gateRequest(advised: AdvisedRequest): ModelRequest {
    const settings = this.state.settings!;
    const round = this.state.round + 1;
    const memo = this.gateMemo;
    if (memo && memo.advised === advised && memo.settings === settings && memo.round === round) return memo.request;
    const request: ModelRequest = {
      messages: advised.messages,
      tools: advised.tools,
      toolChoice: settings.toolChoice,
      parallelToolCalls: settings.parallelToolCalls,
      round,
      ...promptDateOf(settings.promptDate, this.state),
    };
    this.gateMemo = { advised, settings, round, request };
    return request;
  }

  /** The snapshot the opening step left for the model call (or a fresh one), used once. */
  private takeSnapshot(): StepSnapshot {
    const process = this.process;
    const snapshot = process?.snapshot ?? this.snapshot();
    if (process) process.snapshot = null;
    return snapshot;
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

  private async callModelAtGate(id: number, advised: AdvisedRequest): Promise<AdvisedResponse> {
    await this.waitAtGate(id, 'model', advised);
    const request = this.gateRequest(advised);
    // The step that opened this gate read the workspace once; that snapshot is the one the call uses.
    const snapshot = this.takeSnapshot();
    const adopted = this.adoptWorkspace(snapshot);
    if (!adopted.ok) throw new LoopEndSignal('runtime-error', adopted.error);
    const result = await this.callModel(request, snapshot.runtime, () => this.isCurrent(id));
    switch (result.kind) {
      case 'superseded':
        throw new LoopEndSignal('stopped', 'Stopped by the user.');
      case 'failed':
        throw new LoopEndSignal('runtime-error', result.error);
      case 'responded':
        break;
      default:
        return assertNever(result);
    }
    const { response, interpreted, round } = result;
    const verdict = responseVerdict(interpreted);
    if (verdict.kind === 'end' && verdict.reason === 'aborted') throw new LoopEndSignal('aborted', verdict.detail!);
    // A refused or cut response carries its ending up the chain; a final answer is the chain's to judge
    // (validation may retry it).
    const ending =
      verdict.kind === 'end' && (verdict.reason === 'refused' || verdict.reason === 'truncated')
        ? { ending: { reason: verdict.reason, detail: verdict.detail ?? '' } }
        : {};
    return {
      message: interpreted.message,
      calls: verdict.kind === 'calls' ? verdict.calls : [],
      usage: response.usage ?? null,
      finishRaw: response.finishReason,
      round,
      ...ending,
    };
  }

  private async executeToolsAtGate(
    id: number,
    calls: readonly ToolCall[],
    fullHistory: readonly Message[],
    response: AdvisedResponse,
  ): Promise<ToolBatchResult> {
    this.pauseForApproval(calls, response.round);
    await this.waitAtGate(id, 'tools');
    const decisions = this.state.pending?.decisions ?? {};
    const batch = await this.executeBatch(response.round, calls, decisions, () => this.isCurrent(id));
    switch (batch.kind) {
      case 'superseded':
        throw new LoopEndSignal('stopped', 'Stopped by the user.');
      // Spring: an exception the processor rethrows propagates out of the loop and up the chain.
      case 'ended':
        throw new LoopEndSignal(batch.reason, batch.detail);
      case 'appended':
        return {
          // An edit that asked for it shows in the history as the model's own call (history-rewrite.ts).
          history: [...fullHistory, rewriteCalls(response.message, historyEdits(decisions)), ...batch.messages],
          toolMessages: batch.messages,
          returnDirect: batch.returnDirect,
        };
      default:
        return assertNever(batch);
    }
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
        // The answer the run ends with: a returnDirect result, a cut answer, the last answer validation rejected.
        ...(response.ending.reason === 'return-direct' ||
        response.ending.reason === 'truncated' ||
        response.ending.reason === 'validation-failed'
          ? { finalAnswer: response.message.content }
          : {}),
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
      this.append({
        type: 'run-finished',
        at,
        reason: 'runtime-error',
        detail: `An advisor failed: ${errorMessage(error)}`,
      });
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
}
