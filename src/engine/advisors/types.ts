/**
 * The advisor chain's vocabulary (Spring AI's CallAdvisor / CallAdvisorChain, modelled in TypeScript).
 *
 * An advisor has a name, an order and an `adviseCall(request, chain)`: it may change the request, hand it on with
 * `chain.nextCall`, and change the response on the way back. Plain advisors have a *before* and an *after* hook
 * (see BaseAdvisor); recursive advisors (the tool-calling loop, structured-output validation) call
 * `chain.copy(this).nextCall` several times, which re-runs only the advisors after them.
 */
import type { AssistantMessage, Message, ToolCall, ToolMessage } from '../messages';
import type { Usage } from '../runtime';
import type { FinishReason } from '../stop-reasons';
import type { JsonSchema, ToolDefinition } from '../tool';
import type { FinishReasonKind } from '../loop/run-end';

export const ADVISOR_KINDS = [
  'memory',
  'tool-calling',
  'trace',
  'think-trace',
  'metrics',
  'logger',
  'validation',
] as const;
export type AdvisorKind = (typeof ADVISOR_KINDS)[number];

/** The request flowing down the chain (Spring's ChatClientRequest: the prompt plus a shared context). */
export interface AdvisedRequest {
  readonly messages: readonly Message[];
  readonly tools: readonly ToolDefinition[];
  /** One map for the whole ChatClient call: every round sees the same context, as in Spring. */
  readonly context: Map<string, unknown>;
}

/** Why the loop ended when it was not a plain final answer. */
export interface LoopEnding {
  readonly reason: Extract<
    FinishReasonKind,
    'return-direct' | 'max-rounds' | 'refused' | 'truncated' | 'loop-guard' | 'validation-failed'
  >;
  readonly detail: string;
}

/** The response flowing back up the chain (Spring's ChatClientResponse). */
export interface AdvisedResponse {
  /** The result generation: the model's message, or the tool result when returnDirect ended the loop. */
  readonly message: AssistantMessage;
  /** The calls the loop may execute (none when the response was filtered or cut by the token limit). */
  readonly calls: readonly ToolCall[];
  /** Token usage; a recursive advisor replaces it with the sum over its rounds. */
  readonly usage: Usage | null;
  /** The runtime's raw finish reason of the model call that produced this response. */
  readonly finishRaw: FinishReason;
  /** Model call number (1-based, within the run) that produced this response. */
  readonly round: number;
  readonly ending?: LoopEnding;
}

/** The hooks the playground records. Plain advisors have before/after; the loop and validation have their own. */
export const ADVISOR_HOOKS = [
  'before',
  'after',
  'initialize-loop',
  'before-call',
  'after-call',
  'next-instructions',
  'finalize-loop',
  'attempt',
  'validate',
] as const;
export type AdvisorHook = (typeof ADVISOR_HOOKS)[number];

/** What one hook saw (and did), kept small and serializable for the event log. */
export interface AdvisorObservation {
  /** Roles of the request's messages (before hooks) or of the request that produced the response (after). */
  readonly roles: readonly Message['role'][];
  /** One line for the lanes and the sequence diagram. */
  readonly summary: string;
  /** Tool calls in the response this hook saw. */
  readonly toolCalls?: readonly { readonly id: string; readonly name: string }[];
  readonly usage?: Usage;
  /** Memory: the messages it stored at this hook (full messages, so the store can be shown and rebuilt). */
  readonly stored?: readonly Message[];
  /** Memory: how many stored messages it loaded into the request. */
  readonly loaded?: number;
  /** Validation: the outcome of one check. */
  readonly validation?: {
    readonly attempt: number;
    /** How many attempts the advisor makes at most (1 + retries); absent in older runs. */
    readonly attempts?: number;
    readonly ok: boolean;
    readonly errors: readonly string[];
  };
  /** Tool calling: the loop iteration (1-based) this hook belongs to. */
  readonly iteration?: number;
  /** Think trace: the reasoning of the round it saw ('' when the round had none). */
  readonly reasoning?: string;
  /** Tool calling with the shortening hook: the tool results it shortened for the next request. */
  readonly shortened?: readonly ShortenedResult[];
}

/** One tool result a `doGetNextInstructionsForToolCall` hook shortened, with its size before and after. */
export interface ShortenedResult {
  readonly callId: string;
  readonly name: string;
  readonly charsBefore: number;
  readonly charsAfter: number;
  /** Estimated tokens (≈ 4 characters each), before and after. */
  readonly tokensBefore: number;
  readonly tokensAfter: number;
}

/** What a validation advisor checks against; recorded with the chain so a restored run shows what it ran with. */
export interface ValidationSettings {
  /** The JSON Schema (as JSON) the final answer must satisfy. */
  readonly outputSchema: JsonSchema;
  readonly maxRepeatAttempts: number;
}

export interface AdvisorDescriptor {
  readonly name: string;
  readonly kind: AdvisorKind;
  readonly order: number;
  /** Validation advisors only, when built from a JSON Schema. */
  readonly validation?: ValidationSettings;
}

/** One recorded hook invocation. */
export interface AdvisorInvocation extends AdvisorDescriptor {
  readonly hook: AdvisorHook;
  readonly sees: AdvisorObservation;
}

/** What a tool batch produced, as the ToolCallingManager returns it. */
export interface ToolBatchResult {
  /** `[...fullTurnHistory, assistant, ...tool results]`, the untrimmed history. */
  readonly history: readonly Message[];
  readonly toolMessages: readonly ToolMessage[];
  readonly returnDirect: boolean;
}

/**
 * What the chain needs from its surroundings: the terminal model call (Spring's ChatModelCallAdvisor), the tool
 * manager, and a recorder. The advisor controller implements these with gates so that each model call and each
 * tool batch waits for the learner's Step; tests implement them directly.
 */
export interface ChainEnvironment {
  callModel(request: AdvisedRequest): Promise<AdvisedResponse>;
  executeTools(
    calls: readonly ToolCall[],
    fullHistory: readonly Message[],
    response: AdvisedResponse,
  ): Promise<ToolBatchResult>;
  record(invocation: AdvisorInvocation): void;
}

export interface AdvisorChainApi {
  nextCall(request: AdvisedRequest): Promise<AdvisedResponse>;
  /** A new chain of only the advisors after `after` in the original sorted list. */
  copy(after: Advisor): AdvisorChainApi;
  readonly env: ChainEnvironment;
}

export interface Advisor extends AdvisorDescriptor {
  /** Spring's MemoryAdvisor marker: decides whether the loop keeps its own history. */
  readonly isMemory: boolean;
  /** Spring's ToolAdvisor marker: at most one per chain. */
  readonly isToolAdvisor: boolean;
  adviseCall(request: AdvisedRequest, chain: AdvisorChainApi): Promise<AdvisedResponse>;
}

/** Ends a request early with a run-finished reason (runtime failure, abort, a tool stopping the loop, Stop). */
export class LoopEndSignal extends Error {
  override readonly name = 'LoopEndSignal';
  constructor(
    readonly reason: Extract<FinishReasonKind, 'aborted' | 'stopped' | 'tool-error' | 'runtime-error'>,
    readonly detail: string,
  ) {
    super(detail);
  }
}
