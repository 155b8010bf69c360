/**
 * Runs one scenario to the end without pauses, manually or through the advisor chain, so two placements (or the
 * two loop controls) can be compared side by side. Nothing here touches the app's current run.
 */
import { LoopController } from '../loop/controller';
import type { LoopEvent, LoopSettings } from '../loop/events';
import type { LoopExtension } from '../loop/extension';
import type { RequestStep } from '../loop/request';
import type { ChatRuntime } from '../runtime';
import type { Tool } from '../tool';
import { AdvisorLoopController } from './controller';
import type { AdvisorConfig } from './setup';
import { type Result } from '../result';

export interface ComparisonSource {
  readonly runtime: ChatRuntime;
  readonly tools: readonly Tool[];
  readonly system: string;
  readonly user: string;
  readonly settings: LoopSettings;
  readonly now: () => number;
  /** The manual loop's request steps (tool search), as the app runs them. */
  readonly requestSteps?: readonly RequestStep[];
  /** The lessons plugged into the loop, as the app registers them. */
  readonly extensions?: readonly LoopExtension[];
}

export type ComparisonMode =
  { readonly control: 'manual' } | { readonly control: 'advisor'; readonly config: AdvisorConfig };

export type ComparisonResult = Result<readonly LoopEvent[]>;

/** Runs to the end with "pause before tools" off; tools that need approval are approved as they come. */
export async function runToCompletion(source: ComparisonSource, mode: ComparisonMode): Promise<ComparisonResult> {
  const deps = {
    runtime: () => source.runtime,
    now: source.now,
    newRunId: () => `compare-${mode.control}`,
    ...(source.requestSteps ? { requestSteps: source.requestSteps } : {}),
    ...(source.extensions ? { extensions: source.extensions } : {}),
  };
  const controller =
    mode.control === 'manual'
      ? new LoopController(deps)
      : new AdvisorLoopController({ ...deps, advisors: () => mode.config });
  const settings = { ...source.settings, pauseBeforeTools: false };
  for (const result of [
    controller.startRun({ system: source.system, tools: source.tools, settings }),
    controller.send(source.user),
  ]) {
    if (!result.ok) return result;
  }
  // A needs-approval tool still pauses: approve and keep going, at most a generous number of times.
  for (let guard = 0; guard < 100 && controller.getState().phase !== 'done'; guard += 1) {
    const result =
      controller.getState().phase === 'approve' ? await controller.approveAll() : await controller.runToEnd();
    if (!result.ok) return result;
  }
  return { ok: true, value: controller.getEvents() };
}
