/**
 * The endpoint runtime behind the engine's port: one streamed `POST {base}/chat/completions` per model call to
 * any OpenAI-compatible server. Server-tools mode returns the calls the server assembled as `nativeToolCalls`
 * (the harness checks their arguments); app-protocol mode returns the raw text for the harness's parser. Stop
 * aborts the fetch (the server notices the closed connection and stops generating) and resolves with
 * `finishReason: 'abort'`. Every other failure throws a RuntimeFailure that names its cause and its fix.
 *
 * The trace records the exact HTTP body, the headers (the API key replaced), and the raw SSE stream; the prompt
 * text where the app built it, or that the server built it from its chat template.
 */
import type {
  ChatRuntime,
  FinishReason,
  GenerateOptions,
  HttpExchange,
  ModelRequest,
  ModelResponse,
  PromptFormat,
  PromptSegment,
  Result,
  Timings,
  ToolCall,
  Usage,
} from '../../engine';
import { ok, promptText, RuntimeFailure } from '../../engine';
import { TINY_MODEL_NAME } from '../wllama/gguf/tiny-model';
import { TINY_MODEL_PROFILE } from '../wllama/wllama-runtime';
import type { EndpointAccess, EndpointProblem, ProblemContext } from './connection';
import { classifyFetchFailure, classifyHttpError, problemText, requestHeaders, staticProblem } from './connection';
import type { Constraint, ProtocolMode } from './request-body';
import { CONSTRAINT_LABEL, FORMAT_NAME, PROTOCOL_MODE_LABEL, buildBody } from './request-body';
import type { ServerKind } from './server-kinds';
import { SERVERS } from './server-kinds';
import { SseParser } from './sse';
import type { AssembledResponse, ServerTimings } from './stream-assembler';
import { StreamAssembler } from './stream-assembler';
import { toTimings as serverTimings, toUsage } from '../wllama/wllama-response';

/** Everything one call needs, read from the panel's settings at call time. */
export interface EndpointCallConfig {
  readonly access: EndpointAccess;
  readonly model: string;
  readonly mode: ProtocolMode;
  readonly format: PromptFormat;
  /** True when the format was guessed from the model name rather than chosen. */
  readonly formatGuessed: boolean;
  readonly constraint: Constraint;
  readonly server: ServerKind;
  readonly maxTokens?: number;
  readonly temperature?: number;
  readonly seed?: number;
  readonly extraBody?: Readonly<Record<string, unknown>>;
  readonly pageOrigin: string;
}

export interface EndpointDeps {
  readonly now: () => number;
  readonly fetch?: typeof fetch;
}

/** The raw SSE text kept in the trace is cut here: a long answer must not bloat the run's log. */
export const RAW_STREAM_LIMIT = 256 * 1024;

export const REDACTED_KEY = 'Bearer •••• (kept in this browser only, never recorded)';

/**
 * The runtime: reads the settings at each call (so a mode switch applies to the next Step), remembers the
 * request for the protocol-compare view, and calls the server.
 */
export function createEndpointRuntime(
  label: string,
  config: () => Result<EndpointCallConfig>,
  deps: EndpointDeps,
  onRequest?: (request: ModelRequest) => void,
): ChatRuntime {
  return {
    kind: 'endpoint',
    label,
    previewRequest(request) {
      const current = config();
      if (!current.ok) return current;
      const built = endpointBody(request, current.value);
      // The trace records the body as it went over the wire (JSON text, read back), so the preview does the same.
      return built.ok
        ? ok({ wire: 'openai-chat', body: JSON.parse(JSON.stringify(built.value.body)) as unknown })
        : built;
    },
    async generate(request, options) {
      const current = config();
      if (!current.ok) throw new RuntimeFailure(current.error, 'endpoint-settings');
      onRequest?.(request);
      return callEndpoint(request, current.value, options, deps);
    },
  };
}

/** The HTTP body of one call in the config's mode (what `callEndpoint` posts, and the preview shows). */
function endpointBody(request: ModelRequest, config: EndpointCallConfig) {
  return buildBody(request, {
    model: config.model,
    mode: config.mode,
    format: config.format,
    constraint: config.constraint,
    server: config.server,
    ...(config.maxTokens !== undefined ? { maxTokens: config.maxTokens } : {}),
    ...(config.temperature !== undefined ? { temperature: config.temperature } : {}),
    ...(config.seed !== undefined ? { seed: config.seed } : {}),
    ...(config.extraBody ? { extraBody: config.extraBody } : {}),
    ...(config.model.includes(TINY_MODEL_NAME) ? { grammarLimits: TINY_MODEL_PROFILE.limits } : {}),
  });
}

