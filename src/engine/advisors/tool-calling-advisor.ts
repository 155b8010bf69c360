/**
 * The ToolCallingAdvisor: the tool loop as a recursive advisor (Spring AI 2.0's `adviseCall`, §2.2 of the
 * reference). Each round it re-invokes only the advisors after it (`chain.copy(this)`) and the model, so advisors
 * ordered below it run once per request (outside the loop) and advisors above it run every round (inside).
 *
 *   initializeLoop (once)
 *   do { beforeCall → copy(this).nextCall → afterCall → eligible? → execute tools →
 *        returnDirect? break : nextInstructions } while (eligible)
 *   finalizeLoop (once, also after a break)
 *
 * With the internal conversation history off (automatic when a memory advisor sits inside the loop), the next
 * request carries only the system message and the latest tool results: the memory advisor supplies the rest.
 * The tool manager always receives the full, untrimmed history (Spring 2.0.1+). Usage is summed over rounds.
 * With `shortenToolResults` set, the next-instructions hook cuts long tool results before they go back.
 * Subclasses override the `do…` hooks; each is recorded.
 */
import type { Message, SystemMessage, ToolMessage } from '../messages';
import { RETURN_DIRECT_DETAIL, returnDirectAnswer } from '../loop/response-ending';
import { DEFAULT_ORDERS } from './order';
import type { GuardTrip } from '../lab/guards';
import { hardStopDetail } from '../lab/guards';
import type { EligibilityChecker } from './eligibility';
import { hasToolCallsChecker } from './eligibility';
import { observeRequest, observeResponse, recordHook, UsageAccumulator } from './chain';
import { shortenToolResults, tokensSaved } from './shorten-results';
import type { AdvisedRequest, AdvisedResponse, Advisor, AdvisorChainApi, ToolBatchResult } from './types';
import { runEndDetailEnglish } from '../loop/run-end-details';

export interface ToolCallingAdvisorOptions {
  readonly name?: string;
  readonly order?: number;
  readonly eligibility?: EligibilityChecker;
  /** Forward the whole history each round (default) or only system + latest tool results. */
  readonly conversationHistoryEnabled?: boolean;
  /**
   * The token budget (the teaching lab's guard, lab/guards.ts), checked in `doAfterCall` after every model call:
   * a trip at the hard cap ends the loop before the response's calls run. Absent: no budget.
   */
  readonly tokenBudget?: TokenBudgetCheck;
  /**
   * The `doGetNextInstructionsForToolCall` hook example: tool results longer than this many characters are
   * shortened before the next round goes to the model (see shorten-results.ts). Absent or null: off.
   */
  readonly shortenToolResults?: number | null;
}

/** The run's token total against its budget: a hard trip (the loop stops) or null. */
export type TokenBudgetCheck = () => GuardTrip | null;

export class ToolCallingAdvisor implements Advisor {
  readonly kind = 'tool-calling' as const;
  readonly isMemory = false;
  readonly isToolAdvisor = true;
  readonly name: string;
  readonly order: number;
  readonly conversationHistoryEnabled: boolean;
  readonly shortenToolResults: number | null;
  protected readonly eligibility: EligibilityChecker;
  protected readonly tokenBudget: TokenBudgetCheck | null;

  constructor(options: ToolCallingAdvisorOptions = {}) {
    this.name = options.name ?? 'Tool calling';
    this.order = options.order ?? DEFAULT_ORDERS.toolCalling;
    this.eligibility = options.eligibility ?? hasToolCallsChecker;
    this.conversationHistoryEnabled = options.conversationHistoryEnabled ?? true;
    this.tokenBudget = options.tokenBudget ?? null;
    this.shortenToolResults = options.shortenToolResults ?? null;
  }

  async adviseCall(request: AdvisedRequest, chain: AdvisorChainApi): Promise<AdvisedResponse> {
    const initialized = this.doInitializeLoop(request, chain);
    let instructions = initialized.messages;
    let fullTurnHistory = initialized.messages;
    const usage = new UsageAccumulator();
    let response: AdvisedResponse;
    let iteration = 0;
    let isToolCall: boolean;
    do {
      iteration += 1;
      // Every round gets the same context map, as in Spring.
      let roundRequest: AdvisedRequest = { ...initialized, messages: instructions };
      roundRequest = this.doBeforeCall(roundRequest, chain, iteration);
      response = await chain.copy(this).nextCall(roundRequest);
      response = this.doAfterCall(response, roundRequest, chain, iteration);
      usage.add(response);
      const verdict = this.eligibility(response, { iteration });
      isToolCall = verdict.eligible;
      if (!verdict.eligible && verdict.ending) response = { ...response, ending: verdict.ending };
      if (isToolCall) {
        const batch = await chain.env.executeTools(response.calls, fullTurnHistory, response);
        fullTurnHistory = batch.history;
        if (batch.returnDirect) {
          response = returnDirectResponse(response, batch.toolMessages);
          break;
        }
        instructions = this.doGetNextInstructionsForToolCall(roundRequest, batch, chain, iteration);
      }
    } while (isToolCall);
    return this.doFinalizeLoop(usage.apply(response), chain, iteration);
  }

