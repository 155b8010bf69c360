/**
 * The manual, user-controlled loop. Commands — send, step, run to end, stop, and per pending call approve /
 * edit arguments / deny / write result — append events to the run's log; the state is the log folded by
 * `applyEvent`. The loop only checks "did the model ask for tools?"; the model decides when to stop.
 *
 * One step is one phase: `prompt` → call the model; `execute` → run the pending calls in order and append
 * their results. A response with tool calls goes to `approve` when "pause before executing tools" is on (or a
 * tool needs approval), else straight to `execute`. The max-rounds guard is checked before every model call.
 * What a response means for the loop (go on, or end and why) is the one rule of response-ending.ts.
 *
 * Extensions (loop/extension.ts) hook in at three points: a model call an extension holds (predict mode: Step
 * refuses with its reason, Run to end waits as at a pause), a response's calls checked before any runs (the lab's
 * hard guards: a trip ends the run with `loop-guard`), and after each batch (the soft guards' nudges).
 */
import type { CommandResult } from './controller-core';
import { runEndDetail } from './run-end-details';
import { ControllerCore, fail, OK, stepRefusal } from './controller-core';
import { refuse } from './refusals';
import { responseVerdict, RETURN_DIRECT_DETAIL, returnDirectAnswer } from './response-ending';
import { assertNever } from '../result';

export type { CommandResult, LoopControllerDeps, StartRunOptions, WorkspaceSource } from './controller-core';
export type { LoopListener } from './event-log';

export class LoopController extends ControllerCore {
  /** Advances one phase. */
  async step(): Promise<CommandResult> {
    if (this.busy) return refuse('stepInProgress');
    const refused = stepRefusal(this.state.phase);
    if (refused !== null) return refuse(refused);
    switch (this.state.phase) {
      case 'prompt':
        return this.callModelStep();
      case 'execute':
        return this.state.pending?.userMessageAfter !== undefined ? this.runReopened() : this.executePending();
      case 'model':
        return refuse('modelAnswering');
      default:
        return fail('Unknown phase.');
    }
  }

  protected canStep(): boolean {
    if (this.state.phase === 'prompt') return this.modelCallHold() === null;
    return this.state.phase === 'execute';
  }

  /** The `prompt` phase: the max-rounds guard, then one model call with the next request. */
  private async callModelStep(): Promise<CommandResult> {
    const settings = this.state.settings!;
    if (this.state.round >= settings.maxRounds) {
      this.append({
        type: 'run-finished',
        at: this.deps.now(),
        reason: 'max-rounds',
        detail: runEndDetail('maxRounds', { limit: String(settings.maxRounds) }),
      });
      return OK;
    }
    const hold = this.modelCallHold();
    if (hold !== null) return hold;
    // The request first (the preview's object, built from the state before anything is logged), then adopt
    // the workspace it was built from.
    const snapshot = this.requestSnapshot();
    const request = snapshot.request;
    if (!request.ok) return request;
    const refusal = this.refusalOf(snapshot.runtime, request.value);
    if (refusal !== null) return fail(refusal);
    const adopted = this.adoptWorkspace(snapshot);
    if (!adopted.ok) return adopted;
    const result = await this.callModel(request.value, snapshot.runtime);
    switch (result.kind) {
      case 'responded': {
        const verdict = responseVerdict(result.interpreted);
        if (verdict.kind === 'calls') {
          if (this.checkCalls(result.round)) return OK;
          this.pauseForApproval(verdict.calls, result.round);
          return OK;
        }
        if (verdict.reason === 'aborted') this.running = false;
        this.append({
          type: 'run-finished',
          at: this.deps.now(),
          reason: verdict.reason,
          ...(verdict.detail !== undefined ? { detail: verdict.detail } : {}),
          ...(verdict.finalAnswer !== undefined ? { finalAnswer: verdict.finalAnswer } : {}),
        });
        return OK;
      }
      case 'failed':
        this.append({ type: 'run-finished', at: this.deps.now(), reason: 'runtime-error', detail: result.error });
        this.running = false;
        return OK;
      case 'superseded':
        return OK;
      default:
        return assertNever(result);
    }
  }

  /** The `execute` phase: the pending calls in order, then their results, or the end of the run. */
  private async executePending(): Promise<CommandResult> {
    const pending = this.state.pending;
    if (!pending) return refuse('nothingToExecute');
    const result = await this.executeBatch(pending.round, pending.calls, pending.decisions);
    switch (result.kind) {
      case 'ended':
        this.running = false;
        this.append({ type: 'run-finished', at: this.deps.now(), reason: result.reason, detail: result.detail });
        return OK;
      case 'appended':
        if (result.returnDirect) {
          this.append({
            type: 'run-finished',
            at: this.deps.now(),
            reason: 'return-direct',
            detail: RETURN_DIRECT_DETAIL,
            finalAnswer: returnDirectAnswer(result.messages),
          });
          return OK;
        }
        this.afterBatch(pending.round);
        return OK;
      case 'superseded':
        return OK;
      default:
        return assertNever(result);
    }
  }
}
