/** The app's own lesson texts (system prompts and questions), so the vocabulary covers what the lessons send. */
import { SCENARIOS } from '../../src/engine/scenarios';

export const SCENARIO_TEXTS: readonly string[] = SCENARIOS.flatMap((s) => [s.system, s.user]);
