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
import type { CommandResult } from './controller-core';
import { ControllerCore, fail, OK, stepRefusal } from './controller-core';
import { assertNever } from '../result';

export type { CommandResult, LoopControllerDeps, StartRunOptions } from './controller-core';
export type { LoopListener } from './event-log';

export class LoopController extends ControllerCore {
  /** Advances one phase. */
  async step(): Promise<CommandResult> {
    if (this.busy) return fail('A step is already in progress.');
    const refused = stepRefusal(this.state.phase);
    if (refused !== null) return fail(refused);
    switch (this.state.phase) {
      case 'prompt':
        return this.callModelStep();
      case 'execute':
        return this.executePending();
      case 'model':
        return fail('The model is still answering.');
      default:
        return fail('Unknown phase.');
    }
  }

  protected canStep(): boolean {
    return this.state.phase === 'prompt' || this.state.phase === 'execute';
  }

  /** The `prompt` phase: the max-rounds guard, then one model call with the whole history. */
  private async callModelStep(): Promise<CommandResult> {
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
    const result = await this.callModel(this.state.history, this.exposedTools(), this.state.round + 1);
    switch (result.kind) {
      case 'responded': {
        const { interpreted } = result;
        this.afterResponse(
          interpreted.executableCalls,
          interpreted.stop.raw,
          interpreted.message.content,
          result.round,
        );
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

  private afterResponse(calls: readonly ToolCall[], raw: string, content: string, round: number): void {
    const at = this.deps.now();
    if (raw === 'abort') {
      this.running = false;
      this.append({
        type: 'run-finished',
        at,
        reason: 'aborted',
        detail: 'Generation was stopped (finish reason abort).',
      });
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
    this.pauseForApproval(calls, round);
  }

  /** The `execute` phase: the pending calls in order, then their results, or the end of the run. */
  private async executePending(): Promise<CommandResult> {
    const pending = this.state.pending;
    if (!pending) return fail('Nothing to execute.');
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
            detail:
              'Every executed tool is returnDirect: its result is the final answer and the model is not called again.',
            finalAnswer: result.messages.map((m) => m.content).join('\n'),
          });
        }
        return OK;
      case 'superseded':
        return OK;
      default:
        return assertNever(result);
    }
  }
}
