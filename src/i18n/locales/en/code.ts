/** "Show the code" (#16 item 7): the loop as a program for an SDK, with copy and download. */
export const code = {
  tab: 'Code',
  title: 'Show the code',
  intro:
    'The equivalent program for the current tools, settings and loop control. The tool implementations are left ' +
    'for you to fill in.',
  target: 'Program',
  targets: {
    'openai-ts': 'TypeScript · OpenAI SDK',
    'anthropic-ts': 'TypeScript · Anthropic SDK',
    'spring-ai-java': 'Java · Spring AI',
    'webllm-ts': 'TypeScript · web-llm',
  },
  copy: 'Copy',
  copied: 'Copied',
  copyFailed: 'Could not copy: {{reason}}',
  download: 'Download {{filename}}',
  toolsProblem: 'The program cannot be written: {{reason}}',
  yourWorkspace: 'Your workspace',
  source: 'Generated program',
};
