import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../loop/events';
import { createPresetTools } from '../presets';
import { createScriptedRuntime } from '../model-port/scripted';
import { getScenario, toolsForScenario } from '../scenarios';
import { createFakeClock } from '../test-support';
import type { JsonSchema } from '../tool';
import { ChatMemory } from './built-ins';
import { AdvisorChain } from './chain';
import { AdvisorLoopController } from './controller';
import { validationReports } from './projections';
import type { AdvisorConfig } from './setup';
import {
  buildAdvisors,
  checkAdvisorConfig,
  checkOutputSchema,
  DEFAULT_ADVISOR_CONFIG,
  DEFAULT_OUTPUT_SCHEMA,
  FAILING_DEMO_SCHEMA,
  parseOutputSchema,
} from './setup';
import { createTestEnv, request } from './test-env';
import { VALIDATION_FAILED_PREFIX } from './validation-advisor';

const CITY_SCHEMA: JsonSchema = {
  type: 'object',
  properties: { city: { type: 'string' }, minutes: { type: 'integer', minimum: 0 } },
  required: ['city', 'minutes'],
};

/** Only the validation advisor, with the given schema and retries. */
function validationOnly(outputSchema: JsonSchema, maxRepeatAttempts = 3): AdvisorConfig {
  return {
    advisors: DEFAULT_ADVISOR_CONFIG.advisors.map((s) =>
      s.kind === 'validation' ? { ...s, enabled: true, outputSchema, maxRepeatAttempts } : { ...s, enabled: false },
    ),
  };
}

function chainFor(config: AdvisorConfig) {
  const built = buildAdvisors(config, { memory: new ChatMemory(), maxRounds: () => 10 });
  if (!built.ok) throw new Error(built.error);
  return built.value.advisors;
}

describe('validation advisor with a custom output schema', () => {
  it('an answer that satisfies the custom schema → 1 model call', async () => {
    const env = createTestEnv([{ text: '{"city": "Seoul", "minutes": 41}' }, { text: 'unused' }]);
    const response = await AdvisorChain.build(chainFor(validationOnly(CITY_SCHEMA)), env).nextCall(request());
    expect(env.calls()).toBe(1);
    expect(response.message.content).toBe('{"city": "Seoul", "minutes": 41}');
  });

  it('an answer the custom schema refuses every time → 1 + retries calls, the error appended each retry', async () => {
    // Valid under the default {answer: string} schema, invalid under the custom one.
    const env = createTestEnv(Array.from({ length: 10 }, () => ({ text: '{"answer": "877"}' })));
    await AdvisorChain.build(chainFor(validationOnly(CITY_SCHEMA, 2)), env).nextCall(request());
    expect(env.calls()).toBe(3);
    const users = env.requests.map((r) => r.messages.find((m) => m.role === 'user')!.content);
    expect(users[0]).not.toContain(VALIDATION_FAILED_PREFIX);
    for (const user of users.slice(1)) {
      expect(user).toContain(`\n${VALIDATION_FAILED_PREFIX}city: `);
      expect(user).toContain('minutes: ');
      expect(user.split(VALIDATION_FAILED_PREFIX)).toHaveLength(2);
    }
    const attempts = env.invocations.filter((i) => i.hook === 'attempt').map((i) => i.sees.summary);
    expect(attempts[0]).not.toContain('appended');
    expect(attempts[1]).toContain(`appended to the user message: ${VALIDATION_FAILED_PREFIX}city: `);
  });

  it('the same answer passes the default schema in one call (the schema, not the answer, made the difference)', async () => {
    const env = createTestEnv([{ text: '{"answer": "877"}' }]);
    await AdvisorChain.build(chainFor(validationOnly(DEFAULT_OUTPUT_SCHEMA)), env).nextCall(request());
    expect(env.calls()).toBe(1);
  });

  it('refuses text that is not JSON, and JSON that is not a usable object schema, with a reason', () => {
    expect(parseOutputSchema('{"type": "object",')).toMatchObject({ ok: false, error: /^Not valid JSON: / });
    expect(parseOutputSchema('  ')).toMatchObject({ ok: false, error: /empty/ });
    expect(parseOutputSchema('[1, 2]')).toMatchObject({ ok: false, error: /must be a JSON object/ });
    expect(parseOutputSchema('{"type": "number"}')).toMatchObject({ ok: false, error: /"type": "object"/ });
    expect(parseOutputSchema('{"type": "object", "properties": {"answer": {"type": "numbr"}}}')).toMatchObject({
      ok: false,
      error: /^Not a valid JSON Schema: .*numbr/,
    });
    expect(parseOutputSchema(JSON.stringify(FAILING_DEMO_SCHEMA))).toEqual({ ok: true, value: FAILING_DEMO_SCHEMA });
    expect(checkOutputSchema(CITY_SCHEMA).ok).toBe(true);
  });

  it('building or checking a chain with an unusable schema is refused (the workspace keeps its old chain)', () => {
    const bad = validationOnly({ type: 'object', properties: { answer: { type: 'numbr' } } });
    const built = buildAdvisors(bad, { memory: new ChatMemory(), maxRounds: () => 10 });
    expect(built).toMatchObject({ ok: false, error: /output schema is not usable: Not a valid JSON Schema/ });
    expect(checkAdvisorConfig(bad)).toMatchObject({ ok: false, error: /output schema is not usable/ });
  });
});

