import { describe, expect, it } from 'vitest';
import type { AdvisorConfig } from '../advisors/config';
import { DEFAULT_ADVISOR_CONFIG } from '../advisors/config';
import { HIGHEST_PRECEDENCE } from '../advisors/order';
import type { LoopEvent, RunConfig } from './events';
import { DEFAULT_SETTINGS } from './events';
import { replay } from './state';
import { chainOfRun, EMPTY_WORKSPACE, workspaceForScenario, workspaceOfRun } from './workspace';

const config: RunConfig = {
  system: 'sys',
  tools: [],
  runtime: { kind: 'scripted', label: 'Scripted replay' },
  settings: DEFAULT_SETTINGS,
};
const memoryInside: AdvisorConfig = {
  advisors: DEFAULT_ADVISOR_CONFIG.advisors.map((s) =>
    s.kind === 'memory' ? { ...s, order: HIGHEST_PRECEDENCE + 390 } : s,
  ),
};
const loggerOff: AdvisorConfig = {
  advisors: DEFAULT_ADVISOR_CONFIG.advisors.map((s) => (s.kind === 'logger' ? { ...s, enabled: false } : s)),
};
const chain = (extra: Partial<Extract<LoopEvent, { type: 'advisor-chain' }>> = {}): LoopEvent => ({
  type: 'advisor-chain',
  at: 2,
  advisors: [],
  loopOrder: HIGHEST_PRECEDENCE + 300,
  conversationHistoryEnabled: true,
  ...extra,
});

describe('chainOfRun: who drove a run and the chain it ran with', () => {
  it('reads the loop control and the starting chain from run-started, then each request’s chain', () => {
    const started: LoopEvent = {
      type: 'run-started',
      at: 0,
      runId: 'r',
      config: { ...config, loopControl: 'advisor', advisors: memoryInside },
    };
    // Sent, not stepped yet: no advisor-chain event, still the advisor loop with its chain.
    expect(chainOfRun([started], DEFAULT_ADVISOR_CONFIG)).toEqual({ loopControl: 'advisor', advisors: memoryInside });
    // A chain changed mid-run is the one its next request recorded.
    expect(chainOfRun([started, chain({ config: loggerOff })], DEFAULT_ADVISOR_CONFIG)).toEqual({
      loopControl: 'advisor',
      advisors: loggerOff,
    });
  });

  it('an older run without them: advisor when it has an advisor-chain event, the fallback chain', () => {
    const started: LoopEvent = { type: 'run-started', at: 0, runId: 'r', config };
    expect(chainOfRun([started], memoryInside)).toEqual({ loopControl: 'manual', advisors: memoryInside });
    expect(chainOfRun([started, chain()], memoryInside)).toEqual({ loopControl: 'advisor', advisors: memoryInside });
  });

  it('workspaceOfRun brings them back with the rest of the run’s workspace; a scenario keeps the person’s', () => {
    const events: LoopEvent[] = [
      { type: 'run-started', at: 0, runId: 'r', config: { ...config, loopControl: 'advisor', advisors: loggerOff } },
    ];
    const restored = workspaceOfRun(replay(events), events, EMPTY_WORKSPACE);
    expect(restored).toMatchObject({ system: 'sys', loopControl: 'advisor', advisors: loggerOff });
    expect(workspaceForScenario({ id: 'x', toolNames: [] }, restored)).toMatchObject({
      loopControl: 'advisor',
      advisors: loggerOff,
    });
  });
});
