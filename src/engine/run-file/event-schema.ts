/**
 * zod schemas of the whole event log: every LoopEvent kind, down to the messages, stop reasons, outcomes and
 * advisor observations it carries. Imported files are untrusted, so nothing reaches the reducer unchecked.
 *
 * `eventSchemas()` is keyed by event type; its mapped type makes the compiler refuse a missing kind, and each
 * entry must produce exactly that kind's shape (`z.ZodType<Extract<LoopEvent, …>>`). The tests check the keys
 * against `LOOP_EVENT_TYPES` (the loop's kinds and its extensions') at run time too.
 */
import { z } from 'zod';
import { ADVISOR_HOOKS, ADVISOR_KINDS } from '../advisors/types';
import type { AdvisorConfig } from '../advisors/config';
import { LOOP_CONTROLS } from '../loop/loop-control';
import type { Message, ParseIssue } from '../messages';
import { once } from '../memo';
import { PARSE_ISSUE_KINDS } from '../messages';
import { isIsoDate } from '../protocol/prompt-date';
import { CALL_FORMATS, PROMPT_FORMAT_SOURCES, RUNTIME_KINDS } from '../runtime';
import { ANOMALY_KINDS, MALFORMED_CALL_MODES, OPENAI_FINISH_REASONS } from '../stop-reasons';
import type { ToolDefinition } from '../tool';
import { EXECUTION_EVENT_KINDS, TOOL_SOURCES } from '../tool';
import { DISPOSITIONS } from '../loop/tool-execution';
import { FINISH_REASON_KINDS } from '../loop/run-end';
import type { LoopEvent, LoopEventType, LoopSettings, RunConfig } from '../loop/events';
import { CORE_EVENT_TYPES } from '../loop/events';
import { ADVISOR_EVENT_TYPES } from '../advisors/events';
import { LAB_EVENT_TYPES } from '../lab/events';
import { type Result } from '../result';
import type { StoredTrace, TraceNode } from '../trace-delta';
import { checkNode } from '../trace-delta';
import type { RunEndDetailCode } from '../loop/run-end-details';
import { RUN_END_DETAILS } from '../loop/run-end-details';
import { legacyRunEndDetail } from './legacy-run-end';
import { legacyRuntimeRef } from './legacy-runtime-ref';

function describeNodeProblem(value: unknown): string {
  const checked = checkNode(value);
  return checked.ok ? 'unexpected' : checked.error;
}
import { faultSchema, guardKindSchema, labSettingsSchema, predictionSchema } from '../lab/schema';

// Each vocabulary is written once, in the module that owns it; the schemas take its list.
export { RUNTIME_KINDS } from '../runtime';
export { FINISH_REASON_KINDS } from '../loop/run-end';

const time = z.number().finite();
const count = z.int().nonnegative();

export const toolCallSchema = z.object({
  id: z.string(),
  name: z.string(),
  argumentsText: z.string(),
  parseError: z.string().optional(),
});

const parseIssueSchema = z.object({
  kind: z.enum(PARSE_ISSUE_KINDS),
  recovered: z.boolean(),
  detail: z.string(),
  excerpt: z.string().optional(),
  callId: z.string().optional(),
}) satisfies z.ZodType<ParseIssue>;

export const assistantMessageSchema = z.object({
  role: z.literal('assistant'),
  content: z.string(),
  raw: z.string(),
  toolCalls: z.array(toolCallSchema),
  reasoning: z.string().optional(),
  parseIssues: z.array(parseIssueSchema).optional(),
});

export const toolMessageSchema = z.object({
  role: z.literal('tool'),
  toolCallId: z.string(),
  name: z.string(),
  content: z.string(),
  isError: z.boolean(),
});

export const messageSchema: z.ZodType<Message> = z.discriminatedUnion('role', [
  z.object({ role: z.literal('system'), content: z.string() }),
  z.object({ role: z.literal('user'), content: z.string() }),
  assistantMessageSchema,
  toolMessageSchema,
]);

const usageSchema = z.object({ promptTokens: z.number(), completionTokens: z.number(), estimated: z.boolean() });

const timingsSchema = z.object({
  timeToFirstTokenMs: z.number(),
  totalMs: z.number(),
  prefillTokensPerSecond: z.number().optional(),
  decodeTokensPerSecond: z.number().optional(),
});

const finishReasonSchema = z.enum(OPENAI_FINISH_REASONS);