/** One model call against the server, in the config's mode. Also what the protocol-compare view runs. */
export async function callEndpoint(
  request: ModelRequest,
  config: EndpointCallConfig,
  options: GenerateOptions,
  deps: EndpointDeps,
): Promise<ModelResponse> {
  const fetchImpl = deps.fetch ?? fetch;
  const { access } = config;
  const ctx: ProblemContext = {
    pageOrigin: config.pageOrigin,
    baseUrl: access.baseUrl,
    server: config.server,
    model: config.model,
    action: 'POST /chat/completions',
  };
  const fail = (problem: EndpointProblem, detail?: string): never => {
    throw new RuntimeFailure(problemText(problem, ctx), `endpoint-${problem.kind}`, detail);
  };
  const built = endpointBody(request, config);
  if (!built.ok) throw new RuntimeFailure(built.error, 'endpoint-request');
  const early = staticProblem(config.pageOrigin, access.baseUrl);
  if (early) fail(early);

  const url = `${access.baseUrl}/chat/completions`;
  const requestBody = JSON.stringify(built.value.body);
  const headers = requestHeaders(access.apiKey, true);
  const exchange: { -readonly [K in keyof HttpExchange]: HttpExchange[K] } = {
    method: 'POST',
    url,
    requestHeaders: headers.Authorization ? { ...headers, Authorization: REDACTED_KEY } : headers,
    requestBody,
  };
  const app = config.mode === 'app-protocol';
  const notes: string[] = [
    `Protocol mode: ${PROTOCOL_MODE_LABEL[config.mode]} — ` +
      (app
        ? `no \`tools\` field; the tools are rendered into the messages in the ${FORMAT_NAME[config.format.id]} format` +
          `${config.formatGuessed ? ' (guessed from the model name)' : ''} and the app parses the reply.`
        : 'the tools go in the `tools` field; the server renders them with its chat template and parses the calls.'),
    ...(app ? [`Output constraint: ${CONSTRAINT_LABEL[config.constraint]}.`] : []),
    ...built.value.notes,
  ];
  if (app) {
    notes.push(
      'The server wraps these messages in its own chat template: the text below is what it builds when that ' +
        `template is ${FORMAT_NAME[config.format.id]}'s (the prompt text itself never comes back from the server).`,
    );
  }

  // Time-outs: until the answer starts, and then between two pieces of the stream.
  const timeout = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => timeout.abort(), access.timeoutS * 1000);
  };
  const signal = AbortSignal.any([options.signal, timeout.signal]);
  const started = deps.now();
  let firstTokenAt: number | null = null;
  const assembler = new StreamAssembler();
  const parser = new SseParser();
  let rawStream = '';
  let truncated = false;
  const preview = previewWriter(options.onDelta);

  const response = (assembled: AssembledResponse, finish: FinishReason): ModelResponse => {
    const end = deps.now();
    exchange.responseText = rawStream;
    if (truncated) exchange.responseTruncated = true;
    return toModelResponse(assembled, finish, {
      request,
      config,
      timing: { started, firstTokenAt, end },
      notes: [...notes, ...assembled.notes],
      exchange,
      promptSegments: built.value.promptSegments,
    });
  };

  if (options.signal.aborted) return response(assembler.finish(), 'abort');
  arm();
  let http: Response;
  try {
    http = await fetchImpl(url, { method: 'POST', headers, body: requestBody, signal, cache: 'no-store' });
  } catch {
    clearTimeout(timer);
    if (options.signal.aborted) return response(assembler.finish(), 'abort');
    return fail(
      await classifyFetchFailure(access.baseUrl, config.pageOrigin, timeout.signal.aborted, access.timeoutS, fetchImpl),
    );
  }
  exchange.status = http.status;
  if (!http.ok || !http.body) {
    clearTimeout(timer);
    const text = await http.text().catch(() => '');
    return fail(classifyHttpError(http.status, text, http.headers.get('Retry-After'), 'chat'), text);
  }

  const reader = http.body.pipeThrough(new TextDecoderStream()).getReader();
  let interrupted: string | undefined;
  try {
    for (;;) {
      arm();
      const { done, value } = await reader.read();
      if (done) break;
      if (rawStream.length < RAW_STREAM_LIMIT) rawStream += value.slice(0, RAW_STREAM_LIMIT - rawStream.length);
      else truncated = true;
      for (const event of parser.push(value)) {
        for (const delta of assembler.push(event)) {
          if (firstTokenAt === null) firstTokenAt = deps.now();
          preview(delta);
        }
      }
    }
    for (const event of parser.end()) assembler.push(event);
  } catch (error) {
    if (options.signal.aborted) {
      clearTimeout(timer);
      return response(assembler.finish(), 'abort');
    }
    if (timeout.signal.aborted) fail({ kind: 'timeout', seconds: access.timeoutS }, rawStream);
    interrupted = error instanceof Error ? error.message : String(error);
  } finally {
    clearTimeout(timer);
  }
  const assembled = assembler.finish(interrupted);
  if (assembled.problem?.kind === 'server-error') {
    throw new RuntimeFailure(
      `The server reported an error mid-stream: “${assembled.problem.message}”. Its own log says more; Step again to retry.`,
      'endpoint-stream-error',
      rawStream,
    );
  }
  if (assembled.problem?.kind === 'cut') {
    throw new RuntimeFailure(
      `The connection was cut mid-stream (${assembled.problem.detail}) after ${assembled.content.length} characters of ` +
        'the answer, so nothing of this call is kept. Is the server still running? Step again to retry.',
      'endpoint-stream-cut',
      rawStream,
    );
  }
  return response(assembled, toFinishReason(assembled.finishReason));
}

