/**
 * The run file: one JSON document that carries a run anywhere — its event log (the source of truth), the tools'
 * definitions, optionally the user tools' code, the runtime and the settings. Importing it back gives the same
 * transcript with no GPU, because every view is a projection of the log.
 *
 * The document has a format tag and a version. Older versions are migrated step by step (`MIGRATIONS`); a newer
 * version is refused with a message that says so. Everything is validated with zod; every failure is a
 * sentence for the UI, never an exception. Imported text is data only: nothing in it is executed here, and
 * message text that looks like HTML is flagged so the UI can say it is shown as plain text.
 */
import { z } from 'zod';
import type { LoopEvent, LoopSettings, RunConfig } from '../loop/events';
import { replay } from '../loop/state';
import type { NoticePart, RunNoticeCode } from '../loop/notices';
import { noticePartText, part } from '../loop/notices';
import { toolsOfRun } from '../loop/projections';
import type { ToolDefinition } from '../tool';
import type { UserToolSpec } from '../user-tools/spec';
import { userToolSpecSchema } from '../user-tools/spec';
import { describeNonJson, jsonKind } from '../user-tools/file-kind';
import { checkEvent, describeIssue, runtimeRefSchema, settingsSchema, toolDefinitionSchema } from './event-schema';
import { assertNever, type Result } from '../result';
import { TraceChain, traceChainProblem } from '../loop/prompt-trace';

export const RUN_FILE_FORMAT = 'tool-loop-playground/run';
/**
 * Version 2 stores every prompt trace after a run's first as what changed since the one before it
 * (`trace-delta.ts`), so a file grows linearly with its run; version 1 stored each trace whole.
 */
export const RUN_FILE_VERSION = 2;
/** Larger files are refused before parsing: a run of the playground is a few hundred kilobytes. */
export const MAX_RUN_FILE_CHARS = 25_000_000;

export interface RunFileRun {
  readonly runId: string;
  readonly title: string;
  readonly createdAt: number;
  readonly scenarioId?: string;
  /** Set on a fork: the run it branched from and how many of its events it kept. */
  readonly parent?: { readonly runId: string; readonly eventCount: number };
  readonly events: readonly LoopEvent[];
}

export interface RunFile {
  readonly format: typeof RUN_FILE_FORMAT;
  readonly version: typeof RUN_FILE_VERSION;
  readonly exportedAt: string;
  readonly run: RunFileRun;
  /** The definitions of the run's tools (what the model saw), as the run started. */
  readonly tools: readonly ToolDefinition[];
  /** The runtime the run started with. */
  readonly runtime: RunConfig['runtime'];
  /** The settings in force at the end of the log. */
  readonly settings: LoopSettings;
  /** The user tools' full specs, code included; only when the person exporting agreed. */
  readonly toolCode?: readonly UserToolSpec[];
}

export interface BuildRunFileInput {
  readonly run: RunFileRun;
  /** User tool specs whose code may go into the file; only those the run used are kept. Omit to leave code out. */
  readonly toolCode?: readonly UserToolSpec[];
  readonly now: number;
}

export type Built = Result<{ readonly file: RunFile; readonly text: string }>;

/** Builds the file of a run. Refuses a log that does not start with run-started. */
export function buildRunFile(input: BuildRunFileInput): Built {
  const first = input.run.events[0];
  if (first?.type !== 'run-started')
    return { ok: false, error: 'This run has no events to export yet: send a message first.' };
  const state = replay(input.run.events);
  const tools = toolsOfRun(input.run.events);
  const used = new Set(tools.map((t) => t.name));
  const toolCode = input.toolCode?.filter((spec) => used.has(spec.name));
  const file: RunFile = {
    format: RUN_FILE_FORMAT,
    version: RUN_FILE_VERSION,
    exportedAt: new Date(input.now).toISOString(),
    run: input.run,
    tools,
    runtime: first.config.runtime,
    settings: state.settings ?? first.config.settings,
    ...(toolCode !== undefined ? { toolCode } : {}),
  };
  return { ok: true, value: { file, text: JSON.stringify(file, null, 2) } };
}

// ── reading ──────────────────────────────────────────────────────────────────────────────────────────────

