/**
 * The next request as the Request tab previews it (`run.nextRequest`): the manual loop's is the engine's memoized
 * `nextRequest` — the very object the runtime then receives; the advisor loop's is the request waiting at the
 * chain's model gate, or why there is none. A value that did not change keeps its identity, so the store is not
 * told of a change that is none.
 */
import type { LoopExtension, LoopState, ModelRequest, RequestStep, Result, ToolDefinition, Workspace } from '../engine';
import { createRequestMemo, err, noRequestReason, ok, REFUSALS } from '../engine';

export interface NextRequestInput {
  readonly workspace: Workspace;
  readonly loop: LoopState;
  readonly catalog: readonly ToolDefinition[];
}

export interface NextRequest {
  /** The manual loop's request for these inputs (memoized on their identities). */
  readonly manual: (input: NextRequestInput) => Result<ModelRequest>;
  /** The preview: the manual request, or the advisor chain's request waiting at its model gate. */
  readonly preview: (input: NextRequestInput) => Result<ModelRequest>;
}

export function createNextRequest(
  steps: readonly RequestStep[],
  extensions: readonly LoopExtension[],
  gate: () => ModelRequest | null,
): NextRequest {
  const memo = createRequestMemo(steps, extensions);
  const reasons = new Map<string, Result<ModelRequest>>();
  /** One object per reason, so an unchanged reason does not look like a new value. */
  const because = (reason: string): Result<ModelRequest> => {
    let result = reasons.get(reason);
    if (!result) reasons.set(reason, (result = err(reason)));
    return result;
  };
  let lastGate: { request: ModelRequest; result: Result<ModelRequest> } | null = null;
  const manual = ({ workspace, loop, catalog }: NextRequestInput) => memo({ workspace, state: loop, catalog });
  return {
    manual,
    preview(input) {
      if (input.workspace.loopControl === 'manual') return manual(input);
      const waiting = gate();
      if (waiting) {
        if (lastGate?.request !== waiting) lastGate = { request: waiting, result: ok(waiting) };
        return lastGate.result;
      }
      return because(noRequestReason(input.loop) ?? REFUSALS.nextByChain);
    },
  };
}