/** Writes the live view: reasoning inside `<think>`, text as it comes, server-parsed calls as readable lines. */
function previewWriter(onDelta: (text: string) => void) {
  let inThink = false;
  let wrote = false;
  let call = -1;
  return (delta: ReturnType<StreamAssembler['push']>[number]) => {
    switch (delta.kind) {
      case 'reasoning':
        onDelta((inThink ? '' : '<think>') + delta.text);
        inThink = true;
        break;
      case 'content':
        onDelta((inThink ? '</think>\n\n' : '') + delta.text);
        inThink = false;
        break;
      case 'tool-call':
        if (delta.position !== call) {
          onDelta(
            `${inThink ? '</think>\n\n' : wrote ? '\n' : ''}[server tool call ${delta.position + 1}: ${delta.name}] `,
          );
          inThink = false;
          call = delta.position;
        }
        onDelta(delta.argumentsText);
        break;
    }
    wrote = true;
  };
}

/** The server's finish reason on the port's scale; anything unknown reads as `stop` (the trace keeps the original). */
export function toFinishReason(reason: string | null): FinishReason {
  switch (reason) {
    case 'length':
    case 'content_filter':
    case 'tool_calls':
      return reason;
    case 'function_call':
      return 'tool_calls';
    default:
      return 'stop';
  }
}

interface ResponseContext {
  readonly request: ModelRequest;
  readonly config: EndpointCallConfig;
  readonly timing: { readonly started: number; readonly firstTokenAt: number | null; readonly end: number };
  readonly notes: readonly string[];
  readonly exchange: HttpExchange;
  /** App protocol: the prompt the app rendered; null when the server built it. */
  readonly promptSegments: readonly PromptSegment[] | null;
}