const modelResponseSchema = z.object({
  raw: z.string(),
  finishReason: finishReasonSchema,
  callFormat: z.enum(CALL_FORMATS).optional(),
  usage: usageSchema.optional(),
  timings: timingsSchema.optional(),
  nativeToolCalls: z.array(toolCallSchema).optional(),
  toolCallIds: z.array(z.string()).optional(),
  // The first trace of a run (or one an older version stored) is whole; every later one is only `delta`: what
  // changed since the trace before it (trace-delta.ts). One object schema, so a problem is named by its field.
  trace: fullTraceSchema()
    .extend({
      delta: z
        .custom<TraceNode>((value) => checkNode(value).ok, {
          error: (issue) => `the prompt trace's change is malformed: ${describeNodeProblem(issue.input)}`,
        })
        .optional(),
    })
    .superRefine((trace, ctx) => {
      if (trace.delta !== undefined && Object.entries(trace).some(([k, v]) => k !== 'delta' && v !== undefined))
        ctx.addIssue({ code: 'custom', message: 'a trace stored as a change has no other fields' });
    })
    // Checked above: whole (the fields of `RequestTrace`) or only `delta`.
    .transform((trace) => trace as StoredTrace)
    .optional(),
  backend: z.string().optional(),
});

function fullTraceSchema() {
  return z.object({
    requestJson: z.unknown().optional(),
    promptText: z.string().optional(),
    promptParts: z.array(z.object({ part: z.string(), tokens: z.number(), text: z.string() })).optional(),
    notes: z.array(z.string()).optional(),
    promptFormat: z.object({ id: z.string(), label: z.string(), source: z.enum(PROMPT_FORMAT_SOURCES) }).optional(),
    toolsSent: z.array(z.string()).optional(),
    promptBuiltBy: z.enum(['app', 'server']).optional(),
    http: z
      .object({
        method: z.string(),
        url: z.string(),
        requestHeaders: z.record(z.string(), z.string()),
        requestBody: z.string(),
        status: z.number().optional(),
        responseText: z.string().optional(),
        responseTruncated: z.boolean().optional(),
      })
      .optional(),
  });
}

const derivedStopSchema = z.object({
  raw: finishReasonSchema,
  derived: finishReasonSchema,
  anomalies: z.array(
    z.object({
      kind: z.enum(ANOMALY_KINDS),
      detail: z.string(),
      // The fields the page words an anomaly from (see `Anomaly`); absent in runs recorded before them.
      count: z.number().int().nonnegative().optional(),
      mode: z.enum(['error-result', 'text']).optional(),
      raw: finishReasonSchema.optional(),
      issues: z.array(z.object({ kind: z.enum(PARSE_ISSUE_KINDS), recovered: z.boolean() })).optional(),
    }),
  ),
});

export const toolDefinitionSchema = z.object({
  name: z.string().min(1),
  description: z.string(),
  inputSchema: z.record(z.string(), z.unknown()),
  returnDirect: z.boolean(),
  needsApproval: z.boolean(),
  source: z.enum(TOOL_SOURCES),
}) satisfies z.ZodType<ToolDefinition>;

export const settingsSchema = z.object({
  pauseBeforeTools: z.boolean(),
  maxRounds: z.int().min(1),
  exceptionMode: z.enum(['send-to-model', 'stop-loop']),
  toolChoice: z.union([z.enum(['auto', 'required', 'none']), z.object({ name: z.string() })]),
  parallelToolCalls: z.boolean(),
  malformedCalls: z.enum(MALFORMED_CALL_MODES).optional(),
  promptDate: z.string().refine(isIsoDate, 'not a date (YYYY-MM-DD)').optional(),
  lab: labSettingsSchema.optional(),
  allowWrite: z.boolean().optional(),
  augmentArguments: z.boolean().optional(),
}) satisfies z.ZodType<LoopSettings>;

/** A run's runtime; one stored before runtimes named their model has it read out of its label (migration). */
export const runtimeRefSchema = z
  .object({ kind: z.enum(RUNTIME_KINDS), label: z.string(), model: z.string().optional() })
  .transform(legacyRuntimeRef);

const advisorKindSchema = z.enum(ADVISOR_KINDS);

/** The advisor chain's configuration (advisors/config.ts): in the workspace, `run-started` and `advisor-chain`. */
export const advisorConfigSchema = z.object({
  advisors: z.array(
    z.object({
      id: z.string().min(1),
      kind: advisorKindSchema,
      order: z.number(),
      enabled: z.boolean(),
      outputSchema: z.record(z.string(), z.unknown()).optional(),
      maxRepeatAttempts: z.int().min(0).optional(),
      shortenToolResults: z.int().min(1).optional(),
    }),
  ),
}) satisfies z.ZodType<AdvisorConfig>;

