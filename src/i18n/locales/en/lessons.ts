/** The lessons of #16: the loop switches they add, what a call card shows of them, the no-parameters warning. */
export const lessons = {
  switches: 'Lesson switches',
  parallel: 'Parallel tool calls',
  parallelHint:
    'Off: the model is told to make one call per response (OpenAI parallel_tool_calls: false, Anthropic ' +
    'disable_parallel_tool_use; the in-browser runtimes stop the grammar after one call).',
  allowWrite: 'Allow write',
  allowWriteHint: 'The workspace service’s policy runs write_file only while this is on; it is read when a call runs.',
  augment: 'Augment arguments',
  augmentHint:
    'Adds innerThought (required) and confidence to every tool’s schema; they are stripped before the tool runs.',
  augmented: 'Augmented arguments (stripped before the tool ran)',
  innerThought: 'innerThought',
  confidence: 'confidence',
  toolReceived: 'The tool received',
  serviceEvents: 'Execution service',
  event: {
    started: 'call started',
    finished: 'call finished',
    denied: 'call denied',
    failed: 'call failed',
  },
  shorten: 'doGetNextInstructionsForToolCall: shorten long tool results',
  shortenHint:
    'Before the next round, tool results over the limit are cut; the hook’s record names them and the tokens saved.',
  shortenLimit: 'limit (characters)',
  noProperties: {
    title: 'This schema has no “properties”.',
    body: 'A tool without parameters should still say so: {"type": "object", "properties": {}}. What each runtime does with it:',
    openai: 'OpenAI-compatible endpoints: sent as written; strict mode refuses a schema without properties.',
    anthropic: 'Anthropic: input_schema must be an object schema; an empty properties object is accepted.',
    inBrowser: 'WebLLM and the CPU runtime: the prompt shows the tool with no arguments; the model calls it with {}.',
    spring: 'Spring AI: a method without parameters gets {"type":"object","properties":{}} generated.',
  },
};
