/**
 * The engine's public entry: everything other layers (runtimes, store, UI, persistence, sandbox, tokenizers, MCP),
 * the benches and outside tools (the shared side-by-side runner) use of `src/engine/`. Outside the engine, import
 * only from here (ESLint refuses a path into the engine's folders); inside it, never import this file (a module
 * names the module it needs, so the engine's own layers stay visible and cycle-free).
 *
 * The names are stable: `index.test.ts` imports the ones outside tools rely on. A name the page needs and this file
 * lacks is added here, beside its module's line.
 */

// The core: messages, tools, the runtime port, stop reasons, tool execution, prompt traces and results.
export { toOpenAIMessages } from './messages';
export type { Message, ParseIssue, ToolCall } from './messages';
export { memoByKey, once, onceLoaded } from './memo';
export { createPrng } from './prng';
export { diffRound } from './prompt-diff/prompt-diff';
export type { ChangeReason, DiffPiece, SegmentDiff } from './prompt-diff/prompt-diff';
export { roundPrompts, roundTokens } from './prompt-diff/prompt-segments';
export type { PromptSegment as RoundPromptSegment, RoundPrompt, RoundTokens } from './prompt-diff/prompt-segments';
export { PART_LABELS, checkPrefixExtension, partTotals, roundResponses, withFullTraces } from './loop/prompt-trace';
export type { EventWithFullTrace, PrefixCheck } from './loop/prompt-trace';
export { defineMessages, fillTemplate, placeholdersOf } from './coded';
export type { Coded, CodedNotice, MessageValues, Messages, Template } from './coded';
export { assertNever, err, ok } from './result';
export type { Result } from './result';
export { roundTimelines } from './loop/round-timeline';
export type { RoundTimeline, SpanKind, TimelineSpan } from './loop/round-timeline';
export { RuntimeFailure, TINY_TEST_MODEL } from './runtime';
export type {
  ChatRuntime,
  GenerateOptions,
  HttpExchange,
  ModelRequest,
  ModelResponse,
  PromptFormatSource,
  RequestPreview,
  RuntimeKind,
  RuntimeRef,
  Timings,
  ToolChoice,
  Usage,
  WireFormat,
} from './runtime';
export {
  ANTHROPIC_STOP_REASONS,
  OPENAI_FINISH_REASONS,
  toAnthropicStopReason,
  toOpenAIFinishReason,
} from './stop-reasons';
export type { Anomaly, DerivedStop, FinishReason } from './stop-reasons';
export { ToolFailure, defineTool, errorMessage, jsonSchemaValidator, toDefinition } from './tool';
export type { JsonSchema, Tool, ToolContext, ToolDefinition, ToolLanguage, ToolResult, ValidationResult } from './tool';
export { parseArguments } from './loop/tool-execution';
export type { CallDecision, CallOutcome, ExceptionMode } from './loop/tool-execution';

// Advisors: Spring AI's chain, the advisor-controlled loop and its projections.
export { runToCompletion } from './advisors/compare';
export type { ComparisonSource } from './advisors/compare';
export { DEFAULT_ADVISOR_CONFIG, advisorsOf, chainOfRun } from './advisors/config';
export { AdvisorLoopController } from './advisors/controller';
export {
  codeDigest,
  codeVersionsByCall,
  lastCodeVersion,
  nextCodeVersion,
  pendingCodeChange,
} from './loop/code-versions';
export type { CodeVersion } from './loop/code-versions';
export { ADVISOR_EVENT_TYPES, ADVISOR_TURN_ACTION_KINDS, advisorEvents, validationRejections } from './advisors/events';
export type { AdvisorTurnAction, ValidationRejection } from './advisors/events';
export type { AdvisorEvent } from './advisors/events';
export { HIGHEST_PRECEDENCE, LOWEST_PRECEDENCE, formatOrder, formatOrderShort, parseOrder } from './advisors/order';
export {
  chainActivity,
  loopMetrics,
  memoryContents,
  memoryStores,
  timesRan,
  validationReports,
} from './advisors/projections';
export type { ActivityScope, AdvisorActivity, LoopMetrics, ValidationReport } from './advisors/projections';
export { sequenceDiagram, toMermaid } from './advisors/sequence';
export type { SequenceDiagram, SequenceMessage } from './advisors/sequence';
export {
  DEFAULT_OUTPUT_SCHEMA,
  FAILING_DEMO_SCHEMA,
  advisorNames,
  assignLanes,
  checkAdvisorConfig,
  loopOrderOf,
  moveOrder,
  parseOutputSchema,
} from './advisors/setup';
export type { AdvisorConfig, AdvisorSpec, Lane } from './advisors/setup';
export { DEFAULT_SHORTEN_LIMIT } from './advisors/shorten-results';
export { ADVISOR_HOOKS, ADVISOR_KINDS } from './advisors/types';
export type { AdvisorHook, AdvisorKind } from './advisors/types';

