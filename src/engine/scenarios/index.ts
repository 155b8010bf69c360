/** The preset scenarios and how to look one up. */
import { SCENARIOS } from './catalog';
import type { Scenario } from './scenario';

export type { Scenario, ToolOverride } from './scenario';
export { missingScenarioTools, toolsForScenario } from './scenario';
export { SCENARIOS } from './catalog';

export function getScenario(id: string): Scenario | undefined {
  return SCENARIOS.find((s) => s.id === id);
}
