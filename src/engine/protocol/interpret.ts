/**
 * Turns a runtime's response into the assistant message and the derived stop reason. The raw text is parsed
 * here, once, by the parser of the call format the runtime names (never another format's), unless the
 * runtime's library parsed the calls natively; then the finish reason is derived. This is the one place a
 * runtime's raw output is read.
 */
import type { AssistantMessage, ParseIssue, ToolCall } from '../messages';
import { assertNever } from '../result';
import type { ModelResponse } from '../runtime';
import type { DerivedStop } from '../stop-reasons';
import { deriveStop } from '../stop-reasons';
import type { ToolDefinition } from '../tool';
import { parseLlamaOutput } from './llama-parser';
import type { CallFormat, ParseOptions, ParseResult } from './parse-result';
import { parseTagOutput } from './tag-parser';
import type { MalformedCallMode } from './parse-result';

export { MALFORMED_CALL_MODES, type MalformedCallMode } from './parse-result';

export interface InterpretOptions {
  /** The tools the request offered: calls to other names are flagged, numbers are checked against schemas. */
  readonly tools?: readonly ToolDefinition[];
  readonly malformedCalls?: MalformedCallMode;
}

export interface InterpretedResponse {
  readonly message: AssistantMessage;
  readonly stop: DerivedStop;
  /** Calls the loop may execute: none when the response was aborted, filtered or cut by the token limit. */
  readonly executableCalls: readonly ToolCall[];
}

/** Parses raw output with its format's parser. */
export function parseOutput(raw: string, format: CallFormat, options: ParseOptions = {}): ParseResult {
  switch (format) {
    case 'tool-call-tags':
      return parseTagOutput(raw, options);
    case 'llama-json':
      return parseLlamaOutput(raw, options);
    default:
      return assertNever(format);
  }
}

export function interpretResponse(
  response: ModelResponse,
  makeId: () => string,
  options: InterpretOptions = {},
): InterpretedResponse {
  if (response.nativeToolCalls) return interpretNative(response, response.nativeToolCalls);
  const mode = options.malformedCalls ?? 'error-result';
  const parsed = parseOutput(response.raw, response.callFormat ?? 'tool-call-tags', { tools: options.tools });
  // Ids follow the call attempts in output order, so position i takes toolCallIds[i] when a person named it.
  let position = 0;
  const idFor = (): string => response.toolCallIds?.[position++] || makeId();
  const toolCalls: ToolCall[] = [];
  const callIds: string[] = [];
  const blockIds: (string | undefined)[] = [];
  let prose = parsed.content;
  for (const block of parsed.blocks) {
    if (block.kind === 'calls') {
      for (const call of block.calls) {
        const id = idFor();
        callIds.push(id);
        toolCalls.push({ id, name: call.name, argumentsText: call.argumentsText });
      }
      blockIds.push(undefined);
    } else if (mode === 'error-result') {
      const id = idFor();
      blockIds.push(id);
      toolCalls.push({ id, name: block.name, argumentsText: block.body, parseError: block.error });
      // For "text with tool calls", the failed block is the error call, not the model's prose.
      prose = prose.replace(block.text.trim(), '');
    } else {
      position++;
      blockIds.push(undefined);
    }
  }
  const issues: ParseIssue[] = parsed.issues.map((issue) => {
    const callId =
      issue.call !== undefined ? callIds[issue.call] : issue.block !== undefined ? blockIds[issue.block] : undefined;
    // A note on a block that failed says what the setting did with it.
    const answer =
      issue.block === undefined
        ? ''
        : callId !== undefined
          ? ` The loop answers it with an error result (${callId}) so the model can retry.`
          : ' Not answered: malformed calls are treated as text.';
    return {
      kind: issue.kind,
      recovered: issue.recovered,
      detail: issue.detail + answer,
      ...(issue.excerpt !== undefined ? { excerpt: issue.excerpt } : {}),
      ...(callId !== undefined ? { callId } : {}),
    };
  });
  const stop = deriveStop({
    raw: response.finishReason,
    toolCallCount: toolCalls.length,
    text: prose,
    unterminatedBlock: parsed.cutOff || parsed.issues.some((i) => i.kind === 'unterminated_tool_call'),
    malformedCalls: parsed.blocks.filter((b) => b.kind === 'failed').length,
    completeCalls: toolCalls.filter((c) => c.parseError === undefined).length,
    issues,
    malformedMode: mode,
  });
  const message: AssistantMessage = {
    role: 'assistant',
    content: parsed.content,
    raw: response.raw,
    toolCalls,
    ...(parsed.reasoning !== null ? { reasoning: parsed.reasoning } : {}),
    ...(issues.length > 0 ? { parseIssues: issues } : {}),
  };
  const executableCalls = stop.derived === 'tool_calls' ? toolCalls : [];
  return { message, stop, executableCalls };
}

/** web-llm's native Hermes path: its library parsed the calls; the text is not read again. */
function interpretNative(response: ModelResponse, calls: readonly ToolCall[]): InterpretedResponse {
  const toolCalls = [...calls];
  const stop = deriveStop({
    raw: response.finishReason,
    toolCallCount: toolCalls.length,
    text: '',
    unterminatedBlock: false,
    malformedCalls: toolCalls.filter((c) => c.parseError !== undefined).length,
  });
  const message: AssistantMessage = { role: 'assistant', content: '', raw: response.raw, toolCalls };
  return { message, stop, executableCalls: stop.derived === 'tool_calls' ? toolCalls : [] };
}
