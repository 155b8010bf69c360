/**
 * The commands' refusals, each under a stable code: a refused command returns `Result<T, Refusal>`, a code of the
 * table below and the values its placeholders name (a call, a turn, a limit). The page words a refusal in its own
 * language (the `engine` catalog's `notice.<code>`, whose English is this table, see notices.ts); `REFUSALS.english`
 * is its English sentence (a log, a test). A `detail` value is a validator's or a parser's own message, and a
 * `quoted` refusal a reason that came as text from elsewhere (a runtime's check), both quoted as they came.
 */
import { defineMessages, type Coded, type MessageValues } from '../coded';

export const REFUSAL_TEMPLATES = {
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
  // Why there is no next request (`noRequestReason`; the store's before it has read the workspace).
  loading: 'Loading…',
  nextWhileModel: 'The model is answering; the next request is built once its response is handled.',
  nextAfterDecisions: 'Decide every pending tool call first: the next request carries their results.',
  nextAfterExecution: 'Step runs the pending tool calls first: the next request carries their results.',
  nextMaxRounds: {
    one: 'The max-rounds guard ({{count}} model call) ends the run at the next Step; nothing more is sent.',
    other: 'The max-rounds guard ({{count}} model calls) ends the run at the next Step; nothing more is sent.',
  },
  notInWorkspace: {
    one: '{{names}} is exposed but no longer in the workspace: untick it in the Tools panel, or add the tool again.',
    other: '{{names}} are exposed but no longer in the workspace: untick it in the Tools panel, or add the tool again.',
  },
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
  // A reason that came as text from elsewhere (a runtime's check, a tool registry's error), quoted as it came.
  quoted: '{{text}}',
} as const;

export const REFUSALS = defineMessages(REFUSAL_TEMPLATES);

export type RefusalCode = keyof typeof REFUSAL_TEMPLATES;

/** Why a command was refused: a code of `REFUSALS` and the values its sentence names. */
export type Refusal = Coded<RefusalCode>;

/** A refused command's result. */
export interface Refused {
  readonly ok: false;
  readonly error: Refusal;
}

export function refuse(code: RefusalCode, values?: MessageValues): Refused {
  return { ok: false, error: REFUSALS.coded(code, values) };
}

/** A refusal whose reason came as text from elsewhere (a runtime's `checkRequest`, a tool registry's error). */
export function refuseQuoting(text: string): Refused {
  return refuse('quoted', { text });
}