// Parameter augmentation (innerThought / confidence).
export { augmentTool, augmentationOf } from './augmentation/augmented-tool';

// Show code: the run as a program for each target.
export { CODE_TARGETS, generateProgram } from './codegen';
export type { CodeTarget } from './codegen';
export { lacksProperties } from './codegen/schema';

// The teaching lab: predict mode, guards, faults, the id lesson, schema checks, dependencies.
export { injectFault, predict, setResultId } from './lab/commands';
export { runDependencies } from './lab/dependencies';
export { LAB_EVENT_TYPES, LAB_TURN_ACTION_KINDS } from './lab/events';
export type { LabEvent, LabNote, LabState, LabTurnAction } from './lab/events';
export { awaitingPrediction, chosenFault, labExtension, labState, resultIdsOf } from './lab/extension';
export { HUGE_SIZES, defaultFault } from './lab/faults';
export { guardMeters } from './lab/guards';
export { apiVerdicts, suggestWrongId, templateView } from './lab/id-pairing';
export { POINTS_PER_TURN, predictionDue, predictionSummary } from './lab/predict';
export type { PredictionScore } from './lab/predict';
export { checkArguments, describeWant, repairDraft, validationErrorText } from './lab/schema-check';
export type { ArgumentIssue, WantWords } from './lab/schema-check';
export { FAULT_KINDS, GUARDS_OFF } from './lab/types';
export type {
  Fault,
  FaultKind,
  FaultSource,
  GuardKind,
  GuardSettings,
  LabSettings,
  PredictedCall,
  Prediction,
} from './lab/types';

// The manual loop: events, state, controllers, the next request, projections, refusals and notices.
export { LoopController } from './loop/controller';
export type { CommandResult, WorkspaceSnapshot } from './loop/controller-core';
export { danglingCalls } from './loop/dangling-calls';
export type { DanglingChoice } from './loop/dangling-calls';
export { argumentsDiff, isDecidable, nextToApprove } from './loop/decisions';
export { EventLog } from './loop/event-log';
export type { LoopListener, RunLog } from './loop/event-log';
export { CORE_EVENT_TYPES, DEFAULT_SETTINGS } from './loop/events';
export type { CoreEvent, ExtensionEvent, LoopEvent, LoopSettings } from './loop/events';
export { NO_EXTENSIONS, withExtension } from './loop/extension';
export type { ExtensionHost, LoopExtension, RunView, Sleep } from './loop/extension';
export { interruptionNotice } from './loop/interruption';
export type { InterruptedEvent } from './loop/interruption';
export { NOTICES, notice, noticeEnglish, part } from './loop/notices';
export type { Notice, NoticeCode, NoticePart } from './loop/notices';
export {
  CORE_TURN_ACTION_KINDS,
  messagesSentAt,
  toolsOfRun,
  transcript,
  turnTable,
  usageTotals,
} from './loop/projections';
export type { CoreTurnAction, TranscriptEntry, TurnAction, WorkspaceChange } from './loop/projections';
export { REFUSALS, refuse, refuseQuoting } from './loop/refusals';
export type { Refusal, RefusalCode, Refused } from './loop/refusals';
export { createRequestMemo, exposedDefinitions, noRequestReason } from './loop/request';
export type { RequestStep } from './loop/request';
export { FINISH_LABELS, finishLabelEnglish } from './loop/run-end';
export type { FinishReasonKind } from './loop/run-end';
export { RUN_END_DETAILS, runEndDetail, runEndDetailEnglish } from './loop/run-end-details';
export type { RunEndDetail, RunEndDetailCode } from './loop/run-end-details';
export { RUN_OUTCOMES, runFacts } from './loop/run-facts';
export type { RunFacts, RunOutcome } from './loop/run-facts';
export { INITIAL_STATE, applyEvent, replay } from './loop/state';
export type { LoopState, Phase } from './loop/state';
export { checkToolContext } from './loop/tool-context';
export {
  EMPTY_WORKSPACE,
  LOOP_CONTROLS,
  THEMES,
  applyOverride,
  fixToolChoice,
  toggleExposed,
  withOverride,
  workspaceForScenario,
  workspaceOfRun,
} from './loop/workspace';
export type { LoopControl, Theme, ToolOverride, Workspace } from './loop/workspace';

// The runtime port's own models: the scripted replay, "you are the model", the ChatML prompt.
export { renderChatPrompt } from './model-port/chat-prompt';
export { createHumanRuntime } from './model-port/human';
export type { HumanRuntime, HumanTurnProblem } from './model-port/human';
export type { JsonValue, Script } from './model-port/script';
export { createScriptedRuntime } from './model-port/scripted';

