/** Stop reasons: the Stop reasons tab, the finish badge, a turn's anomalies and the parser's notes. */
import { ANTHROPIC_LOOP_ACTION } from '../../../engine/tables';

export const stops = {
  intro:
    'The runtime reports a raw reason; the harness derives its own after parsing the text. A small model that wrote a <tool_call> block stops with stop, but the derived reason is tool_calls: the loop only asks “did the model ask for tools?”.',
  openaiToAnthropic: 'OpenAI finish_reason to Anthropic stop_reason',
  anthropicAndLoop: 'Anthropic stop_reason and the loop',
  colFinish: 'OpenAI finish_reason',
  colStop: 'Anthropic stop_reason',
  colClosest: 'closest finish_reason',
  colAction: 'what the loop does',
  noCounterpart: '— (web-llm’s abort: no counterpart)',
  /** What the loop does on each Anthropic stop reason (the engine's, stop-reasons.ts). */
  loopAction: ANTHROPIC_LOOP_ACTION.catalog,
  badgeTitle: 'OpenAI finish_reason / Anthropic stop_reason',
  finish: 'finish:',
  derived: '(derived)',
  anomaliesOfTurn: 'Anomalies of turn {{round}}',
  turn: 'Turn',
  noAnomalies: 'No anomalies: the parser read this turn without forgiving anything.',
  anomalies: 'Anomalies',
  parserNotesOfTurn: 'Parser notes of turn {{round}}',
  /** What each parser note is about (a ParseIssueKind), shown beside its code. */
  issueKind: {
    unterminated_think: 'unclosed <think>',
    unterminated_tool_call: 'unclosed <tool_call>',
    invalid_json: 'invalid JSON',
    fenced_json: 'JSON in a ``` fence',
    multiple_objects_in_block: 'several calls in one block',
    missing_name: 'no tool name',
    arguments_not_object: 'arguments not an object',
    arguments_as_string: 'arguments as a JSON string',
    parameters_key: '"parameters" for "arguments"',
    arguments_key: '"arguments" for "parameters"',
    missing_arguments: 'no arguments',
    stray_close_tag: 'stray </tool_call>',
    unknown_tool: 'unknown tool',
    multiple_calls: 'several calls in one turn',
    prose_mention: 'a call mentioned in prose',
    unrepresentable_number: 'a number that cannot be held',
    json_not_a_call: 'JSON without parameters: an answer, not a call',
  },
  parserWords: 'the parser’s own words',
  forgiven: 'forgiven',
  flagged: 'flagged',
  excerpt: 'The text this note is about',
};
