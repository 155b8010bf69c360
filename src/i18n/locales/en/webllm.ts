/** The WebLLM panel: the catalog filter. */
export const webllm = {
  onlyRunnable: 'Show only models that run here',
  hidden_one: '{{count}} model hidden: this GPU cannot run it (no shader-f16, or too little memory).',
  hidden_other: '{{count}} models hidden: this GPU cannot run them (no shader-f16, or too little memory).',
};