// The preset tools.
export { createCalculateTool } from './presets/calculator';
export { createPresetTools } from './presets/index';
export { createLessonTools } from './presets/lesson-tools';

// Text protocols: parsing tool calls, the per-family prompt formats, grammars, prompt dates.
export { buildToolGrammar } from './protocol/grammar';
export type { GrammarLimits } from './protocol/grammar';
export { renderToolCallBlock, stripThinking, toFunctionTool } from './protocol/hermes';
export { interpretResponse, parseOutput } from './protocol/interpret';
export type { InterpretedResponse } from './protocol/interpret';
export type { MalformedCallMode } from './protocol/parse-result';
export { isIsoDate, localIsoDate, templateDate } from './protocol/prompt-date';
export { parseTagOutput } from './protocol/tag-parser';
export { hermesFormat } from './protocol/formats/hermes-format';
export { PROMPT_FORMATS, formatForModel } from './protocol/formats';
export { llama32Format } from './protocol/formats/llama';
export { qwen25Format, qwen3Format } from './protocol/formats/qwen';
export { promptText } from './protocol/formats/types';
export type { FormatId, PromptFormat, PromptSegment } from './protocol/formats/types';

// Runs as files: export, import, migrations, fork, compare, the run tree.
export { compareRuns } from './run-file/compare';
export type { Comparison, MetricValue } from './run-file/compare';
export {
  LOOP_EVENT_TYPES,
  RUNTIME_KINDS,
  advisorConfigSchema,
  checkEvent,
  describeIssue,
  runtimeRefSchema,
  settingsSchema,
} from './run-file/event-schema';
export { defaultForkPoint, forkEvents, forkPoints } from './run-file/fork';
export type { ForkPoint } from './run-file/fork';
export { buildRunFile, parseRunFile } from './run-file/format';
export { transcriptOf } from './run-file/transcript-export';
export type { OpenAITranscript } from './run-file/transcript-export';
export { buildRunTree, flattenTree } from './run-file/tree';

// The preset scenarios and the tools' language.
export { SCENARIOS } from './scenarios/catalog';
export { getScenario } from './scenarios/index';
export type { Scenario } from './scenarios/scenario';
export { koreanReadingOf, toolLanguageOf, withToolLanguage } from './scenarios/tool-language';
export { LANDSMEER_SCENARIO_ID, createWorkspace28Tools } from './scenarios/workspace-28';

// Tool search: indexes, the search tool, its request step and advisor, token measurement.
export { ToolSearchSession, toolSearchStep } from './tool-search/apply';
export { compareLandsmeer, measureRun } from './scenarios/tool-search-measure';
export type { RoundMeasurement, RunMeasurement, SearchComparison } from './scenarios/tool-search-measure';
export { TOOL_SEARCH_TOOL_NAME } from './tool-search/search-tool';
export type { TokenCounter } from './tool-search/token-count';
export { TOOL_INDEX_KINDS } from './tool-search/tool-index';
export type { ToolIndexKind } from './tool-search/tool-index';

// User tools: the studio's specs, forms, MCP import, files.
export {
  DEFAULT_MAX_OUTPUT_CHARS,
  DEFAULT_MEMORY_LIMIT_MB,
  MAX_MEMORY_LIMIT_MB,
  MIN_MEMORY_LIMIT_MB,
} from './user-tools/executor';
export type {
  ConsoleLine,
  SandboxEvent,
  SandboxOutcome,
  ToolExecutor,
  ToolRunReport,
  ToolRunRequest,
} from './user-tools/executor';
export { exportUserTools, importUserTools } from './user-tools/file-format';
export { checkJsonSchemaText, checkToolInputSchema } from './user-tools/json-schema-check';
export { parseMcpToolsListText } from './user-tools/mcp-import';
export { PARAM_TYPES, formToJsonSchema, jsonSchemaToForm, newField, withType } from './user-tools/param-form';
export type { ParamField, ParamShape, ParamType } from './user-tools/param-form';
export { copyPresetToSpec, freeName } from './user-tools/preset-copy';
export { STUDIO_NOTICES, studioNotice, studioNoticeEnglish } from './user-tools/notices';
export type { StudioNotice, StudioNoticeCode } from './user-tools/notices';
export {
  STUDIO_PROBLEMS,
  problemText,
  problemsEnglish,
  quotedProblem,
  refuse as refuseStudio,
} from './user-tools/problems';
export type { StudioProblem, StudioProblemCode, StudioProblems } from './user-tools/problems';
export {
  MAX_TIMEOUT_MS,
  checkNameClash,
  checkToolName,
  nameClashProblem,
  newUserToolSpec,
  parseUserToolSpec,
  toolNameProblem,
} from './user-tools/spec';
export type { UserToolSpec } from './user-tools/spec';
export { compileSpecSchema, specToTool } from './user-tools/to-tool';
