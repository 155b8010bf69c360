/**
 * The tool-execution manager (Spring AI's ToolCallingManager). The calls of one response run sequentially in
 * the model's order; each result pairs with its call by id. Arguments that are not JSON or fail the schema give
 * an error result sent to the model, and so do numbers the arguments cannot hold as written (an overflow to
 * ±Infinity, lost digits, a fraction for an integer): they never run as a different value. An unknown tool
 * and a throwing tool go to the exception processor: `send-to-model` (default; the error text is the result,
 * flagged `isError` like Anthropic's `is_error`) or `stop-loop` (Spring's `throw-exception-on-error=true`:
 * the loop ends with the error). returnDirect ends the loop only when every *executed* call is returnDirect.
 */
import type { ToolCall, ToolMessage } from '../messages';
import type { ExecutionReport, ToolContext, ToolGrants, ToolLanguage, ToolResult } from '../tool';
import { errorMessage, ToolFailure } from '../tool';
import type { ToolRegistry } from '../tool-registry';
import { ARGUMENT_ERROR_WORDS, CALL_ERROR_WORDS, callErrorLanguage, invalidArgumentsText } from '../tool-words';
import { describeNumberProblem, findNumberProblemsInText } from '../protocol/argument-numbers';
import { assertNever, type Result } from '../result';

export type ExceptionMode = 'send-to-model' | 'stop-loop';

/** What the person at the pause decided for one call. Without a pause every call is approved. */
export type CallDecision =
  | { readonly kind: 'approve' }
  | {
      readonly kind: 'edit';
      readonly argumentsText: string;
      /**
       * Also rewrite the call in the history (as a graph debugger edits state): the model then sees the edited
       * call as its own. Off (default): the history keeps the call the model wrote, next to the result of the
       * edited run.
       */
      readonly rewriteHistory?: boolean;
    }
  | { readonly kind: 'deny'; readonly reason?: string }
  | { readonly kind: 'write'; readonly text: string; readonly isError?: boolean };

/** Why a result is what it is: shown in the turn table's "what our code did" column. */
export const DISPOSITIONS = [
  'executed',
  'tool-error',
  'invalid-json',
  'invalid-arguments',
  'unknown-tool',
  'unparsed-call',
  'denied',
  'written-by-hand',
] as const;
export type CallDisposition = (typeof DISPOSITIONS)[number];

export type CallOutcome =
  | {
      readonly kind: 'result';
      readonly callId: string;
      readonly name: string;
      readonly result: ToolResult;
      readonly disposition: CallDisposition;
      /** The call ran (or a hand-written result stood in for running it); counts for returnDirect. */
      readonly executed: boolean;
      readonly returnDirect: boolean;
      readonly argumentsText: string;
      readonly startedAt: number;
      readonly durationMs: number;
    }
  | {
      readonly kind: 'stop';
      readonly callId: string;
      readonly name: string;
      readonly error: string;
      readonly disposition: 'tool-error' | 'unknown-tool';
      readonly argumentsText: string;
      readonly startedAt: number;
      readonly durationMs: number;
    };

export interface ExecuteOptions {
  readonly registry: ToolRegistry;
  readonly exceptionMode: ExceptionMode;
  readonly now: () => number;
  readonly signal: AbortSignal;
  /**
   * Called right before the tool's implementation runs, with the arguments it runs with; never for a denied,
   * hand-written, unparsable, unknown or invalid call. Lets a log show a tool that started and never finished.
   */
  readonly onExecute?: (argumentsText: string) => void;
  /** Passed to the tool as `ctx.grants` (what the person allowed, e.g. writes). */
  readonly grants?: ToolGrants;
  /** Passed to the tool as `ctx.report`: what an execution service in front of the tool reports. */
  readonly onReport?: (report: ExecutionReport) => void;
  /**
   * The language a tool speaks to the model (the tools' language switch): the harness's invalid-arguments result
   * is worded in it. Absent, or undefined for a tool: English.
   */
  readonly language?: (toolName: string) => ToolLanguage | undefined;
}

export const DENIED_TEXT = 'The user denied this tool call.';

