/**
 * The notices the app gives beside the controls and in the Runs tab, as data: one `Notice` shape, its sentences
 * `Coded` parts of the `NOTICES` table: the commands' refusals (refusals.ts), a restore's interruption and the
 * store's and run files' own notices below. The page words each part through the `engine` catalog's
 * `notice.<code>`, which is this table's English; `noticeEnglish` is a notice's English (a log, a test). An
 * `error` or `detail` value is the failing part's own message (storage, a parser), quoted as it came.
 */
import { defineMessages, type Coded, type CodedNotice, type MessageValues } from '../coded';
import { REFUSAL_TEMPLATES } from './refusals';

/** What a reload cut, as the notice beside the controls and the transcript say it (interruption.ts). */
export const INTERRUPTION_TEMPLATES = {
  modelCall: 'The last model call (turn {{round}}) was interrupted by a reload: Step calls the model again.',
  toolBatch:
    'A reload interrupted the tool calls of turn {{round}}: {{unfinished}} did not finish. Decide each one: run it again, skip it with an error result, or write the result.',
  toolBatchKept: {
    one: 'A reload interrupted the tool calls of turn {{round}}: {{count}} call had finished and was kept; {{unfinished}} did not finish. Decide each one: run it again, skip it with an error result, or write the result.',
    other:
      'A reload interrupted the tool calls of turn {{round}}: {{count}} calls had finished and were kept; {{unfinished}} did not finish. Decide each one: run it again, skip it with an error result, or write the result.',
  },
} as const;

export const RUN_NOTICE_TEMPLATES = {
  toolChoiceReset: 'Tool choice was “only {{name}}”; that tool is not exposed now: auto.',
  noScenario: 'There is no scenario “{{id}}”.',
  openedScenario:
    'Opened “{{title}}” as a new run (it starts on Send). Your previous run “{{previous}}” is in the Runs tab.',
  openedReplacing:
    'Opened “{{title}}” as a new run (it starts on Send). The previous “{{previous}}” is in the Runs tab.',
  openedReplacingUntitled: 'Opened “{{title}}” as a new run (it starts on Send). The previous run is in the Runs tab.',
  restoreFailed: '“{{title}}” could not be restored ({{error}}) and was set aside: see Damaged runs in the Runs tab.',
  runMissing: 'That run is no longer stored in this browser.',
  runDamaged: '“{{title}}” is damaged and was set aside: see Damaged runs in the Runs tab.',
  deleteFailed: 'Could not delete the run: {{error}}',
  // Run files (the Runs tab).
  notStored: 'That run is not stored in this browser yet: send a message first.',
  exportEmpty: 'This run has no events to export yet: send a message first.',
  exported: 'Exported “{{title}}”.',
  exportedWithCode: {
    one: 'Exported “{{title}}” with the code of {{count}} user tool.',
    other: 'Exported “{{title}}” with the code of {{count}} user tools.',
  },
  exportFailed: 'Could not export the run: {{error}}',
  transcriptFailed: 'Could not export the transcript: {{error}}',
  importFailed: 'Import failed: {{error}}',
  imported: { one: 'Imported “{{title}}” ({{count}} event).', other: 'Imported “{{title}}” ({{count}} events).' },
  importedCopy: {
    one: 'Imported “{{title}}” ({{count}} event) as a copy, since this browser already had that run.',
    other: 'Imported “{{title}}” ({{count}} events) as a copy, since this browser already had that run.',
  },
  importedCode: 'It carries tool code: read it before trusting it.',
  importStoreFailed: 'Could not store the imported run: {{error}}',
  trustDismissed: 'The imported tool code was not added; nothing of it ran.',
  forkBusy: 'Wait for the current step to finish, or press Stop, before forking.',
  forkNoRun: 'There is no run to fork.',
  forkNoTurn: 'Turn {{turn}} is not in this run.',
  forkedBeforeTools:
    'Forked at turn {{turn}}, paused before its tools run: approve, edit, deny or write each result, then continue.',
  forkedAfterResults: 'Forked at turn {{turn}}, after its tool results: Step calls the model for the next turn.',
  forkedBeforeModel: 'Forked at turn {{turn}}, before its model call: Step asks the model again.',
  forkedAdvisor:
    'This run went through the advisor chain, which cannot resume in the middle of a request: press Stop, then send the next message.',
  forkStoreFailed: 'Could not store the fork: {{error}}',
  // Why a run file was refused (`parseRunFile`, after `importFailedLead`); a `detail` is a parser's own text.
  importFailedLead: 'Import failed:',
  fileTooLarge: 'The file is too large ({{size}} MB); a run file is at most {{max}} MB.',
  fileEmpty: 'The file is empty.',
  fileNotJson: 'This is {{detail}}. A run file is the JSON document that "Export run" writes (a .tlp-run.json file).',
  fileTruncated:
    'The file is cut off (truncated): its JSON ends early ({{detail}}). Export the run again or copy the whole file.',
  fileInvalidJson: 'The file is not valid JSON: {{detail}}',
  fileIsMcpList: 'This is an MCP tools/list result, not a run file: import it under My tools → "Import MCP tools…".',
  fileNotObject: 'This is not a Tool Loop Playground run file: the JSON is not an object.',
  fileIsToolsFile:
    'This is a Tool Loop Playground tools file, not a run file: import it under My tools → "Import tools file".',
  fileNoVersion: 'This run file has no version number (found {{found}}).',
  fileWrongFormat: 'This is not a Tool Loop Playground run file (expected "format": "{{format}}").',
  fileUnknownVersion: "The file's version {{version}} is not a version this app knows.",
  fileTooNew:
    'This run file is format version {{version}}, newer than this app reads (up to version {{max}}). Update the app (reload it while online) and import again.',
  fileNoMigration: 'There is no migration from run file version {{version}}.',
  fileMalformed: 'The run file is malformed: {{detail}}',
  eventNotObject: 'Event {{n}} is not an object.',
  eventNoType: 'Event {{n}} has no "type".',
  eventUnknownType: 'Event {{n}} has an unknown type "{{type}}".',
  eventMalformed: 'Event {{n}} ({{type}}) is malformed: {{detail}}',
  tracesDamaged: "The run's prompt traces are damaged: {{detail}}.",
  logNoStart: "The run's log must start with a run-started event.",
  secondRun: 'Event {{n}} starts a second run inside the log; one file holds one run.',
  idMismatch: 'The run\'s id "{{runId}}" does not match its log ("{{logId}}").',
  duplicateTool:
    'The tool name "{{name}}" appears twice. Tool names must be unique within a run; fix the file and import it again.',
  toolCodeMalformed: 'Tool code entry {{n}} is malformed: {{detail}}',
  toolCodeDuplicate: 'The tool name "{{name}}" appears twice in the file\'s tool code.',
  // What an imported run file's reader should know (the Runs tab's warnings).
  migrated: 'The file was written in format version {{version}} and was updated on import.',
  unusedCode: 'The file carries code for "{{name}}", which the run does not use.',
  markup: 'Some text in this run looks like HTML or script ({{detail}}). It is shown as plain text and never run.',
  // Why a fork was refused (`forkEvents`; `forkNoTurn` above too).
  forkNoLog: 'This run has no log to fork.',
  forkNoResponse: 'Turn {{turn}} has no response to fork from.',
  forkNoTools: 'Turn {{turn}} asked for no tools; fork before its model call to make the model answer again.',
  forkNoResults: 'Turn {{turn}} appended no tool results; fork before its tools or before its model call.',
  forkBadPhase: 'Forking turn {{turn}} here would leave the run in phase "{{phase}}", not "{{expected}}".',
  compareMissing: 'Both runs must be stored in this browser to compare them.',
  compareFailed: 'Could not compare the runs: {{error}}',
} as const;

