/**
 * The notices the loop's store and its run files give beside the controls, as data: a code and the values it
 * names. The page words each part through the `engine` catalog's `notice.<code>` (whose English is the template
 * below: a test holds the two together); `text` keeps the English (what a log or a test reads). An `error` value
 * is the failing part's own message (storage, a parser), quoted as it came.
 */

export const RUN_NOTICES = {
  toolChoiceReset: 'Tool choice was “only {{name}}”; that tool is not exposed now: auto.',
  noScenario: 'There is no scenario “{{id}}”.',
  openedScenario:
    'Opened “{{title}}” as a new run (it starts on Send). Your previous run “{{previous}}” is in the Runs tab.',
  openedReplacing:
    'Opened “{{title}}” as a new run (it starts on Send). The previous “{{previous}}” is in the Runs tab.',
  openedReplacingUntitled: 'Opened “{{title}}” as a new run (it starts on Send). The previous run is in the Runs tab.',
  restoreFailed: '“{{title}}” could not be restored ({{error}}) and was set aside: see Damaged runs in the Runs tab.',
  // Run files (the Runs tab).
  notStored: 'That run is not stored in this browser yet: send a message first.',
  exported: 'Exported “{{title}}”.',
  exportedWithCode: 'Exported “{{title}}” with the code of {{count}} user tool(s).',
  exportFailed: 'Could not export the run: {{error}}',
  transcriptFailed: 'Could not export the transcript: {{error}}',
  importFailed: 'Import failed: {{error}}',
  imported: 'Imported “{{title}}” ({{count}} events).',
  importedCopy: 'Imported “{{title}}” ({{count}} events) as a copy, since this browser already had that run.',
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

export type RunNoticeCode = keyof typeof RUN_NOTICES;
export const RUN_NOTICE_CODES = Object.keys(RUN_NOTICES) as RunNoticeCode[];

/** One sentence of a notice: its code and the values its placeholders take. */
export interface NoticePart {
  readonly code: RunNoticeCode;
  readonly values?: Readonly<Record<string, string>>;
}

/** The English of one part (a placeholder without a value stays as written). */
export function noticePartText(part: NoticePart): string {
  const values = part.values ?? {};
  return (RUN_NOTICES[part.code] as string).replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);
}

/** The English of a notice's parts, one sentence after another. */
export function noticePartsText(parts: readonly NoticePart[]): string {
  return parts.map(noticePartText).join(' ');
}

/** A part, its values left out when there are none. */
export function part(code: RunNoticeCode, values?: Readonly<Record<string, string>>): NoticePart {
  return values === undefined ? { code } : { code, values };
}

/** A notice of `parts`: their English as `text`, and the parts the page words. */
export function runNotice(
  kind: 'error' | 'info',
  ...parts: NoticePart[]
): { readonly kind: 'error' | 'info'; readonly text: string; readonly parts: readonly NoticePart[] } {
  return { kind, text: noticePartsText(parts), parts };
}
