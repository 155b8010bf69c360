/** The CPU runtime (wllama): the recommended real models. */
export const cpu = {
  recommended: {
    title: 'Recommended real models',
    intro:
      'Small chat models in ChatML, one GGUF file each from Hugging Face (which allows the download from this page). Sizes are approximate; the file is kept for offline use after the first load.',
    facts: '{{size}} · {{licence}}',
    page: 'model card',
    load: 'Load ({{size}})',
    loadCached: 'Load (cached)',
    loadOf: 'Load {{name}}',
    offline: 'Offline: connect to download it.',
    expect: {
      'fast-basic':
        'Fastest: answers in seconds on a laptop CPU and makes simple tool calls; often picks the wrong tool when there are many.',
      reasoning:
        'Thinks in a <think> block before it answers, so each turn is longer; better at choosing tools, and the Prompt tab shows its earlier reasoning dropped.',
      balanced: 'Slower (about twice the 0.5B’s time per token) but follows multi-step tool use much more reliably.',
    },
  },
};