/** Every notice sentence: refusals, interruptions and the notices above (their codes never overlap). */
export const NOTICES = defineMessages({ ...REFUSAL_TEMPLATES, ...INTERRUPTION_TEMPLATES, ...RUN_NOTICE_TEMPLATES });

export type RunNoticeCode = keyof typeof RUN_NOTICE_TEMPLATES;
export type InterruptionCode = keyof typeof INTERRUPTION_TEMPLATES;
export type NoticeCode = keyof typeof REFUSAL_TEMPLATES | InterruptionCode | RunNoticeCode;

// The three tables share one catalog section, so a code may stand in one of them only.
type Overlap<A, B> = Extract<keyof A, keyof B>;
const disjoint: [
  Overlap<typeof REFUSAL_TEMPLATES, typeof RUN_NOTICE_TEMPLATES>,
  Overlap<typeof REFUSAL_TEMPLATES, typeof INTERRUPTION_TEMPLATES>,
  Overlap<typeof INTERRUPTION_TEMPLATES, typeof RUN_NOTICE_TEMPLATES>,
] extends [never, never, never]
  ? true
  : false = true;
void disjoint;

/** One sentence of a notice: its code and the values its placeholders take. */
export type NoticePart = Coded<NoticeCode>;

/** A notice of the loop and the Runs tab: its sentences are codes of `NOTICES`. */
export type Notice = CodedNotice<NoticeCode>;

/** A part, its values left out when there are none. */
export function part(code: NoticeCode, values?: MessageValues): NoticePart {
  return NOTICES.coded(code, values);
}

/** A notice of `parts`. */
export function notice(kind: Notice['kind'], ...parts: NoticePart[]): Notice {
  return { kind, parts };
}

/** The English of a notice's parts, one sentence after another. */
export function noticeEnglish(notice: Notice): string {
  return notice.parts.map(NOTICES.english).join(' ');
}
