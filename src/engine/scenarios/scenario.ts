/** A preset scenario: the prompt, the tools it exposes (with per-scenario flags) and the script that replays it. */
import type { LoopSettings } from '../loop/events';
import type { ToolOverride } from '../loop/workspace';
import { applyOverride } from '../loop/workspace';
import type { Script } from '../model-port/script';
import type { Tool } from '../tool';

export type { ToolOverride } from '../loop/workspace';

export interface Scenario {
  readonly id: string;
  readonly title: string;
  /** What the scenario shows, in one or two sentences for the picker. */
  readonly description: string;
  /**
   * What to try first, as one imperative sentence for the first-minute banner under the header (the description
   * says what the scenario shows). Optional: a scenario without it shows only its description.
   */
  readonly tryThis?: string;
  readonly system: string;
  readonly user: string;
  /** The tools exposed, by name, in this order. */
  readonly toolNames: readonly string[];
  readonly toolOverrides?: Readonly<Record<string, ToolOverride>>;
  /** Settings the scenario needs (merged over the defaults). */
  readonly settings?: Partial<LoopSettings>;
  /** What the scripted-replay runtime answers. */
  readonly script: Script;
}

/**
 * The scenario's tools out of `tools` (matched by name, in the scenario's order), with its overrides applied.
 * Names that `tools` lacks are skipped; the returned objects are copies, so the overrides never leak.
 */
export function toolsForScenario(scenario: Scenario, tools: readonly Tool[]): Tool[] {
  return scenario.toolNames.flatMap((name) => {
    const tool = tools.find((t) => t.name === name);
    if (!tool) return [];
    const override = scenario.toolOverrides?.[name];
    return [override ? applyOverride(tool, override) : { ...tool }];
  });
}

/** Tool names a scenario needs that `tools` lacks (a workspace where a preset was deleted or renamed). */
export function missingScenarioTools(scenario: Scenario, tools: readonly Tool[]): string[] {
  return scenario.toolNames.filter((name) => !tools.some((t) => t.name === name));
}
