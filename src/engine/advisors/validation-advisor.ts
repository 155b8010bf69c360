/**
 * Spring's StructuredOutputValidationAdvisor, the second built-in recursive advisor (LOWEST_PRECEDENCE - 2000,
 * inside the loop, nearest the model). Each attempt calls `chain.copy(this).nextCall`; a final answer is parsed as
 * JSON and validated against a zod schema. On failure the *original* request is re-sent with
 * "Output JSON validation failed because of: …" appended to its last user message (errors do not accumulate).
 * `maxRepeatAttempts` counts retries: 3 by default, so at most 4 model calls. A response with tool calls is not
 * validated: it goes back to the tool-calling advisor for execution (Spring main, after the 2.0 fix).
 *
 * When every attempt fails, Spring returns the last answer; here it is returned too, but marked with the ending
 * `validation-failed` ("Validation failed after 3 retries…"), so the run ends as what it was and not as a final answer.
 */
import type { z } from 'zod';
import type { Message } from '../messages';
import type { JsonSchema } from '../tool';
import { formatZodIssues } from '../tool';
import { observeRequest, recordHook, UsageAccumulator } from './chain';
import { DEFAULT_ORDERS } from './order';
import { runEndDetail } from '../loop/run-end-details';
import type { AdvisedRequest, AdvisedResponse, Advisor, AdvisorChainApi, ValidationSettings } from './types';

export interface ValidationAdvisorOptions {
  readonly schema: z.ZodType;
  /** The JSON Schema `schema` was built from, when it was: recorded in the run's chain event. */
  readonly outputSchema?: JsonSchema;
  readonly maxRepeatAttempts?: number;
  readonly order?: number;
  readonly name?: string;
}

export const VALIDATION_FAILED_PREFIX = 'Output JSON validation failed because of: ';

export class StructuredOutputValidationAdvisor implements Advisor {
  readonly kind = 'validation' as const;
  readonly isMemory = false;
  readonly isToolAdvisor = false;
  readonly name: string;
  readonly order: number;
  readonly maxRepeatAttempts: number;
  readonly validation?: ValidationSettings;
  private readonly schema: z.ZodType;

  constructor(options: ValidationAdvisorOptions) {
    const retries = options.maxRepeatAttempts ?? 3;
    if (!Number.isInteger(retries) || retries < 0) throw new Error('maxRepeatAttempts must be a whole number ≥ 0.');
    this.schema = options.schema;
    this.maxRepeatAttempts = retries;
    if (options.outputSchema) this.validation = { outputSchema: options.outputSchema, maxRepeatAttempts: retries };
    this.order = options.order ?? DEFAULT_ORDERS.validation;
    this.name = options.name ?? 'Structured-output validation';
  }

  async adviseCall(request: AdvisedRequest, chain: AdvisorChainApi): Promise<AdvisedResponse> {
    const usage = new UsageAccumulator();
    const attempts = 1 + this.maxRepeatAttempts;
    let processed = request;
    let appended: string | null = null;
    let response: AdvisedResponse | null = null;
    let errors: string[] = [];
    for (let attempt = 1; attempt <= attempts; attempt += 1) {
      const sees = observeRequest(processed);
      const retry = appended === null ? '' : `; appended to the user message: ${appended}`;
      recordHook(chain, this, 'attempt', {
        ...sees,
        summary: `attempt ${attempt} of ${attempts}; ${sees.summary}${retry}`,
      });
      response = await chain.copy(this).nextCall(processed);
      usage.add(response);
      if (response.calls.length > 0) {
        recordHook(chain, this, 'validate', {
          roles: [],
          summary: 'tool calls: not validated, handed back to the loop',
          toolCalls: response.calls.map((c) => ({ id: c.id, name: c.name })),
        });
        break;
      }
      errors = validateJsonText(response.message.content, this.schema);
      recordHook(chain, this, 'validate', {
        roles: [],
        summary:
          errors.length === 0 ? `attempt ${attempt}: valid` : `attempt ${attempt}: invalid — ${errors.join('; ')}`,
        validation: { attempt, attempts, ok: errors.length === 0, errors },
      });
      if (errors.length === 0) break;
      appended = VALIDATION_FAILED_PREFIX + errors.join('; ');
      processed = augmentUserMessage(request, appended);
    }
    const last = usage.apply(response!);
    // Every attempt was rejected (a response with calls was never judged; one that already ends the loop keeps it).
    if (errors.length === 0 || last.calls.length > 0 || last.ending) return last;
    const detail = validationFailedDetail(this.maxRepeatAttempts, errors);
    return { ...last, ending: { reason: 'validation-failed', detail } };
  }
}

/** Why a run ended when every attempt was rejected: the retries made and the last answer's errors. */
export function validationFailedDetail(retries: number, errors: readonly string[]): string {
  // One template per plural form the English needs ("1 retry", "3 retries"): the run stores the sentence.
  const code = retries === 1 ? 'validationFailedOne' : 'validationFailed';
  return runEndDetail(code, { retries: String(retries), errors: errors.join('; ') });
}

/** The validation errors of a text against a schema; empty when it is valid JSON that passes. */
export function validateJsonText(text: string, schema: z.ZodType): string[] {
  if (text.trim() === '') return ['Empty JSON output for validation.'];
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return [`Invalid JSON: ${error instanceof Error ? error.message : String(error)}`];
  }
  const parsed = schema.safeParse(value);
  return parsed.success ? [] : formatZodIssues(parsed.error);
}

/** Appends a line to the last user message (or adds a user message when there is none). */
export function augmentUserMessage(request: AdvisedRequest, line: string): AdvisedRequest {
  const index = request.messages.map((m) => m.role).lastIndexOf('user');
  const messages: Message[] = [...request.messages];
  if (index < 0) {
    messages.push({ role: 'user', content: line });
  } else {
    const user = messages[index]!;
    messages[index] = { role: 'user', content: `${user.content}\n${line}` };
  }
  return { ...request, messages };
}