function toModelResponse(assembled: AssembledResponse, finish: FinishReason, ctx: ResponseContext): ModelResponse {
  const { config, request } = ctx;
  const notes = [...ctx.notes];
  const raw = (assembled.reasoning !== '' ? `<think>${assembled.reasoning}</think>\n\n` : '') + assembled.content;
  if (assembled.reasoning !== '') {
    notes.push(
      'The server sent the reasoning apart (reasoning_content); the app put it back in <think> for the transcript.',
    );
  }
  if (finish !== 'abort' && assembled.finishReason !== null && assembled.finishReason !== finish) {
    notes.push(`The server's finish_reason "${assembled.finishReason}" is read as "${finish}".`);
  }
  let nativeToolCalls: ToolCall[] | undefined;
  if (config.mode === 'server-tools') {
    if (assembled.toolCalls.length > 0) {
      nativeToolCalls = assembled.toolCalls.map((c) => ({
        id: c.id ?? `call_${request.round}_${c.position + 1}`,
        name: c.name,
        argumentsText: c.argumentsText,
      }));
      if (assembled.toolCalls.some((c) => c.id === null))
        notes.push('The server sent calls without ids: the app named them.');
    } else if (/<tool_call>|<\|tool_call_start\|>|"name"\s*:/.test(assembled.content)) {
      notes.push(
        'The server returned this as plain text: its chat-template parser found no tool call in it. In app-protocol mode the app would parse it itself.',
      );
    }
  }
  const usage = toUsage(assembled.usage, assembled.timings ?? undefined);
  if (!assembled.usage && finish !== 'abort') {
    notes.push(
      usage
        ? 'The server sent no `usage`: the token counts come from its timings.'
        : 'The server sent no `usage` (stream_options.include_usage): no token counts for this call.',
    );
  }
  const timings = toTimings(assembled.timings, usage, ctx.timing);
  notes.push(timingNote(assembled.timings, timings, usage));
  const server = SERVERS[config.server];
  const promptTextValue = ctx.promptSegments ? promptText(ctx.promptSegments) : undefined;
  return {
    raw,
    finishReason: finish,
    ...(usage ? { usage } : {}),
    timings,
    ...(nativeToolCalls ? { nativeToolCalls } : {}),
    // App protocol: the harness parses `raw` with this family's own parser (Llama's bare JSON, or the tags).
    ...(config.mode === 'app-protocol' ? { callFormat: config.format.callFormat } : {}),
    trace: {
      requestJson: JSON.parse(ctx.exchange.requestBody) as unknown,
      ...(promptTextValue !== undefined ? { promptText: promptTextValue } : {}),
      promptBuiltBy: promptTextValue !== undefined ? 'app' : 'server',
      notes,
      http: ctx.exchange,
    },
    backend:
      `${server.label} · ${PROTOCOL_MODE_LABEL[config.mode]}` +
      (config.mode === 'app-protocol'
        ? ` (${FORMAT_NAME[config.format.id]}, ${constraintShort(config.constraint)})`
        : ''),
  };
}

function constraintShort(constraint: Constraint): string {
  return constraint === 'none' ? 'unconstrained' : constraint === 'grammar' ? 'GBNF' : 'JSON schema';
}

/**
 * Time to first token and total are measured by the app (from the request to the first streamed piece).
 * Prefill and decode speeds are the server's own numbers where it reports them (llama.cpp's `timings`);
 * otherwise decode speed is measured by the app: completion tokens over the time after the first token.
 */
export function toTimings(
  server: ServerTimings | null,
  usage: Usage | undefined,
  t: { readonly started: number; readonly firstTokenAt: number | null; readonly end: number },
): Timings {
  const measured = serverTimings(server ?? undefined, {
    timeToFirstTokenMs: (t.firstTokenAt ?? t.end) - t.started,
    totalMs: t.end - t.started,
  });
  if (measured.decodeTokensPerSecond !== undefined) return measured;
  const decodeMs = t.firstTokenAt === null ? 0 : t.end - t.firstTokenAt;
  if (!usage || usage.completionTokens <= 1 || decodeMs <= 0) return measured;
  return { ...measured, decodeTokensPerSecond: ((usage.completionTokens - 1) * 1000) / decodeMs };
}

function timingNote(server: ServerTimings | null, timings: Timings, usage: Usage | undefined): string {
  const app = `Timings: time to first token ${Math.round(timings.timeToFirstTokenMs)} ms and total ${Math.round(timings.totalMs)} ms, measured by the app`;
  if (server && positive(server.predicted_per_second) !== undefined) {
    return (
      `${app}; prefill ${fmt(server.prompt_per_second)} and decode ${fmt(server.predicted_per_second)} tok/s ` +
      `from the server's own timings (${server.prompt_n ?? '?'} prompt tokens evaluated, ${server.cache_n ?? 0} from its cache).`
    );
  }
  return timings.decodeTokensPerSecond !== undefined && usage
    ? `${app}; decode ${fmt(timings.decodeTokensPerSecond)} tok/s measured by the app from ${usage.completionTokens} tokens (the server reports no timings).`
    : `${app}; no decode speed (no token counts).`;
}

function fmt(value: number | undefined): string {
  return value === undefined ? '?' : value.toFixed(1);
}

function positive(value: number | undefined): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined;
}
