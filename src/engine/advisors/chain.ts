/**
 * The advisor chain (Spring's DefaultAroundAdvisorChain). Advisors are sorted ascending by order with a stable
 * sort; `nextCall` hands the request to the head and the rest of the chain, and the terminal model call runs when
 * no advisor is left. `copy(after)` builds a chain of the advisors after `after` in the *original* sorted list:
 * this is why a recursive advisor re-runs only the advisors with a higher order (inside) on every iteration and
 * never those before it (outside).
 */
import type { Message } from '../messages';
import type {
  AdvisedRequest,
  AdvisedResponse,
  Advisor,
  AdvisorChainApi,
  AdvisorDescriptor,
  AdvisorHook,
  AdvisorKind,
  AdvisorObservation,
  ChainEnvironment,
} from './types';

export class AdvisorChainError extends Error {
  override readonly name = 'AdvisorChainError';
}

/**
 * Sorts advisors ascending by order. Ties keep registration order reversed, as Spring's `pushAll` (addFirst, then
 * a stable sort) does: the later-registered of two equal orders runs first.
 */
export function sortAdvisors<A extends { readonly order: number }>(advisors: readonly A[]): A[] {
  return [...advisors].reverse().sort((a, b) => a.order - b.order);
}

/** What the run's `advisor-chain` event records of an advisor: name, kind, order, and a validator's settings. */
export function describeAdvisor(advisor: Advisor): AdvisorDescriptor {
  return {
    name: advisor.name,
    kind: advisor.kind,
    order: advisor.order,
    ...(advisor.validation ? { validation: advisor.validation } : {}),
  };
}

/** Refuses a chain with more than one tool advisor, naming them (Spring's validateSingleToolAdvisor). */
export function validateSingleToolAdvisor(advisors: readonly Advisor[]): void {
  const toolAdvisors = advisors.filter((a) => a.isToolAdvisor);
  if (toolAdvisors.length > 1) {
    throw new AdvisorChainError(
      `At most one tool-calling advisor is allowed in the advisor chain, but found ${toolAdvisors.length}: ` +
        `[${toolAdvisors.map((a) => a.name).join(', ')}].`,
    );
  }
}

export class AdvisorChain implements AdvisorChainApi {
  private constructor(
    private readonly original: readonly Advisor[],
    private readonly remaining: readonly Advisor[],
    readonly env: ChainEnvironment,
  ) {}

  /** Sorts the advisors and checks there is at most one tool advisor. */
  static build(advisors: readonly Advisor[], env: ChainEnvironment): AdvisorChain {
    validateSingleToolAdvisor(advisors);
    const sorted = sortAdvisors(advisors);
    return new AdvisorChain(sorted, sorted, env);
  }

  /** The advisors this chain will still run, in order. */
  get advisors(): readonly Advisor[] {
    return this.remaining;
  }

  nextCall(request: AdvisedRequest): Promise<AdvisedResponse> {
    const [head, ...rest] = this.remaining;
    if (!head) return this.env.callModel(request);
    return head.adviseCall(request, new AdvisorChain(this.original, rest, this.env));
  }

  copy(after: Advisor): AdvisorChain {
    const index = this.original.indexOf(after);
    if (index < 0) throw new AdvisorChainError(`The specified advisor is not part of the chain: ${after.name}.`);
    return new AdvisorChain(this.original, this.original.slice(index + 1), this.env);
  }
}

/** Records what a hook can add to the default observation. */
export type Note = (extra: Partial<AdvisorObservation>) => void;

/**
 * A plain around-advisor: `before` changes the request, `after` changes the response; both are recorded with
 * what they saw. Runs once per pass of the chain, so once per request outside the loop and once per round
 * inside it.
 */
export abstract class BaseAdvisor implements Advisor {
  abstract readonly kind: AdvisorKind;
  readonly isMemory: boolean = false;
  readonly isToolAdvisor: boolean = false;

  constructor(
    readonly name: string,
    readonly order: number,
  ) {}

  protected abstract before(request: AdvisedRequest, note: Note): AdvisedRequest;
  protected abstract after(response: AdvisedResponse, request: AdvisedRequest, note: Note): AdvisedResponse;

  async adviseCall(request: AdvisedRequest, chain: AdvisorChainApi): Promise<AdvisedResponse> {
    let beforeExtra: Partial<AdvisorObservation> = {};
    const advised = this.before(request, (extra) => (beforeExtra = { ...beforeExtra, ...extra }));
    recordHook(chain, this, 'before', { ...observeRequest(request), ...beforeExtra });
    const response = await chain.nextCall(advised);
    let afterExtra: Partial<AdvisorObservation> = {};
    const result = this.after(response, advised, (extra) => (afterExtra = { ...afterExtra, ...extra }));
    recordHook(chain, this, 'after', { ...observeResponse(response, advised), ...afterExtra });
    return result;
  }
}

export function recordHook(
  chain: AdvisorChainApi,
  advisor: Advisor,
  hook: AdvisorHook,
  sees: AdvisorObservation,
): void {
  chain.env.record({ name: advisor.name, kind: advisor.kind, order: advisor.order, hook, sees });
}

/** What a before hook sees: the request's messages. */
export function observeRequest(request: AdvisedRequest): AdvisorObservation {
  const last = request.messages[request.messages.length - 1];
  const tools = request.tools.length > 0 ? `, ${request.tools.length} tools` : '';
  return {
    roles: request.messages.map((m) => m.role),
    summary: `request: ${request.messages.length} messages${tools}${last ? `; last ${describeMessage(last)}` : ''}`,
  };
}

/** What an after hook sees: the response, with the roles of the request that produced it. */
export function observeResponse(response: AdvisedResponse, request: AdvisedRequest): AdvisorObservation {
  return {
    roles: request.messages.map((m) => m.role),
    summary: `response: ${describeResponse(response)}`,
    ...(response.calls.length > 0 ? { toolCalls: response.calls.map((c) => ({ id: c.id, name: c.name })) } : {}),
    ...(response.usage ? { usage: response.usage } : {}),
  };
}

export function describeResponse(response: AdvisedResponse): string {
  if (response.calls.length > 0) return `tool calls ${response.calls.map((c) => `${c.name} (${c.id})`).join(', ')}`;
  if (response.ending) return `${response.ending.reason}: ${clip(response.message.content, 60)}`;
  return `answer "${clip(response.message.content, 60)}"`;
}

export function describeMessage(message: Message): string {
  switch (message.role) {
    case 'system':
      return `system "${clip(message.content, 30)}"`;
    case 'user':
      return `user "${clip(message.content, 40)}"`;
    case 'assistant':
      return message.toolCalls.length > 0
        ? `assistant → ${message.toolCalls.map((c) => c.name).join(', ')}`
        : `assistant "${clip(message.content, 40)}"`;
    case 'tool':
      return `tool ${message.name} (${message.toolCallId}) "${clip(message.content, 30)}"`;
    default:
      return 'message';
  }
}

export function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** Sums usage over rounds (Spring's UsageAccumulator); null when no round reported usage. */
export class UsageAccumulator {
  private prompt = 0;
  private completion = 0;
  private estimated = false;
  private seen = false;

  add(response: AdvisedResponse): void {
    if (!response.usage) return;
    this.seen = true;
    this.prompt += response.usage.promptTokens;
    this.completion += response.usage.completionTokens;
    this.estimated ||= response.usage.estimated;
  }

  apply(response: AdvisedResponse): AdvisedResponse {
    if (!this.seen) return response;
    return {
      ...response,
      usage: { promptTokens: this.prompt, completionTokens: this.completion, estimated: this.estimated },
    };
  }
}
