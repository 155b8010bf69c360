/** The Metrics tab: totals, tokens per round (stacked bars), where the time went, the per-round table. */
export const metrics = {
  empty: 'Metrics appear after the first model call.',
  counting: 'Loading the Qwen3 tokenizer to count the prompt’s parts…',
  counterFailed:
    'The tokenizer could not be loaded ({{error}}), so the parts of the prompt are not counted. Reload to try again.',
  totals: {
    modelCalls: 'model calls',
    promptTokens: 'prompt tokens',
    completionTokens: 'completion tokens',
    toolTime: 'tool time',
  },
  parts: {
    system: 'system prompt',
    tools: 'tool definitions',
    history: 'history',
    new: 'new messages',
    completion: 'completion',
  },
  bars: {
    title: 'Tokens per round',
    what: 'the tokens-per-round chart',
    axis: 'tokens',
    rounds: 'model call (round)',
    description_one: 'Stacked bars of tokens per round for {{count}} round; prompt + completion: {{totals}}.',
    description_other: 'Stacked bars of tokens per round for {{count}} rounds; prompt + completion: {{totals}}.',
    segmentTitle: 'Round {{round}} · {{part}}: {{tokens}} tokens',
    everyTool: 'every tool sent (search off)',
    everyToolTitle: 'Round {{round}} with every tool sent: {{tokens}} tokens ({{saved}} more than sent)',
    runtimeCounts:
      'Counted by the runtime’s own tokenizer. Each bar is the prompt the model saw, cut at its turns, plus the reply.',
    estimatedCounts:
      'Estimated with the bundled Qwen3 tokenizer (this runtime reports no counts of its own). Each bar is the prompt the model saw, cut at its turns, plus the reply.',
    partsEstimated:
      'The runtime counted each whole prompt but not its parts: the parts in the bars are estimates with the bundled Qwen3 tokenizer, so a bar’s prompt can differ from the runtime’s count in the table.',
    someRendered:
      'Calls whose runtime did not report its prompt are counted on the app’s ChatML rendering of the request.',
    saving:
      'Tool search sent {{sent}} tokens of tool definitions in this run; sending every tool each round would have cost {{all}}.',
  },
  spans: {
    'first-token': 'time to first token',
    decode: 'decode',
    authored: 'written by you (not a model latency)',
    failed: 'failed call',
    pause: 'waiting at the pause',
    tool: 'tool run',
  },
  timeline: {
    title: 'Where the time went',
    what: 'the round timeline',
    round: 'round {{round}}',
    description_one: 'Timeline of {{count}} round; durations: {{totals}}.',
    description_other: 'Timeline of {{count}} rounds; durations: {{totals}}.',
    spanTitle: 'Round {{round}} · {{what}}: {{duration}}',
  },
  table: {
    label: 'Per round',
    reported: 'Tokens as the runtime counted them (the same figures as the transcript and the Prompt tab).',
    estimated:
      'Tokens estimated with the bundled Qwen3 tokenizer where the runtime counts none (the same figures as the transcript and the Prompt tab); timings as the runtime reported them.',
    turn: 'turn',
    prompt: 'prompt',
    completion: 'completion',
    firstToken: 'first token',
    prefill: 'prefill tok/s',
    decode: 'decode tok/s',
    latency: 'latency',
    authored: 'authored by you — the time spent writing is not a model latency',
  },
  calls: {
    title: 'Calls per tool',
    none: 'no tool calls',
  },
  turns: {
    empty: 'One row per model call appears here.',
    label: 'Turn table',
    turn: 'turn',
    sent: 'messages sent',
    response: 'model response and stop reason',
    codeDid: 'what our code did',
    fork: 'fork',
    showRequest: 'Show request of turn {{turn}}',
    messages_one: '{{count}} msg',
    messages_other: '{{count}} msgs',
    tools_one: '{{count}} tool',
    tools_other: '{{count}} tools',
    note: {
      empty: '(empty)',
      'no-visible-text': '(no visible text)',
      failed: 'error: {{error}}',
    },
  },
};
