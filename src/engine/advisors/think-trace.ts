/**
 * The think-trace advisor (order HIGHEST_PRECEDENCE + 360, inside the loop by default): after every round it
 * records the model's reasoning — the `<think>` block a thinking model writes, or, when there is none, the text a
 * model writes beside its tool calls ("Let me check the stock first.") — so the Advisors tab can show each round's
 * reasoning. Placed outside the loop (an order below the loop advisor's) it sees only the final response.
 */
import type { Note } from './chain';
import { BaseAdvisor } from './chain';
import { DEFAULT_ORDERS } from './order';
import type { AdvisedRequest, AdvisedResponse } from './types';

/** The reasoning of a response: its `<think>` text, else the text it wrote beside tool calls, else ''. */
export function reasoningOf(response: AdvisedResponse): string {
  const thinking = response.message.reasoning?.trim();
  if (thinking) return thinking;
  return response.calls.length > 0 ? response.message.content.trim() : '';
}

export class ThinkTraceAdvisor extends BaseAdvisor {
  readonly kind = 'think-trace' as const;

  constructor(order: number = DEFAULT_ORDERS.thinkTrace, name = 'Think trace') {
    super(name, order);
  }

  protected before(request: AdvisedRequest): AdvisedRequest {
    return request;
  }

  protected after(response: AdvisedResponse, _request: AdvisedRequest, note: Note): AdvisedResponse {
    const reasoning = reasoningOf(response);
    note({
      reasoning,
      summary:
        reasoning === '' ? `round ${response.round}: no reasoning` : `round ${response.round} thought: ${reasoning}`,
    });
    return response;
  }
}
