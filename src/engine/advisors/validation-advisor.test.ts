import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AdvisorChain } from './chain';
import { createTestEnv, hookCounts, request } from './test-env';
import { ToolCallingAdvisor } from './tool-calling-advisor';
import { StructuredOutputValidationAdvisor, VALIDATION_FAILED_PREFIX, validateJsonText } from './validation-advisor';

const schema = z.object({ answer: z.string() });
const VALID = '{"answer": "877"}';

describe('structured-output validation', () => {
  it('3 retries by default: an answer that never validates costs at most 4 model calls', async () => {
    const env = createTestEnv(Array.from({ length: 10 }, () => ({ text: 'not json' })));
    const response = await AdvisorChain.build([new StructuredOutputValidationAdvisor({ schema })], env).nextCall(
      request(),
    );
    expect(env.calls()).toBe(4);
    expect(response.message.content).toBe('not json');
    const checks = env.invocations.filter((i) => i.hook === 'validate').map((i) => i.sees.validation?.ok);
    expect(checks).toEqual([false, false, false, false]);
    // The last answer comes back, marked: the run ends as validation failed, not as a final answer.
    expect(response.ending).toEqual({
      reason: 'validation-failed',
      detail: expect.stringMatching(
        /^Validation failed after 3 retries; the last answer still fails the schema: Invalid JSON/,
      ),
    });
    const attempts = env.invocations.filter((i) => i.hook === 'validate').map((i) => i.sees.validation?.attempts);
    expect(attempts).toEqual([4, 4, 4, 4]);
  });

  it('succeeds on the 2nd try → 2 model calls', async () => {
    const env = createTestEnv([{ text: '{"answer": 877}' }, { text: VALID }, { text: 'unused' }]);
    const response = await AdvisorChain.build([new StructuredOutputValidationAdvisor({ schema })], env).nextCall(
      request(),
    );
    expect(env.calls()).toBe(2);
    expect(response.message.content).toBe(VALID);
    expect(response.ending).toBeUndefined();
    expect(hookCounts(env)['Structured-output validation.attempt']).toBe(2);
  });

  it('0 retries → exactly one call', async () => {
    const env = createTestEnv([{ text: 'nope' }, { text: VALID }]);
    await AdvisorChain.build([new StructuredOutputValidationAdvisor({ schema, maxRepeatAttempts: 0 })], env).nextCall(
      request(),
    );
    expect(env.calls()).toBe(1);
  });

  it('re-sends the original request with the errors appended to the user message; errors do not accumulate', async () => {
    const env = createTestEnv([{ text: 'x' }, { text: 'y' }, { text: VALID }]);
    await AdvisorChain.build([new StructuredOutputValidationAdvisor({ schema })], env).nextCall(request());
    const userOf = (n: number) => env.requests[n]!.messages.find((m) => m.role === 'user')!.content;
    expect(userOf(0)).not.toContain(VALIDATION_FAILED_PREFIX);
    expect(userOf(1)).toContain(`\n${VALIDATION_FAILED_PREFIX}Invalid JSON`);
    expect(userOf(2).split(VALIDATION_FAILED_PREFIX)).toHaveLength(2);
  });

  it('inside the tool loop: a tool-call response is handed back unvalidated; only the final answer is checked', async () => {
    const env = createTestEnv([{ tools: ['calculate'] }, { text: 'not json' }, { text: VALID }]);
    const advisors = [new ToolCallingAdvisor(), new StructuredOutputValidationAdvisor({ schema })];
    const response = await AdvisorChain.build(advisors, env).nextCall(request());
    expect(env.calls()).toBe(3);
    expect(env.log.filter((l) => l.startsWith('tools'))).toHaveLength(1);
    expect(response.message.content).toBe(VALID);
    // Validation runs inside: once per round of the loop, with its own retries in the last one.
    expect(hookCounts(env)['Structured-output validation.attempt']).toBe(3);
  });

  it('reports empty output, bad JSON and schema issues', () => {
    expect(validateJsonText('  ', schema)).toEqual(['Empty JSON output for validation.']);
    expect(validateJsonText('{', schema)[0]).toMatch(/^Invalid JSON/);
    expect(validateJsonText('{"answer": 1}', schema)[0]).toMatch(/^answer: /);
    expect(validateJsonText(VALID, schema)).toEqual([]);
  });

  it('refuses a negative retry count', () => {
    expect(() => new StructuredOutputValidationAdvisor({ schema, maxRepeatAttempts: -1 })).toThrow(/≥ 0/);
  });
});