  /** Once per request, before the first round. */
  protected doInitializeLoop(request: AdvisedRequest, chain: AdvisorChainApi): AdvisedRequest {
    const sees = observeRequest(request);
    recordHook(chain, this, 'initialize-loop', {
      ...sees,
      summary: `${sees.summary}; internal history ${this.conversationHistoryEnabled ? 'on' : 'off'}`,
    });
    return request;
  }

  /** Every round; the request it returns is what the inner advisors and the model receive. */
  protected doBeforeCall(request: AdvisedRequest, chain: AdvisorChainApi, iteration: number): AdvisedRequest {
    recordHook(chain, this, 'before-call', { ...observeRequest(request), iteration });
    return request;
  }

  /** Every round, before the eligibility check. */
  protected doAfterCall(
    response: AdvisedResponse,
    request: AdvisedRequest,
    chain: AdvisorChainApi,
    iteration: number,
  ): AdvisedResponse {
    const trip = response.calls.length > 0 ? this.tokenBudget?.() : null;
    if (trip) {
      // The hook example of #16: the run's total passed the budget, so its calls are dropped and the loop ends.
      const detail = hardStopDetail(trip);
      recordHook(chain, this, 'after-call', {
        ...observeResponse(response, request),
        summary: runEndDetailEnglish(detail),
        iteration,
      });
      return { ...response, calls: [], ending: { reason: 'loop-guard', detail } };
    }
    recordHook(chain, this, 'after-call', { ...observeResponse(response, request), iteration });
    return response;
  }

  /** After a tool batch: the messages of the next round. */
  protected doGetNextInstructionsForToolCall(
    request: AdvisedRequest,
    batch: ToolBatchResult,
    chain: AdvisorChainApi,
    iteration: number,
  ): readonly Message[] {
    const forwarded = this.conversationHistoryEnabled
      ? batch.history
      : [systemMessageOf(request.messages), ...batch.toolMessages];
    const hook = this.shortenToolResults === null ? null : shortenToolResults(forwarded, this.shortenToolResults);
    const next = hook ? hook.messages : forwarded;
    const shortened = hook && hook.shortened.length > 0 ? hook.shortened : null;
    recordHook(chain, this, 'next-instructions', {
      roles: next.map((m) => m.role),
      summary:
        (this.conversationHistoryEnabled
          ? `next request: the whole history, ${next.length} messages`
          : `next request: system + ${batch.toolMessages.length} tool result(s) only (internal history off)`) +
        (shortened
          ? `; shortened ${shortened.map((s) => `${s.name} (${s.callId})`).join(', ')}: ` +
            `≈${tokensSaved(shortened)} tokens saved`
          : ''),
      iteration,
      ...(shortened ? { shortened } : {}),
    });
    return next;
  }

  /** Once per request, after the last round (also after a returnDirect or max-rounds break). */
  protected doFinalizeLoop(response: AdvisedResponse, chain: AdvisorChainApi, iterations: number): AdvisedResponse {
    const sees = observeResponse(response, { messages: [], tools: [], context: new Map() });
    recordHook(chain, this, 'finalize-loop', {
      ...sees,
      roles: [],
      summary: `${iterations} round(s); ${sees.summary}`,
      iteration: iterations,
    });
    return response;
  }
}

/** Spring's `getSystemMessage()`: the system message, or an empty one when there is none. */
function systemMessageOf(messages: readonly Message[]): SystemMessage {
  const system = messages.find((m): m is SystemMessage => m.role === 'system');
  return system ?? { role: 'system', content: '' };
}

/** returnDirect: the tool results become the final answer; the model is not called again. */
function returnDirectResponse(response: AdvisedResponse, toolMessages: readonly ToolMessage[]): AdvisedResponse {
  const content = returnDirectAnswer(toolMessages);
  return {
    ...response,
    message: { role: 'assistant', content, raw: content, toolCalls: [] },
    calls: [],
    ending: { reason: 'return-direct', detail: RETURN_DIRECT_DETAIL },
  };
}