export type ImportedRun =
  | {
      readonly ok: true;
      readonly value: {
        readonly file: RunFile;
        /** Things the person should know that do not stop the import (HTML-looking text, unused code…), in English. */
        readonly warnings: readonly string[];
        /** The same warnings as codes the page words (`warnings[i]` is `noticePartText(warningParts[i])`). */
        readonly warningParts: readonly NoticePart[];
        /** The version the file was written in, when it was migrated. */
        readonly migratedFrom?: number;
      };
    }
  | {
      readonly ok: false;
      /** Why, in English (`noticePartText(problem)`). */
      readonly error: string;
      /** Why, as a code the page words (the `engine` catalog's `notice.<code>`). */
      readonly problem: NoticePart;
    };

/** A refusal of the file: its code and values, and their English sentence. */
function refused(code: RunNoticeCode, values?: Readonly<Record<string, string>>): ImportedRun {
  const problem = part(code, values);
  return { ok: false, error: noticePartText(problem), problem };
}

const envelopeSchema = z.object({ format: z.string(), version: z.number() });

const runFileSchema = z.object({
  format: z.literal(RUN_FILE_FORMAT),
  version: z.literal(RUN_FILE_VERSION),
  exportedAt: z.string(),
  run: z.object({
    runId: z.string().min(1),
    title: z.string(),
    createdAt: z.number(),
    scenarioId: z.string().optional(),
    parent: z.object({ runId: z.string(), eventCount: z.int().nonnegative() }).optional(),
    events: z.array(z.unknown()).min(1, 'The run has no events.'),
  }),
  tools: z.array(toolDefinitionSchema),
  runtime: runtimeRefSchema,
  settings: settingsSchema,
  toolCode: z.array(z.unknown()).optional(),
});

/**
 * Migrations from version N to N + 1, applied in order. Version 0 is a bare stored run — the IndexedDB record
 * `{runId, title, createdAt, updatedAt, events, …}` with no envelope, e.g. copied out of the browser's
 * developer tools — which gets the envelope and the tool, runtime and settings sections from its log.
 */
export const MIGRATIONS: Readonly<Record<number, (doc: Record<string, unknown>) => Record<string, unknown>>> = {
  0: (doc) => {
    const events = Array.isArray(doc.events) ? doc.events : [];
    const first = events[0] as { type?: unknown; config?: Partial<RunConfig> } | undefined;
    const config = first?.type === 'run-started' ? first.config : undefined;
    const lastSettings = [...events]
      .reverse()
      .find(
        (e): e is { settings: unknown } =>
          typeof e === 'object' && e !== null && (e as { type?: unknown }).type === 'settings-changed',
      );
    return {
      format: RUN_FILE_FORMAT,
      version: 1,
      exportedAt: typeof doc.updatedAt === 'number' ? new Date(doc.updatedAt).toISOString() : '',
      run: {
        runId: doc.runId,
        title: typeof doc.title === 'string' ? doc.title : '',
        createdAt: typeof doc.createdAt === 'number' ? doc.createdAt : 0,
        ...(doc.scenarioId !== undefined ? { scenarioId: doc.scenarioId } : {}),
        ...(doc.parent !== undefined ? { parent: doc.parent } : {}),
        events,
      },
      tools: config?.tools,
      runtime: config?.runtime,
      settings: lastSettings?.settings ?? config?.settings,
    };
  },
  // Version 1 stored each prompt trace whole: keep the first, store every later one as a change from the one
  // before (what the event log itself does since version 2). Events it cannot read are left for validation.
  1: (doc) => {
    const run = isRecord(doc.run) ? doc.run : undefined;
    const events = Array.isArray(run?.events) ? (run.events as unknown[]) : undefined;
    if (!run || !events) return { ...doc, version: 2 };
    const chain = new TraceChain();
    const stored = events.map((event) => (hasTrace(event) ? chain.store(event as LoopEvent) : event));
    return { ...doc, version: 2, run: { ...run, events: stored } };
  },
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A `model-responded` event (unchecked) with a trace: whole as version 1 wrote it, or already a change. */
function hasTrace(event: unknown): boolean {
  if (!isRecord(event) || event.type !== 'model-responded' || !isRecord(event.response)) return false;
  return isRecord(event.response.trace);
}

/** Parses and validates a run file's text. Never throws. */
export function parseRunFile(text: string): ImportedRun {
  if (text.length > MAX_RUN_FILE_CHARS) {
    return refused('fileTooLarge', {
      size: String(Math.round(text.length / 1e6)),
      max: String(MAX_RUN_FILE_CHARS / 1e6),
    });
  }
  if (text.trim() === '') return refused('fileEmpty');
  const nonJson = describeNonJson(text);
  if (nonJson) return refused('fileNotJson', { detail: nonJson });
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const truncated = /end of (json )?input|unterminated|unexpected end/i.test(reason) || !/[}\]]\s*$/.test(text);
    return refused(truncated ? 'fileTruncated' : 'fileInvalidJson', { detail: reason });
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    if (jsonKind(value) === 'mcp-tools-list') return refused('fileIsMcpList');
    return refused('fileNotObject');
  }
  let doc = value as Record<string, unknown>;
  let version: number;
  let migratedFrom: number | undefined;
  if (!('format' in doc) && Array.isArray(doc.events) && typeof doc.runId === 'string') {
    version = 0;
  } else {
    const envelope = envelopeSchema.safeParse(doc);
    if (!envelope.success || envelope.data.format !== RUN_FILE_FORMAT) {
      const kind = jsonKind(doc);
      if (kind === 'tools-file') return refused('fileIsToolsFile');
      if (kind === 'mcp-tools-list') return refused('fileIsMcpList');
      if (doc.format === RUN_FILE_FORMAT)
        return refused('fileNoVersion', { found: String(JSON.stringify(doc.version)) });
      return refused('fileWrongFormat', { format: RUN_FILE_FORMAT });
    }
    version = envelope.data.version;
  }
  if (!Number.isInteger(version) || version < 0) return refused('fileUnknownVersion', { version: String(version) });
  if (version > RUN_FILE_VERSION) {
    return refused('fileTooNew', { version: String(version), max: String(RUN_FILE_VERSION) });
  }
  if (version < RUN_FILE_VERSION) migratedFrom = version;
  while (version < RUN_FILE_VERSION) {
    const migrate = MIGRATIONS[version];
    if (!migrate) return refused('fileNoMigration', { version: String(version) });
    doc = migrate(doc);
    version += 1;
  }
  return validateCurrent(doc, migratedFrom);
}

