/** The transcript's frame: its label, the streaming entry, and the search over a long run. */
export const transcript = {
  label: 'Transcript',
  empty: 'The transcript appears here, message by message.',
  streamingLabel: 'Model is answering',
  streaming: 'streaming…',
  assistant: 'assistant',
  searchLabel: 'Search the transcript',
  searchPlaceholder: 'Search messages, tool calls, results…',
  matches: '{{current}} of {{count}}',
  noMatch: 'No match',
  previousMatch: 'Previous match',
  nextMatch: 'Next match',
  longRunHint:
    'A long run shows the messages near the screen; search finds the others. In the list, ↑ ↓ Home End move from message to message.',
  entryLabel: 'Message {{position}} of {{count}}',
};
