/**
 * The HTTP body of one `POST /chat/completions`, in either protocol mode:
 *
 * - **Server tools**: the history as OpenAI messages (assistant `tool_calls`, `tool` results by id), the tools in
 *   the `tools` field with `tool_choice` and `parallel_tool_calls`. The server renders its chat template and
 *   parses the calls itself; the app never sees the prompt text.
 * - **App protocol**: no `tools` field. The app renders the tools into the messages in the model family's format
 *   (the same renderers as the browser runtimes), optionally constrains the output — llama.cpp's `grammar`
 *   (the harness's GBNF), or `response_format` json_schema where the family's call is a bare JSON object — and
 *   parses the reply itself.
 *
 * Pure: the same request and options give the same body (the tests check each mode and each refusal).
 */
import type {
  FormatId,
  GrammarLimits,
  JsonSchema,
  Message,
  ModelRequest,
  PromptFormat,
  PromptSegment,
  Result,
  ToolChoice,
  ToolDefinition,
} from '../../engine';
import { assertNever, buildToolGrammar, err, ok, templateDate, toFunctionTool, toOpenAIMessages } from '../../engine';
import type { ServerKind } from './server-kinds';
import { SERVERS } from './server-kinds';

export type ProtocolMode = 'server-tools' | 'app-protocol';

export const PROTOCOL_MODE_LABEL: Record<ProtocolMode, string> = {
  'server-tools': 'Server tools',
  'app-protocol': 'App protocol',
};

/** Short family names for messages and the backend line (the formats' own labels describe their syntax). */
export const FORMAT_NAME: Record<FormatId, string> = {
  'qwen2.5': 'Qwen2.5',
  qwen3: 'Qwen3',
  'llama-3.2': 'Llama 3.2',
  hermes: 'Hermes',
};

/** How the app-protocol reply is constrained. */
export type Constraint = 'none' | 'grammar' | 'json-schema';

export const CONSTRAINT_LABEL: Record<Constraint, string> = {
  none: 'None (the model follows the prompt)',
  grammar: 'GBNF grammar (llama.cpp `grammar`)',
  'json-schema': 'JSON schema (`response_format`)',
};

export interface BodyOptions {
  readonly model: string;
  readonly mode: ProtocolMode;
  /** App protocol: the family format the tools are rendered in and the reply is parsed with. */
  readonly format: PromptFormat;
  readonly constraint: Constraint;
  readonly server: ServerKind;
  readonly maxTokens?: number;
  readonly temperature?: number;
  readonly seed?: number;
  /** Merged over the body last: the user's own fields (`null` removes one). */
  readonly extraBody?: Readonly<Record<string, unknown>>;
  /** Caps for the GBNF grammar (the tiny test model rambles without them). */
  readonly grammarLimits?: GrammarLimits;
}

export interface BuiltBody {
  readonly body: Record<string, unknown>;
  /** App protocol: the prompt the app rendered, split by part; null when the server builds it (server tools). */
  readonly promptSegments: readonly PromptSegment[] | null;
  readonly notes: readonly string[];
}

/** Whether a constraint can express this format's calls; the reason when it cannot. */
export function constraintSupport(constraint: Constraint, format: PromptFormat, server: ServerKind): Result {
  switch (constraint) {
    case 'none':
      return ok();
    case 'grammar':
      if (!SERVERS[server].acceptsGbnf) {
        return err(
          `${SERVERS[server].label} takes no GBNF grammar (llama.cpp's \`grammar\` field); choose the JSON schema or no constraint.`,
        );
      }
      if (format.id === 'llama-3.2') {
        return err(
          "The app's GBNF grammar writes Qwen/Hermes `<tool_call>` blocks; Llama 3.2's bare-JSON calls need the JSON schema.",
        );
      }
      return ok();
    case 'json-schema':
      if (format.id !== 'llama-3.2') {
        return err(
          `A JSON schema constrains the whole reply to one JSON value, so it cannot express ${FORMAT_NAME[format.id]}'s ` +
            '`<tool_call>` tags; use the GBNF grammar (llama.cpp), no constraint, or the Llama 3.2 format (bare JSON calls).',
        );
      }
      return ok();
    default:
      return assertNever(constraint);
  }
}

