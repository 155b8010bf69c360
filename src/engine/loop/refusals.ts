/**
 * The commands' fixed refusals, each under a stable code. A refused command still carries its English sentence
 * (`error`, what a log or a test reads) and, for these, the `code` the page words in its own language (the
 * `engine` catalog's `refusal.<code>`, whose English is the sentence below). Refusals that name a call or quote an
 * error are sentences only.
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
} as const;

export type RefusalCode = keyof typeof REFUSALS;
export const REFUSAL_CODES = Object.keys(REFUSALS) as RefusalCode[];

/** A refused command: its English sentence and its code. */
export interface Refusal {
  readonly ok: false;
  readonly error: string;
  readonly code: RefusalCode;
}

export function refuse(code: RefusalCode): Refusal {
  return { ok: false, error: REFUSALS[code], code };
}

const BY_SENTENCE = new Map<string, RefusalCode>(REFUSAL_CODES.map((code) => [REFUSALS[code], code]));

/**
 * The code of a refusal known only by its sentence (a reason that travelled as a plain `Result`, such as the
 * next request's): the sentences are unique, so the sentence is its key.
 */
export function codeOfSentence(text: string): RefusalCode | undefined {
  return BY_SENTENCE.get(text);
}

/** The code of a refusal, if the result carries one. */
export function refusalCode(result: { readonly ok: boolean }): RefusalCode | undefined {
  const code = (result as { code?: unknown }).code;
  return typeof code === 'string' && code in REFUSALS ? (code as RefusalCode) : undefined;
}