function validateCurrent(doc: Record<string, unknown>, migratedFrom: number | undefined): ImportedRun {
  const parsed = runFileSchema.safeParse(doc);
  if (!parsed.success) return refused('fileMalformed', { detail: describeIssue(parsed.error) });
  const data = parsed.data;

  const events: LoopEvent[] = [];
  for (const [index, raw] of data.run.events.entries()) {
    const checked = checkEvent(raw, index);
    if (!checked.ok) return eventRefused(raw, index, checked.error);
    events.push(checked.value);
  }
  const chainProblem = traceChainProblem(events);
  if (chainProblem !== null) return refused('tracesDamaged', { detail: chainProblem });
  const first = events[0]!;
  if (first.type !== 'run-started') return refused('logNoStart');
  const extraStart = events.findIndex((e, i) => i > 0 && e.type === 'run-started');
  if (extraStart > 0) return refused('secondRun', { n: String(extraStart + 1) });
  if (first.runId !== data.run.runId) return refused('idMismatch', { runId: data.run.runId, logId: first.runId });

  const duplicate =
    firstDuplicate(first.config.tools.map((t) => t.name)) ?? firstDuplicate(data.tools.map((t) => t.name));
  if (duplicate !== null) return refused('duplicateTool', { name: duplicate });

  const warningParts: NoticePart[] = [];
  if (migratedFrom !== undefined) warningParts.push(part('migrated', { version: String(migratedFrom) }));
  const toolCode: UserToolSpec[] = [];
  if (data.toolCode) {
    for (const [index, raw] of data.toolCode.entries()) {
      const spec = userToolSpecSchema.safeParse(raw);
      if (!spec.success)
        return refused('toolCodeMalformed', { n: String(index + 1), detail: describeIssue(spec.error) });
      toolCode.push(spec.data);
    }
    const codeDuplicate = firstDuplicate(toolCode.map((s) => s.name));
    if (codeDuplicate !== null) return refused('toolCodeDuplicate', { name: codeDuplicate });
    const known = new Set(data.tools.map((t) => t.name));
    for (const spec of toolCode) {
      if (!known.has(spec.name)) warningParts.push(part('unusedCode', { name: spec.name }));
    }
  }

  const markup = findMarkup(events);
  if (markup) warningParts.push(part('markup', { detail: markup }));

  const file: RunFile = {
    format: RUN_FILE_FORMAT,
    version: RUN_FILE_VERSION,
    exportedAt: data.exportedAt,
    run: {
      runId: data.run.runId,
      title: data.run.title,
      createdAt: data.run.createdAt,
      ...(data.run.scenarioId !== undefined ? { scenarioId: data.run.scenarioId } : {}),
      ...(data.run.parent !== undefined ? { parent: data.run.parent } : {}),
      events,
    },
    tools: data.tools,
    runtime: data.runtime,
    settings: data.settings,
    ...(data.toolCode ? { toolCode } : {}),
  };
  return {
    ok: true,
    value: {
      file,
      warnings: warningParts.map(noticePartText),
      warningParts,
      ...(migratedFrom !== undefined ? { migratedFrom } : {}),
    },
  };
}