export function buildBody(request: ModelRequest, options: BodyOptions): Result<BuiltBody> {
  const last = request.messages[request.messages.length - 1];
  if (!last) return err('Nothing to send: the history is empty.');
  const named = namedTool(request.toolChoice, request.tools);
  if (!named.ok) return named;
  const base: Record<string, unknown> = {
    model: options.model,
    stream: true,
    stream_options: { include_usage: true },
    ...(options.maxTokens !== undefined ? { max_tokens: options.maxTokens } : {}),
    ...(options.temperature !== undefined ? { temperature: options.temperature } : {}),
    ...(options.seed !== undefined ? { seed: options.seed } : {}),
  };
  const built =
    options.mode === 'server-tools' ? serverTools(request, options, base) : appProtocol(request, options, base);
  if (!built.ok) return built;
  return ok({ ...built.value, body: mergeExtra(built.value.body, options.extraBody) });
}

function serverTools(request: ModelRequest, options: BodyOptions, base: Record<string, unknown>): Result<BuiltBody> {
  const notes: string[] = [];
  const server = SERVERS[options.server];
  let tools: readonly ToolDefinition[] = request.tools;
  let toolChoice: unknown = request.toolChoice;
  if (typeof request.toolChoice === 'object') {
    if (server.namedToolChoice) {
      toolChoice = { type: 'function', function: { name: request.toolChoice.name } };
    } else {
      // llama.cpp reads tool_choice as a string and silently falls back to "auto" on the object form.
      const name = request.toolChoice.name;
      tools = request.tools.filter((t) => t.name === name);
      toolChoice = 'required';
      notes.push(
        `${server.label} takes tool_choice only as "auto", "none" or "required": the named tool "${name}" is sent as ` +
          `"required" with only that tool in \`tools\`.`,
      );
    }
  }
  if (server.ignoresToolChoice && request.toolChoice !== 'auto') {
    notes.push(`${server.label}'s OpenAI layer documents no tool_choice: the server may ignore it.`);
  }
  // The visible text and the parsed calls (not raw `<tool_call>` text): the server's template renders the calls.
  const body: Record<string, unknown> = { ...base, messages: toOpenAIMessages(request.messages) };
  if (tools.length > 0) {
    body.tools = tools.map((t) => toFunctionTool(t));
    body.tool_choice = toolChoice;
    body.parallel_tool_calls = request.parallelToolCalls;
  } else if (request.toolChoice === 'required') {
    return err('Tool choice "required" needs at least one exposed tool.');
  }
  return ok({ body, promptSegments: null, notes });
}

function appProtocol(request: ModelRequest, options: BodyOptions, base: Record<string, unknown>): Result<BuiltBody> {
  const { format } = options;
  const notes: string[] = [];
  const exposed = request.toolChoice === 'none' ? [] : request.tools;
  if (request.toolChoice === 'none' && request.tools.length > 0) {
    notes.push('Tool choice "none": the tools are left out of the prompt and nothing is constrained.');
  }
  if (request.toolChoice === 'required' && exposed.length === 0) {
    return err('Tool choice "required" needs at least one exposed tool.');
  }
  const history = withCallsInRaw(request.messages, format);
  // Llama 3.2 prints the run's date ("Today Date"), as the browser runtimes do.
  const date = request.promptDate === undefined ? null : templateDate(request.promptDate);
  const formatOptions = date !== null ? { dateString: date } : {};
  const wire = format.toWire(history, exposed, formatOptions);
  const segments = format.renderPrompt(history, exposed, formatOptions);
  const messages = wire.map(({ role, content }) => ({ role, content }) as Record<string, unknown>);
  addToolCallIds(messages, request.messages);
  const body: Record<string, unknown> = { ...base, messages };
  const parallel = request.parallelToolCalls && format.supportsParallelCalls;
  if (request.parallelToolCalls && !format.supportsParallelCalls && exposed.length > 0) {
    notes.push(`${FORMAT_NAME[format.id]}: one tool call per turn (its template refuses two).`);
  }
  const support = constraintSupport(options.constraint, format, options.server);
  if (!support.ok) return support;
  if (exposed.length > 0) {
    switch (options.constraint) {
      case 'none':
        notes.push('No output constraint: the reply is whatever the model writes; the app parses it.');
        break;
      case 'grammar': {
        const grammar = buildToolGrammar(exposed, request.toolChoice, {
          parallelToolCalls: parallel,
          ...(options.grammarLimits ? { limits: options.grammarLimits } : {}),
        });
        if (!grammar.ok) return grammar;
        body.grammar = grammar.value.gbnf;
        notes.push(
          `The whole reply is constrained by a GBNF grammar built from the exposed tools (tool choice: ${choiceText(request.toolChoice)}).`,
          ...grammar.value.notes.map((n) => `Not enforced by the grammar — ${n}`),
        );
        break;
      }
      case 'json-schema':
        if (request.toolChoice === 'auto') {
          notes.push(
            'No JSON schema with tool choice "auto": a schema would force a call on every turn and the model could never answer. Choose "required" or a named tool to constrain the call.',
          );
        } else {
          body.response_format = {
            type: 'json_schema',
            json_schema: { name: 'tool_call', strict: true, schema: llamaCallSchema(exposed, request.toolChoice) },
          };
          notes.push('The reply is constrained to one call by `response_format` json_schema.');
        }
        break;
      default:
        return assertNever(options.constraint);
    }
  }
  return ok({ body, promptSegments: segments, notes });
}