export const runConfigSchema = z.object({
  system: z.string(),
  tools: z.array(toolDefinitionSchema),
  runtime: runtimeRefSchema,
  settings: settingsSchema,
  scenarioId: z.string().optional(),
  loopControl: z.enum(LOOP_CONTROLS).optional(),
  advisors: advisorConfigSchema.optional(),
}) satisfies z.ZodType<RunConfig>;

const decisionSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('approve') }),
  z.object({ kind: z.literal('edit'), argumentsText: z.string(), rewriteHistory: z.boolean().optional() }),
  z.object({ kind: z.literal('deny'), reason: z.string().optional() }),
  z.object({ kind: z.literal('write'), text: z.string(), isError: z.boolean().optional() }),
]);

const outcomeSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('result'),
    callId: z.string(),
    name: z.string(),
    result: z.object({ text: z.string(), isError: z.boolean(), metadata: z.record(z.string(), z.unknown()) }),
    disposition: z.enum(DISPOSITIONS),
    executed: z.boolean(),
    returnDirect: z.boolean(),
    argumentsText: z.string(),
    startedAt: time,
    durationMs: z.number(),
  }),
  z.object({
    kind: z.literal('stop'),
    callId: z.string(),
    name: z.string(),
    error: z.string(),
    disposition: z.enum(['tool-error', 'unknown-tool']),
    argumentsText: z.string(),
    startedAt: time,
    durationMs: z.number(),
  }),
]);

const advisorDescriptorSchema = z.object({
  name: z.string(),
  kind: advisorKindSchema,
  order: z.number(),
  // Recorded by the validation advisor: the schema and retries the request ran with (optional: older logs lack it).
  validation: z
    .object({ outputSchema: z.record(z.string(), z.unknown()), maxRepeatAttempts: z.number().int().min(0) })
    .optional(),
});

const observationSchema = z.object({
  roles: z.array(z.enum(['system', 'user', 'assistant', 'tool'])),
  summary: z.string(),
  toolCalls: z.array(z.object({ id: z.string(), name: z.string() })).optional(),
  usage: usageSchema.optional(),
  stored: z.array(messageSchema).optional(),
  loaded: z.number().optional(),
  validation: z
    .object({ attempt: z.number(), attempts: z.number().optional(), ok: z.boolean(), errors: z.array(z.string()) })
    .optional(),
  iteration: z.number().optional(),
  reasoning: z.string().optional(),
  shortened: z
    .array(
      z.object({
        callId: z.string(),
        name: z.string(),
        charsBefore: z.number(),
        charsAfter: z.number(),
        tokensBefore: z.number(),
        tokensAfter: z.number(),
      }),
    )
    .optional(),
});

/** Every kind a run file may hold: the loop's own, the advisor loop's and the lab's. */
export const LOOP_EVENT_TYPES: readonly LoopEventType[] = [
  ...CORE_EVENT_TYPES,
  ...ADVISOR_EVENT_TYPES,
  ...LAB_EVENT_TYPES,
];

type EventOf<K extends LoopEventType> = Extract<LoopEvent, { type: K }>;

/** One schema per event kind; the mapped type refuses a missing or mistyped kind at compile time. */
export type EventSchemas = { readonly [K in LoopEventType]: z.ZodType<EventOf<K>> };

/**
 * The event schemas, made on first use: they are about 120 zod schemas, whose construction cost a first load tens
 * of milliseconds, and no event is checked before a stored or imported run is read.
 */
export const eventSchemas: () => EventSchemas = once(() => makeEventSchemas());

