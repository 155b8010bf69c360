/**
 * The engine's sentences, worded for the page: the engine names what happened with a code and its parameters
 * (a finish reason, a turn action, an anomaly, a refusal, a notice, why a run ended) and stays language-free; these
 * keys word each code. Where the engine keeps a message table (`defineMessages`), its section here IS that table's
 * English, taken from the engine, never written again: `finish`, `runEnd` and `notice` (refusals, interruptions
 * and the store's and run files' notices).
 */
import { ANOMALIES, FINISH_LABELS, NOTICES, RUN_END_DETAILS } from '../../../engine/tables';

export const engine = {
  finish: FINISH_LABELS.catalog,
  loopEnded: 'Loop ended: {{reason}}.',
  action: {
    none: '—',
    separator: '; ',
    paused_one: 'paused for approval of {{count}} call',
    paused_other: 'paused for approval of {{count}} calls',
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
    appended_one: 'appended {{count}} tool result',
    appended_other: 'appended {{count}} tool results',
    ended: 'ended: {{reason}}',
    interrupted: {
      'model-call': 'interrupted by a reload',
      'tool-batch': 'tool batch interrupted by a reload',
    },
    reopened_one: 'reopened {{count}} unanswered call before a new user message',
    reopened_other: 'reopened {{count}} unanswered calls before a new user message',
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
  workspace: {
    changed: 'Workspace changed: {{parts}}.',
    separator: '; ',
    exposed: 'exposed {{names}}',
    removed: 'no longer exposed: {{names}}',
    updated: 'tool definitions updated',
    runtime: 'runtime: {{label}}',
  },
  /** Each anomaly's sentence (the engine's, stop-reasons.ts). */
  anomaly: ANOMALIES.catalog,
  runEnd: RUN_END_DETAILS.catalog,
  notice: NOTICES.catalog,
  /** The title of the person's own workspace in a notice (a `scenarioId` of ''). */
  ownWorkspace: 'your own workspace',
};
