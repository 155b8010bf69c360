/**
 * The commands' refusals, each under a stable code. A refused command still carries its English sentence
 * (`error`, what a log or a test reads) and the `code` the page words in its own language (the `engine` catalog's
 * `refusal.<code>`, whose English is the sentence below). A refusal that names a call, a turn or a limit carries
 * them as `values`, filled into its `{{placeholder}}`s here and by the catalog alike. A `detail` value is a
 * validator's or a parser's own message, quoted as it came.
 */
export const REFUSALS = {
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
  // Why a phase has no next request (`noRequestReason`).
  nextWhileModel: 'The model is answering; the next request is built once its response is handled.',
  nextAfterDecisions: 'Decide every pending tool call first: the next request carries their results.',
  nextAfterExecution: 'Step runs the pending tool calls first: the next request carries their results.',
  nextMaxRounds: 'The max-rounds guard ({{limit}} model calls) ends the run at the next Step; nothing more is sent.',
  nextChoiceNotExposed: 'Tool choice “only {{name}}” names a tool that is not exposed: tick it, or choose another.',
  nextByChain:
    'The advisor chain builds this request when you Step: the advisors before the model may still change it.',
  // A command about one tool call.
  noPendingCall: 'No pending tool call {{callId}}.',
  argumentsNotJson: 'Not valid JSON: {{detail}}',
  argumentsMismatch: 'Arguments do not match the schema:\n{{detail}}',
  notWaitingToRun: 'Tool call {{callId}} is not waiting to run.',
  alreadyRun: 'Tool call {{callId}} has already run.',
  notWaitingForDecision: 'Tool call {{callId}} is not waiting for a decision.',
  resultAlreadySent:
    'The result of {{callId}} was already sent (or the call is not pending): change it before it goes back.',
  danglingCalls:
    "The last response's tool calls ({{ids}}) never got a result, and an API rejects a user message right after " +
    "them (\"An assistant message with 'tool_calls' must be followed by tool messages responding to each " +
    '\'tool_call_id\'"). Answer them "not executed", or decide them now, then send.',
  // Predict mode.
  predictFirst:
    'Predict turn {{round}} first (predict mode is on): tool call or final answer, which tools, which arguments.',
  nothingToPredict: 'There is no model call to predict now: predictions are made before a model call.',
  predictOff: 'Predict mode is off: switch it on to predict the next step.',
  restoredMidRequest:
    'This run was restored in the middle of an advisor-controlled request: the chain’s call stack cannot be ' +
    'rebuilt from the log. Press Stop to end the request, then send the next message.',
} as const;

export type RefusalCode = keyof typeof REFUSALS;
export const REFUSAL_CODES = Object.keys(REFUSALS) as RefusalCode[];

/** The values a refusal's placeholders take (ids, names, numbers written as text). */
export type RefusalValues = Readonly<Record<string, string>>;

/** A refused command: its English sentence, its code and the values its sentence names. */
export interface Refusal {
  readonly ok: false;
  readonly error: string;
  readonly code: RefusalCode;
  readonly values?: RefusalValues;
}

/** The English sentence of `code` with `values` filled in (a placeholder without a value stays as written). */
export function refusalSentence(code: RefusalCode, values: RefusalValues = {}): string {
  return (REFUSALS[code] as string).replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);
}

export function refuse(code: RefusalCode, values?: RefusalValues): Refusal {
  return values === undefined
    ? { ok: false, error: REFUSALS[code], code }
    : { ok: false, error: refusalSentence(code, values), code, values };
}

const BY_SENTENCE = new Map<string, RefusalCode>(
  REFUSAL_CODES.filter((code) => !REFUSALS[code].includes('{{')).map((code) => [REFUSALS[code], code]),
);

/**
 * The code of a fixed refusal known only by its sentence (a reason that travelled as a plain `Result`): the
 * sentences are unique, so the sentence is its key. A refusal with values travels as a `Refusal`.
 */
export function codeOfSentence(text: string): RefusalCode | undefined {
  return BY_SENTENCE.get(text);
}

/** The code of a refusal, if the result carries one. */
export function refusalCode(result: { readonly ok: boolean }): RefusalCode | undefined {
  const code = (result as { code?: unknown }).code;
  return typeof code === 'string' && code in REFUSALS ? (code as RefusalCode) : undefined;
}

/** The values a coded refusal carries, if any. */
export function refusalValues(result: { readonly ok: boolean }): RefusalValues | undefined {
  const values = (result as { values?: unknown }).values;
  return refusalCode(result) !== undefined && typeof values === 'object' && values !== null
    ? (values as RefusalValues)
    : undefined;
}