/** Executes one call under a decision. Never throws: every failure is data. */
export async function executeToolCall(
  call: ToolCall,
  decision: CallDecision,
  options: ExecuteOptions,
): Promise<CallOutcome> {
  const startedAt = options.now();
  const argumentsText = decision.kind === 'edit' ? decision.argumentsText : call.argumentsText;
  const base = { callId: call.id, name: call.name, argumentsText, startedAt };
  const done = (
    result: ToolResult,
    disposition: CallDisposition,
    executed: boolean,
    returnDirect: boolean,
  ): CallOutcome => ({
    kind: 'result',
    ...base,
    result,
    disposition,
    executed,
    returnDirect,
    durationMs: options.now() - startedAt,
  });

  switch (decision.kind) {
    case 'deny': {
      const text = decision.reason ? `${DENIED_TEXT} Reason: ${decision.reason}` : DENIED_TEXT;
      return done({ text, isError: true, metadata: { denied: true } }, 'denied', false, false);
    }
    case 'write': {
      const tool = options.registry.get(call.name);
      return done(
        { text: decision.text, isError: decision.isError ?? false, metadata: { writtenByHand: true } },
        'written-by-hand',
        true,
        tool?.returnDirect ?? false,
      );
    }
    case 'approve':
    case 'edit':
      break;
    default:
      assertNever(decision);
  }

  const names = () => options.registry.tools.map((t) => t.name);
  if (call.parseError !== undefined && decision.kind !== 'edit') {
    const words = CALL_ERROR_WORDS[callErrorLanguage(call.name, names(), options.language)];
    return done({ text: words.unparsed(call.parseError), isError: true, metadata: {} }, 'unparsed-call', false, false);
  }

  const tool = options.registry.get(call.name);
  if (!tool) {
    const available = names();
    if (options.exceptionMode === 'stop-loop') {
      // The harness's own stop reason, not a result the model reads: English, as the run has always kept it.
      const error = CALL_ERROR_WORDS.en.unknownTool(call.name, available);
      return { kind: 'stop', ...base, error, disposition: 'unknown-tool', durationMs: options.now() - startedAt };
    }
    const text = CALL_ERROR_WORDS[callErrorLanguage(call.name, available, options.language)].unknownTool(
      call.name,
      available,
    );
    return done({ text, isError: true, metadata: {} }, 'unknown-tool', false, false);
  }

  const language = options.language?.(tool.name) ?? 'en';
  const args = parseArguments(argumentsText);
  if (!args.ok) {
    return done(
      { text: ARGUMENT_ERROR_WORDS[language].notJson(tool.name, args.error), isError: true, metadata: {} },
      'invalid-json',
      false,
      tool.returnDirect,
    );
  }
  // JSON.parse would turn -8e5555 into -Infinity (printed as null) and round 9007199254740993: refuse such
  // numbers before the schema sees a value the model never wrote.
  const numbers = findNumberProblemsInText(argumentsText, tool.inputSchema);
  if (numbers.length > 0) {
    const issues = numbers.map(describeNumberProblem);
    return done(
      {
        text: invalidArgumentsText(
          tool.name,
          issues.map((i) => `- ${i}`),
          language,
        ),
        isError: true,
        metadata: { issues },
      },
      'invalid-arguments',
      false,
      tool.returnDirect,
    );
  }
  const validated = tool.validate(args.value);
  if (!validated.ok) {
    const text = invalidArgumentsText(
      tool.name,
      validated.error.map((i) => `- ${i}`),
      language,
    );
    return done(
      { text, isError: true, metadata: { issues: validated.error } },
      'invalid-arguments',
      false,
      tool.returnDirect,
    );
  }

  const context: ToolContext = {
    now: options.now,
    signal: options.signal,
    callId: call.id,
    ...(options.grants ? { grants: options.grants } : {}),
    ...(options.onReport ? { report: options.onReport } : {}),
  };
  options.onExecute?.(argumentsText);
  try {
    const output = await tool.execute(validated.value, context);
    const result: ToolResult = typeof output === 'string' ? { text: output, isError: false, metadata: {} } : output;
    return done(result, result.isError ? 'tool-error' : 'executed', true, tool.returnDirect);
  } catch (thrown) {
    const message = errorMessage(thrown).trim() || `Exception occurred in tool: ${tool.name}`;
    if (options.exceptionMode === 'stop-loop') {
      return {
        kind: 'stop',
        ...base,
        error: `${tool.name} failed: ${message}`,
        disposition: 'tool-error',
        durationMs: options.now() - startedAt,
      };
    }
    const known = thrown instanceof ToolFailure ? thrown.metadata : {};
    return done(
      { text: `Error: ${message}`, isError: true, metadata: { ...known, threw: true } },
      'tool-error',
      true,
      tool.returnDirect,
    );
  }
}

export interface BatchOutcome {
  readonly outcomes: readonly CallOutcome[];
  /** Set when the exception processor stopped the loop; calls after the failing one did not run. */
  readonly stopped?: { readonly callId: string; readonly error: string };
  readonly returnDirect: boolean;
  readonly toolMessages: readonly ToolMessage[];
}

/** Executes all calls of one response in order (the ToolCallingManager's batch). */
export async function executeToolCalls(
  calls: readonly ToolCall[],
  decide: (call: ToolCall) => CallDecision,
  options: ExecuteOptions,
): Promise<BatchOutcome> {
  const outcomes: CallOutcome[] = [];
  for (const call of calls) {
    const outcome = await executeToolCall(call, decide(call), options);
    outcomes.push(outcome);
    if (outcome.kind === 'stop') {
      return { outcomes, stopped: { callId: call.id, error: outcome.error }, returnDirect: false, toolMessages: [] };
    }
  }
  return { outcomes, returnDirect: isReturnDirect(outcomes), toolMessages: outcomes.flatMap(toToolMessage) };
}

/**
 * returnDirect holds only if at least one call executed and every executed call is returnDirect. A call whose
 * arguments failed (not JSON, or the schema) takes part too: it reached its tool, as in Spring AI where the
 * argument conversion fails inside the callback after the returnDirect flags were combined. Without this, a
 * returnDirect call next to a non-returnDirect call with bad arguments would end the loop and hand the
 * argument error to the user as the final answer instead of letting the model fix its call.
 */
export function isReturnDirect(outcomes: readonly CallOutcome[]): boolean {
  const participants = outcomes.filter(
    (o) =>
      o.kind === 'result' && (o.executed || o.disposition === 'invalid-json' || o.disposition === 'invalid-arguments'),
  );
  return (
    participants.some((o) => o.kind === 'result' && o.executed) &&
    participants.every((o) => o.kind === 'result' && o.returnDirect)
  );
}

export function toToolMessage(outcome: CallOutcome): ToolMessage[] {
  if (outcome.kind !== 'result') return [];
  return [
    {
      role: 'tool',
      toolCallId: outcome.callId,
      name: outcome.name,
      content: outcome.result.text,
      isError: outcome.result.isError,
    },
  ];
}

export function parseArguments(text: string): Result<unknown> {
  // Spring AI treats blank arguments as "{}" (streaming can leave them empty).
  const source = text.trim() === '' ? '{}' : text;
  try {
    return { ok: true, value: JSON.parse(source) };
  } catch (error) {
    return { ok: false, error: errorMessage(error) };
  }
}
