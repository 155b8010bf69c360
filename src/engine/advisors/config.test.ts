import { describe, expect, it } from 'vitest';
import type { LoopEvent, RunConfig } from '../loop/events';
import { DEFAULT_SETTINGS } from '../loop/events';
import { EMPTY_WORKSPACE, workspaceForScenario } from '../loop/workspace';
import type { AdvisorConfig } from './config';
import { advisorsOf, chainOfRun, DEFAULT_ADVISOR_CONFIG } from './config';
import { HIGHEST_PRECEDENCE } from './order';

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

  it('the workspace holds the chain (the default until changed); a scenario keeps the person’s', () => {
    expect(advisorsOf(EMPTY_WORKSPACE)).toBe(DEFAULT_ADVISOR_CONFIG);
    const person = { ...EMPTY_WORKSPACE, loopControl: 'advisor' as const, advisors: loggerOff };
    expect(advisorsOf(person)).toBe(loggerOff);
    expect(workspaceForScenario({ id: 'x', toolNames: [] }, person)).toMatchObject({
      scenarioId: 'x',
      loopControl: 'advisor',
      advisors: loggerOff,
    });
  });
});