/** Llama 3.2's call syntax as a JSON Schema: `{"name": <tool>, "parameters": <its arguments>}`. */
export function llamaCallSchema(tools: readonly ToolDefinition[], choice: ToolChoice): JsonSchema {
  const chosen = typeof choice === 'object' ? tools.filter((t) => t.name === choice.name) : tools;
  const variants = chosen.map((tool) => ({
    type: 'object',
    properties: { name: { const: tool.name }, parameters: tool.inputSchema },
    required: ['name', 'parameters'],
    additionalProperties: false,
  }));
  return variants.length === 1 ? variants[0]! : { anyOf: variants };
}

/**
 * An assistant turn answered in server-tools mode has no call text in `raw` (the server parsed the calls). In
 * app-protocol mode the family format sends `raw` back, so those turns get their calls written in the family's
 * syntax — otherwise switching modes mid-run would erase the calls from the history the model sees.
 */
function withCallsInRaw(messages: readonly Message[], format: PromptFormat): readonly Message[] {
  return messages.map((m) => {
    if (m.role !== 'assistant' || m.toolCalls.length === 0) return m;
    if (format.parse(m.raw).calls.length > 0) return m;
    const calls = m.toolCalls.map((c) => callText(format, c.name, c.argumentsText));
    return { ...m, raw: [m.content, ...calls].filter((t) => t !== '').join('\n') };
  });
}

function callText(format: PromptFormat, name: string, argumentsText: string): string {
  let args: unknown = argumentsText;
  try {
    args = JSON.parse(argumentsText);
  } catch {
    // Invalid JSON stays a string: that is what the model saw.
  }
  if (format.id === 'llama-3.2') return JSON.stringify({ name, parameters: args });
  return `<tool_call>\n${JSON.stringify({ name, arguments: args })}\n</tool_call>`;
}

/** Formats that send results with role `tool` get the matching `tool_call_id` (vLLM and OpenAI require one). */
function addToolCallIds(wire: Record<string, unknown>[], messages: readonly Message[]): void {
  const results = messages.filter((m) => m.role === 'tool');
  const toolWire = wire.filter((m) => m.role === 'tool');
  if (toolWire.length !== results.length) return;
  toolWire.forEach((m, i) => {
    m.tool_call_id = results[i]!.toolCallId;
  });
}

function namedTool(choice: ToolChoice, tools: readonly ToolDefinition[]): Result {
  if (typeof choice !== 'object' || tools.some((t) => t.name === choice.name)) return ok();
  return err(`Tool choice names "${choice.name}", which is not among the exposed tools.`);
}

function choiceText(choice: ToolChoice): string {
  return typeof choice === 'string' ? choice : `named (${choice.name})`;
}

function mergeExtra(
  body: Record<string, unknown>,
  extra: Readonly<Record<string, unknown>> | undefined,
): Record<string, unknown> {
  if (!extra) return body;
  const merged = { ...body };
  for (const [key, value] of Object.entries(extra)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}