/** A refused event, coded by which of `checkEvent`'s checks it failed (the schema's own words kept as `detail`). */
function eventRefused(raw: unknown, index: number, error: string): ImportedRun {
  const n = String(index + 1);
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return refused('eventNotObject', { n });
  const type = (raw as { type?: unknown }).type;
  if (typeof type !== 'string') return refused('eventNoType', { n });
  const malformed = `Event ${n} (${type}) is malformed: `;
  if (error.startsWith(malformed)) return refused('eventMalformed', { n, type, detail: error.slice(malformed.length) });
  return refused('eventUnknownType', { n, type: type.slice(0, 60) });
}

function firstDuplicate(names: readonly string[]): string | null {
  const seen = new Set<string>();
  for (const name of names) {
    if (seen.has(name)) return name;
    seen.add(name);
  }
  return null;
}

const MARKUP =
  /<\s*\/?\s*(script|iframe|img|svg|object|embed|style|link|meta|form|a|body|html)\b[^>]*>|\bon[a-z]+\s*=|javascript:/i;

/** Where the first HTML-looking text is (a message, a tool result…), or null. */
export function findMarkup(events: readonly LoopEvent[]): string | null {
  const texts: [string, string][] = [];
  for (const [index, event] of events.entries()) {
    const at = `event ${index + 1}`;
    switch (event.type) {
      case 'run-started':
        texts.push([`the system prompt`, event.config.system]);
        for (const tool of event.config.tools) texts.push([`the description of ${tool.name}`, tool.description]);
        break;
      case 'user-message':
        texts.push([`a user message (${at})`, event.content]);
        break;
      case 'calls-reopened':
        texts.push([`a user message (${at})`, event.userMessage]);
        break;
      case 'model-responded':
        texts.push([`an assistant message (${at})`, event.response.raw]);
        break;
      case 'results-appended':
        for (const m of event.messages) texts.push([`a tool result (${at})`, m.content]);
        break;
      case 'run-finished':
        texts.push([`the final answer (${at})`, `${event.finalAnswer ?? ''} ${event.detail ?? ''}`]);
        break;
      case 'model-failed':
        texts.push([`an error (${at})`, event.error]);
        break;
      case 'call-decided':
        if (event.decision.kind === 'write') texts.push([`a hand-written result (${at})`, event.decision.text]);
        break;
      case 'workspace-changed':
        for (const tool of event.tools ?? []) texts.push([`the description of ${tool.name}`, tool.description]);
        break;
      case 'guard-tripped':
        texts.push([`a loop guard's message (${at})`, `${event.nudge ?? ''} ${event.key ?? ''}`]);
        break;
      case 'prediction-made':
        texts.push([`a prediction (${at})`, JSON.stringify(event.prediction)]);
        break;
      case 'fault-injected':
        texts.push([`an injected fault (${at})`, `${event.name} ${event.callId}`]);
        break;
      case 'result-id-set':
        texts.push([`a result id (${at})`, `${event.callId} ${event.sentId ?? ''}`]);
        break;
      case 'execution-event':
        if (event.detail !== undefined) texts.push([`an execution-service event (${at})`, event.detail]);
        break;
      case 'settings-changed':
      case 'model-called':
      case 'tools-paused':
      case 'call-started':
      case 'call-finished':
      case 'advisor-chain':
      case 'advisor-invoked':
      case 'interrupted':
        break;
      default:
        return assertNever(event);
    }
  }
  const hit = texts.find(([, text]) => MARKUP.test(text));
  return hit ? `in ${hit[0]}` : null;
}
