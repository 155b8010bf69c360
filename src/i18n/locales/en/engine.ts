/**
 * The engine's sentences, worded for the page: the engine names what happened with a code and its parameters
 * (a finish reason, a turn action, an anomaly, a refusal) and stays language-free; these keys word each code.
 * The English text is the sentence the engine itself writes into the run (`detail`, `codeDid`, `error`).
 */
export const engine = {
  finish: {
    'final-answer': 'final answer (no tool calls)',
    'return-direct': 'returnDirect: the tool result is the answer',
    'max-rounds': 'max-rounds guard',
    aborted: 'aborted',
    stopped: 'stopped by the user',
    refused: 'refused by the model',
    truncated: 'cut by the token limit (nothing of the response ran)',
    'tool-error': 'tool error (exception mode: stop the loop)',
    'runtime-error': 'runtime error',
    'loop-guard': 'loop guard (hard cap)',
    'validation-failed': 'structured-output validation failed',
  },
  loopEnded: 'Loop ended: {{reason}}.',
  action: {
    none: '—',
    separator: '; ',
    paused: 'paused for approval of {{count}} call(s)',
    decidedEdit: 'edited the arguments of {{callId}} ({{changes}})',
    decided: {
      approve: 'approved {{callId}}',
      edit: 'edited the arguments of {{callId}}',
      deny: 'denied {{callId}}',
      write: 'wrote the result of {{callId}} by hand',
    },
    outcome: {
      stop: '{{name}} failed: loop stopped',
      executed: 'ran {{name}}',
      'tool-error': 'ran {{name}}: error sent to the model',
      'invalid-json': '{{name}}: arguments not JSON, error sent',
      'invalid-arguments': '{{name}}: arguments invalid, error sent',
      'unknown-tool': 'unknown tool {{name}}: error sent',
      'unparsed-call': 'unparsable call: error sent',
      denied: '{{name}}: denial sent',
      'written-by-hand': '{{name}}: hand-written result sent',
    },
    appended: 'appended {{count}} tool result(s)',
    ended: 'ended: {{reason}}',
    interrupted: {
      'model-call': 'interrupted by a reload',
      'tool-batch': 'tool batch interrupted by a reload',
    },
    reopened: 'reopened {{count}} unanswered call(s) before a new user message',
    injected: 'injected: {{fault}} into {{callId}} ({{name}})',
    guard: {
      warn: 'loop guard ({{guard}}) at {{value}}: asked the model to answer now',
      stop: 'loop guard ({{guard}}) at {{value}}: stopped the loop',
    },
    resultIdOwn: 'result of {{callId}} sent with its own id again',
    resultIdNone: 'result of {{callId}} to be sent with no tool_call_id',
    resultIdOther: 'result of {{callId}} to be sent with tool_call_id {{sentId}}',
    policyDenied: 'the policy denied {{name}} ({{callId}})',
    validationAttempt: 'attempt {{attempt}} of {{attempts}}',
    validationAttemptOnly: 'attempt {{attempt}}',
    validationRejected: {
      retried: 'validation rejected the answer ({{attempt}}): {{errors}}; sent again with the errors appended',
      last: 'validation rejected the answer ({{attempt}}): {{errors}}; no retries left',
    },
  },
  interrupted: {
    modelCall: 'The last model call (turn {{round}}) was interrupted by a reload: Step calls the model again.',
    toolBatch:
      'A reload interrupted the tool calls of turn {{round}}: {{unfinished}} did not finish. Decide each one: run it again, skip it with an error result, or write the result.',
    toolBatchKept:
      'A reload interrupted the tool calls of turn {{round}}: {{finished}} call(s) had finished and were kept; {{unfinished}} did not finish. Decide each one: run it again, skip it with an error result, or write the result.',
  },
  workspace: {
    changed: 'Workspace changed: {{parts}}.',
    separator: '; ',
    exposed: 'exposed {{names}}',
    removed: 'no longer exposed: {{names}}',
    updated: 'tool definitions updated',
    runtime: 'runtime: {{label}}',
  },
  anomaly: {
    'tool-call-cut-by-length': 'The token limit cut a tool call mid-JSON; it is not executed.',
    'tool-calls-without-calls': 'The runtime reported tool_calls, but the response holds no tool call.',
    'text-with-tool-calls': 'The message holds text and tool calls together.',
    'unterminated-tool-call': 'A tool call was opened but never finished (no closing tag, or JSON that never ends).',
    'malformed-tool-call': {
      'error-result':
        '{{count}} call attempt(s) could not be read; they stay in the text as written and the model receives an error result so it can retry.',
      text: '{{count}} call attempt(s) could not be read; they stay in the text as written and nothing is sent back for them (setting: treat malformed calls as text).',
    },
    'calls-cut-by-length': 'The response was cut by the token limit; its {{count}} complete call(s) were not run.',
    'tool-calls-ignored': 'The response ended with {{raw}}: its tool calls are not executed.',
    'parse-issues': 'Parser notes: {{issues}}.',
    issueForgiven: '{{kind}} (forgiven: read as a call)',
    issueFlagged: '{{kind}} (flagged)',
  },
  runEnd: {
    maxRounds: 'The max-rounds guard stopped the loop after {{limit}} model calls.',
    maxRoundsChecker:
      "The max-rounds checker stopped the loop after {{limit}} model calls; the last response's {{calls}} tool call(s) were not executed.",
    repeat:
      "The repeated-call guard stopped the loop: {{key}} was asked for {{value}} times (stop at {{limit}}); the response's calls were not run.",
    tokens:
      "The token budget stopped the loop: the run has used {{value}} tokens (budget {{limit}}); the response's calls were not run.",
    stopped: 'Stopped by the user.',
    aborted: 'Generation was stopped (finish reason abort).',
    refused: 'The model declined (content_filter).',
    returnDirect:
      'Every executed tool is returnDirect: its result is the final answer and the model is not called again.',
    truncated: 'The response was cut by the token limit (finish reason length).',
    truncatedCalls:
      'The response was cut by the token limit (finish reason length); its {{count}} complete call(s) were not run.',
    validationFailed: 'Validation failed after {{retries}} retries; the last answer still fails the schema: {{errors}}',
    validationFailedOne: 'Validation failed after 1 retry; the last answer still fails the schema: {{errors}}',
  },
  refusal: {
    busy: 'Wait for the current step to finish, or press Stop.',
    stepInProgress: 'A step is already in progress.',
    runEnded: 'The run has ended: write a new message and Send to continue the conversation, or start a new run.',
    startRunFirst: 'Start a run first.',
    stillGoing: 'The run is still going: step it to the end or press Stop before sending another message.',
    writeUserMessage: 'Write a user message first.',
    sendFirst: 'Send a user message first.',
    decideFirst: 'Decide every pending tool call first: Approve, Edit arguments, Deny or Write result.',
    modelAnswering: 'The model is still answering.',
    nothingToExecute: 'Nothing to execute.',
    predictCallOrAnswer: 'Add at least one tool call, or predict a final answer.',
    predictNeedsTool: 'Every predicted call needs a tool.',
    writeSentId: 'Write the id to send, or choose "no id".',
    chainNotWaiting: 'The chain is not waiting at a step.',
    systemLocked: 'The system prompt is part of this run: press New run to change it.',
    busyRuntime: 'Wait for the current step to finish, or press Stop, before switching the runtime.',
    busyTools: 'Wait for the current step to finish before changing the exposed tools.',
    busyDescriptions: 'Wait for the current step to finish before changing the tool descriptions.',
    stopBeforeControl: 'Stop the run before switching the loop control.',
    stopBeforeScenario: 'Stop the run before switching the scenario.',
    busyOpenRun: 'Wait for the current step to finish, or press Stop, before opening another run.',
    nextWhileModel: 'The model is answering; the next request is built once its response is handled.',
    nextAfterDecisions: 'Decide every pending tool call first: the next request carries their results.',
    nextAfterExecution: 'Step runs the pending tool calls first: the next request carries their results.',
    nextMaxRounds: 'The max-rounds guard ({{limit}} model calls) ends the run at the next Step; nothing more is sent.',
    nextChoiceNotExposed: 'Tool choice “only {{name}}” names a tool that is not exposed: tick it, or choose another.',
    nextByChain:
      'The advisor chain builds this request when you Step: the advisors before the model may still change it.',
    noPendingCall: 'No pending tool call {{callId}}.',
    argumentsNotJson: 'Not valid JSON: {{detail}}',
    argumentsMismatch: 'Arguments do not match the schema:\n{{detail}}',
    notWaitingToRun: 'Tool call {{callId}} is not waiting to run.',
    alreadyRun: 'Tool call {{callId}} has already run.',
    notWaitingForDecision: 'Tool call {{callId}} is not waiting for a decision.',
    resultAlreadySent:
      'The result of {{callId}} was already sent (or the call is not pending): change it before it goes back.',
    danglingCalls:
      "The last response's tool calls ({{ids}}) never got a result, and an API rejects a user message right after them (\"An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'\"). Answer them \"not executed\", or decide them now, then send.",
    predictFirst:
      'Predict turn {{round}} first (predict mode is on): tool call or final answer, which tools, which arguments.',
    nothingToPredict: 'There is no model call to predict now: predictions are made before a model call.',
    predictOff: 'Predict mode is off: switch it on to predict the next step.',
    restoredMidRequest:
      'This run was restored in the middle of an advisor-controlled request: the chain’s call stack cannot be rebuilt from the log. Press Stop to end the request, then send the next message.',
  },
  notice: {
    toolChoiceReset: 'Tool choice was “only {{name}}”; that tool is not exposed now: auto.',
    noScenario: 'There is no scenario “{{id}}”.',
    openedScenario:
      'Opened “{{title}}” as a new run (it starts on Send). Your previous run “{{previous}}” is in the Runs tab.',
    openedReplacing:
      'Opened “{{title}}” as a new run (it starts on Send). The previous “{{previous}}” is in the Runs tab.',
    openedReplacingUntitled:
      'Opened “{{title}}” as a new run (it starts on Send). The previous run is in the Runs tab.',
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
    ownWorkspace: 'your own workspace',
  },
};