const makeEventSchemas = (): EventSchemas => ({
  'run-started': z.object({
    type: z.literal('run-started'),
    at: time,
    runId: z.string().min(1),
    config: runConfigSchema,
  }),
  'user-message': z.object({ type: z.literal('user-message'), at: time, content: z.string() }),
  'settings-changed': z.object({ type: z.literal('settings-changed'), at: time, settings: settingsSchema }),
  'model-called': z.object({
    type: z.literal('model-called'),
    at: time,
    round: count,
    messageCount: count,
    toolNames: z.array(z.string()),
  }),
  'model-responded': z.object({
    type: z.literal('model-responded'),
    at: time,
    round: count,
    response: modelResponseSchema,
    message: assistantMessageSchema,
    stop: derivedStopSchema,
    calls: z.array(toolCallSchema),
  }),
  'model-failed': z.object({ type: z.literal('model-failed'), at: time, round: count, error: z.string() }),
  'tools-paused': z.object({ type: z.literal('tools-paused'), at: time, round: count, callIds: z.array(z.string()) }),
  'call-decided': z.object({ type: z.literal('call-decided'), at: time, callId: z.string(), decision: decisionSchema }),
  'calls-reopened': z.object({
    type: z.literal('calls-reopened'),
    at: time,
    round: count,
    callIds: z.array(z.string()),
    userMessage: z.string(),
  }),
  'call-started': z.object({
    type: z.literal('call-started'),
    at: time,
    round: count,
    callId: z.string(),
    name: z.string(),
    argumentsText: z.string(),
    // A user tool's code version (absent in older runs and for tools without code).
    code: z.object({ version: z.int().min(1), digest: z.string() }).optional(),
  }),
  'execution-event': z.object({
    type: z.literal('execution-event'),
    at: time,
    round: count,
    callId: z.string(),
    name: z.string(),
    kind: z.enum(EXECUTION_EVENT_KINDS),
    detail: z.string().optional(),
  }),
  'call-finished': z.object({ type: z.literal('call-finished'), at: time, round: count, outcome: outcomeSchema }),
  'results-appended': z.object({
    type: z.literal('results-appended'),
    at: time,
    round: count,
    messages: z.array(toolMessageSchema),
  }),
  'advisor-chain': z.object({
    type: z.literal('advisor-chain'),
    at: time,
    advisors: z.array(advisorDescriptorSchema),
    loopOrder: z.number().nullable(),
    conversationHistoryEnabled: z.boolean(),
    config: advisorConfigSchema.optional(),
  }),
  'advisor-invoked': z.object({
    type: z.literal('advisor-invoked'),
    at: time,
    round: count,
    advisor: z.string(),
    kind: advisorKindSchema,
    order: z.number(),
    hook: z.enum(ADVISOR_HOOKS),
    sees: observationSchema,
  }),
  'workspace-changed': z.object({
    type: z.literal('workspace-changed'),
    at: time,
    tools: z.array(toolDefinitionSchema).optional(),
    runtime: runtimeRefSchema.optional(),
  }),
  interrupted: z.object({
    type: z.literal('interrupted'),
    at: time,
    round: count,
    what: z.enum(['model-call', 'tool-batch']),
    callIds: z.array(z.string()),
  }),
  'prediction-made': z.object({
    type: z.literal('prediction-made'),
    at: time,
    round: count,
    prediction: predictionSchema,
  }),
  'fault-injected': z.object({
    type: z.literal('fault-injected'),
    at: time,
    round: count,
    callId: z.string(),
    name: z.string(),
    fault: faultSchema,
    source: z.enum(['tool', 'call']),
  }),
  'guard-tripped': z.object({
    type: z.literal('guard-tripped'),
    at: time,
    round: count,
    guard: guardKindSchema,
    level: z.enum(['warn', 'stop']),
    value: z.number().finite().nonnegative(),
    limit: z.number().finite().nonnegative(),
    key: z.string().optional(),
    nudge: z.string().optional(),
  }),
  'result-id-set': z.object({
    type: z.literal('result-id-set'),
    at: time,
    callId: z.string(),
    sentId: z.string().nullable(),
  }),
  'run-finished': z.object({
    type: z.literal('run-finished'),
    at: time,
    reason: z.enum(FINISH_REASON_KINDS),
    // A coded detail; a text is a tool's or a runtime's error, or an older run's English sentence (read back).
    detail: z
      .union([
        z.object({
          code: z.enum(RUN_END_DETAILS.codes as [RunEndDetailCode, ...RunEndDetailCode[]]),
          values: z.record(z.string(), z.string()).optional(),
        }),
        z.string().transform(legacyRunEndDetail),
      ])
      .optional(),
    finalAnswer: z.string().optional(),
  }),
});

export type EventCheck = Result<LoopEvent>;

/**
 * Validates one event: first its `type` (a clear "unknown kind" message), then the kind's own schema. The
 * error names the event's position and the first problem's path.
 */
export function checkEvent(value: unknown, index: number): EventCheck {
  const where = `Event ${index + 1}`;
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { ok: false, error: `${where} is not an object.` };
  const type = (value as { type?: unknown }).type;
  if (typeof type !== 'string') return { ok: false, error: `${where} has no "type".` };
  const schemas = eventSchemas();
  if (!Object.hasOwn(schemas, type))
    return { ok: false, error: `${where} has an unknown type "${type.slice(0, 60)}".` };
  const parsed = schemas[type as LoopEventType].safeParse(value);
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, error: `${where} (${type}) is malformed: ${describeIssue(parsed.error)}` };
}

export function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'unknown problem';
  const path = issue.path.length > 0 ? issue.path.map(String).join('.') : '(root)';
  return `${path}: ${issue.message}`;
}
