/** The Request and Prompt tabs: the next request, each request as sent, each prompt as a diff with its tokens. */
export const prompt = {
  empty: 'The prompt of each model call appears here.',
  inFlight: 'This model call has not answered yet: its prompt appears here when it does.',
  picker: {
    label: 'Model call',
    next: 'next request (before it is sent)',
    turn: 'turn {{round}}',
  },
  request: {
    nextTitle: 'Next request',
    nextSummary: 'Turn {{round}} · {{messages}} · {{tools}}',
    nextMessages_one: '{{count}} message',
    nextMessages_other: '{{count}} messages',
    nextTools_one: '{{count}} tool',
    nextTools_other: '{{count}} tools',
    toolChoice: 'tool choice {{choice}}',
    toolChoiceOnly: 'tool choice only {{name}}',
    nextHint:
      'Built from the workspace (the ticked tools, the tool choice) and the run so far; below, exactly what the runtime will send when you Step.',
    nextJsonLabel: 'Next request JSON',
    wire: {
      'openai-chat': 'The body {{runtime}} sends: OpenAI chat-completions JSON.',
      webllm: 'The request {{runtime}} passes to web-llm’s engine.chat.completions.create.',
      'llama-completion':
        'What {{runtime}} sends to llama.cpp: the prompt it rendered and the GBNF grammar the reply is held to.',
    },
    promptText: 'The rendered prompt',
    grammar: 'The grammar (GBNF)',
    noPreview: '{{runtime}} cannot show its request yet: {{reason}}',
    internal: 'The harness’s own record of this request',
    internalHint:
      'The loop’s internal request (its field names, not a wire format): what it hands the runtime, which turns it into the body above.',
    internalLabel: 'Internal request record',
    noNext: 'No request to send now: {{reason}}',
    sentTitle: 'Request as the runtime received it',
    jsonLabel: 'Request JSON',
    toolsOffered_one: '{{count}} tool offered: {{names}}',
    toolsOffered_other: '{{count}} tools offered: {{names}}',
    noTools: 'No tools offered in this request.',
    noBody: 'This runtime reports no request body: shown as OpenAI messages and tools.',
    inFlight: 'The model has not answered this request yet: shown as OpenAI messages and the tools offered.',
  },
  diff: {
    label: 'Prompt diff against the previous round',
    title: 'Turn {{round}}’s prompt against turn {{previous}}’s',
    firstTitle: 'The first prompt of the run',
    first: 'The first model call: every segment is new.',
    extends_one:
      'This prompt extends turn {{previous}}’s: it keeps every segment as it was and adds {{count}} (highlighted) — the model’s reply and what came after it.',
    extends_other:
      'This prompt extends turn {{previous}}’s: it keeps every segment as it was and adds {{count}} (highlighted) — the model’s reply and what came after it.',
    notExtends: 'This prompt does not simply extend turn {{previous}}’s. What changed, and why:',
  },
  reasons: {
    'reasoning-dropped':
      'An earlier assistant turn lost its <think> block: Qwen3’s template keeps the reasoning of the latest turns only, so the prompt is rewritten (and a runtime’s KV cache must prefill it again).',
    'tools-changed':
      'The tool definitions changed: tool search added the tools it found (or the exposed tools changed), so the system turn was rewritten.',
    'system-changed': 'The system prompt changed.',
    'history-dropped':
      'A turn of the history is no longer sent (a memory advisor inside the loop turns the loop’s own history off).',
    rewritten: 'A turn is written differently this time (re-rendered from the parsed calls, or a changed date line).',
  },
  status: {
    same: 'unchanged',
    added: 'added',
    changed: 'changed',
    removed: 'no longer sent',
  },
  segments: {
    system: 'system prompt',
    tools: 'tool definitions',
    generation: 'generation prompt',
    other: 'prompt text',
    user: 'turn {{turn}} · user',
    assistant: 'turn {{turn}} · assistant',
    laterSystem: 'turn {{turn}} · system',
    toolResults_one: 'turn {{turn}} · {{count}} tool result',
    toolResults_other: 'turn {{turn}} · {{count}} tool results',
  },
  parts: {
    system: 'system',
    tools: 'tools',
    history: 'history',
    new: 'new',
  },
  source: {
    rendered:
      'The runtime did not report its prompt (a server applies its own template): these segments are the app’s ChatML rendering of the request, for comparison.',
  },
  tokens: {
    loading: 'Loading the Qwen3 tokenizer to count each segment…',
    failed: 'The tokenizer could not be loaded ({{error}}): segments are not counted.',
    runtime: 'Tokens counted by the runtime’s own tokenizer.',
    estimated:
      'Tokens estimated with the bundled Qwen3 tokenizer (this runtime reports no counts of its own); the parts add up to the prompt.',
    runtimeWhole:
      'The runtime counted the whole prompt with its own tokenizer: {{prompt}} tokens. It reports no count per part, so the parts are estimates with the bundled Qwen3 tokenizer and add up to {{parts}}.',
    total: 'prompt',
    added: '{{tokens}} added',
    count_one: '{{formatted}} token',
    count_other: '{{formatted}} tokens',
  },
  wholeTitle: 'Prompt text the model saw',
  wholeLabel: 'Prompt text',
  builtByServer:
    'Built by the server from its chat template: the app sent messages and tools, and the prompt text never comes back.',
  notExposed: '(this runtime does not expose its prompt text)',
  kv: {
    first: 'KV cache: first model call of the run — the whole prompt is prefilled.',
    extends:
      'KV cache: this prompt extends the previous call’s prompt plus the model’s exact output ({{chars}} characters); a runtime that keeps its cache prefills only the rest.',
    diverges:
      'KV cache: this prompt diverges from the previous prompt plus output at character {{at}} (expected “{{expected}}”, got “{{actual}}”): the runtime must prefill it all again.',
  },
};
