/** The runtimes as the page names them: the Model band's title line, and the scripted replay's panel. */
export const runtimes = {
  model: 'Model',
  band: 'Model · {{runtime}}',
  label: {
    scripted: 'Scripted replay',
    human: 'You are the model',
    webllm: 'WebLLM (WebGPU)',
    wllama: 'CPU (wllama, GGUF)',
    endpoint: 'OpenAI-compatible endpoint',
  },
  /** Each runtime's short name, before the model it runs (`withModel`). */
  short: {
    scripted: 'Scripted replay',
    human: 'You are the model',
    webllm: 'WebLLM',
    wllama: 'CPU',
    endpoint: 'Endpoint',
  },
  /** A runtime and the model it runs: "WebLLM · Qwen2.5-0.5B". */
  withModel: '{{runtime}} · {{model}}',
  /** The CPU runtime while it runs the built-in tiny model (also its English label in the run). */
  tinyModelLabel: 'CPU · tiny random test model',
  requirement: {
    scripted: 'Nothing: plays the scenario’s recorded turns in any browser, no GPU, no download.',
    human: 'Nothing: you write each assistant turn (text and/or tool calls, and the finish reason).',
    webllm: 'A WebGPU browser (Chrome/Edge 113+); downloads 0.3–2.5 GB once, then works offline',
    wllama:
      'Any Chrome or Edge 137+ (no GPU): a GGUF model file or URL, or the built-in tiny random test model (nonsense text).',
    endpoint:
      'A running server: Ollama, LM Studio, llama.cpp’s llama-server, vLLM or a hosted API (its URL and a model).',
  },
  scriptedPanel:
    'Scripted replay plays the scenario’s recorded assistant turns through the same text protocol a real model uses: raw text streams token by token, the harness parses the tool calls out of it and derives the stop reason. It does not read your message; edit arguments or results at a pause and watch them flow through.',
};
