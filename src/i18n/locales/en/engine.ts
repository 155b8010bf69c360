/**
 * The engine's sentences, worded for the page: the engine names what happened with a code and its parameters
 * (a finish reason, a turn action, an anomaly, a refusal, a notice, why a run ended) and stays language-free; these
 * keys word each code. Where the engine keeps a message table (`defineMessages`), its section here IS that table's
 * English, taken from the engine, never written again: `finish`, `runEnd` and `notice` (refusals, interruptions
 * and the store's and run files' notices).
 */
import { FINISH_LABELS, NOTICES, RUN_END_DETAILS } from '../../../engine/tables';

export const engine = {
  finish: FINISH_LABELS.catalog,
  loopEnded: 'Loop ended: {{reason}}.',
  action: {
    none: '—',
    separator: '; ',
    paused: 'paused for approval of {{count}} call(s)',
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
  runEnd: RUN_END_DETAILS.catalog,
  notice: NOTICES.catalog,
  /** The title of the person's own workspace in a notice (a `scenarioId` of ''). */
  ownWorkspace: 'your own workspace',
};