describe('a run with a schema the scripted answer fails (seoul-time-math)', () => {
  it('records the schema in the advisor-chain event; the final round costs 1 + retries calls', async () => {
    const scenario = getScenario('seoul-time-math')!;
    const clock = createFakeClock();
    const runtime = createScriptedRuntime({
      script: scenario.script,
      tokensPerSecond: 0,
      sleep: clock.sleep,
      now: clock.now,
    });
    const config: AdvisorConfig = {
      advisors: DEFAULT_ADVISOR_CONFIG.advisors.map((s) =>
        s.kind === 'validation' ? { ...s, enabled: true, outputSchema: FAILING_DEMO_SCHEMA, maxRepeatAttempts: 2 } : s,
      ),
    };
    const controller = new AdvisorLoopController({
      runtime: () => runtime,
      now: clock.now,
      newRunId: () => 'run',
      advisors: () => config,
    });
    controller.startRun({
      system: scenario.system,
      tools: toolsForScenario(scenario, createPresetTools()),
      settings: { ...DEFAULT_SETTINGS, ...scenario.settings },
    });
    controller.send(scenario.user);
    expect(await controller.runToEnd()).toEqual({ ok: true });
    const events = controller.getEvents();
    const chain = events.find((e) => e.type === 'advisor-chain');
    expect(chain?.type === 'advisor-chain' && chain.advisors.find((a) => a.kind === 'validation')?.validation).toEqual({
      outputSchema: FAILING_DEMO_SCHEMA,
      maxRepeatAttempts: 2,
    });
    // Two tool rounds, then the prose answer: 1 + 2 retries.
    expect(events.filter((e) => e.type === 'model-called')).toHaveLength(5);
    const [report] = validationReports(events);
    expect(report!.settings).toEqual({ outputSchema: FAILING_DEMO_SCHEMA, maxRepeatAttempts: 2 });
    expect(report!.checks.map((c) => [c.attempt, c.ok])).toEqual([
      [1, false],
      [2, false],
      [3, false],
    ]);
    expect(report!.checks.map((c) => c.appended !== null)).toEqual([true, true, false]);
    expect(report!.checks[0]!.appended).toMatch(new RegExp(`^${VALIDATION_FAILED_PREFIX}Invalid JSON`));
    expect(events.at(-1)).toMatchObject({ type: 'run-finished', reason: 'validation-failed' });
  });
});
