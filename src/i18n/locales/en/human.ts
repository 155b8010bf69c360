/** "You are the model": the runtime's panel, its composer, and what the page says while it waits for the person. */
export const human = {
  streaming: 'streaming…',
  waiting: 'waiting for you to write the reply (below, in “You are the model”)',
  panel:
    'You play the model. When the loop calls the model, a composer opens under the transcript: write text, add tool calls with ids and JSON arguments, and pick the finish reason. Your turn is rendered to raw text through the same protocol a real model uses, and the harness parses it.',
  composer: {
    label: 'You are the model',
    title: 'You are the model — turn {{round}}',
    carries:
      'The request carries {{messages}} and {{tools}}. Write the assistant turn; it is rendered as raw text with {{block}} blocks and parsed like a real model’s.',
    messages_one: '{{count}} message',
    messages_other: '{{count}} messages',
    tools_one: '{{count}} tool',
    tools_other: '{{count}} tools',
    text: 'Assistant text',
    call: 'Tool call {{n}}',
    id: 'id',
    idOf: 'Call {{n}} id',
    tool: 'tool',
    toolOf: 'Call {{n}} tool name',
    arguments: 'arguments (JSON)',
    argumentsOf: 'Call {{n}} arguments',
    remove: 'Remove call {{n}}',
    addCall: 'Add tool call',
    finishReason: 'Finish reason',
    send: 'Send as the model',
  },
  problem: {
    'not-waiting': 'The loop is not waiting for a model turn: press Step to call the model first.',
    'unknown-finish-reason': 'Unknown finish reason "{{finishReason}}".',
    empty: 'Write some text or add a tool call.',
    'unnamed-call': 'Tool call {{call}} has no name.',
    'duplicate-id': 'Two tool calls share the id "{{id}}": ids pair each result with its call.',
  },
};
