/** The CPU runtime (wllama): its Model panel, load phases and failures, and the recommended real models. */
export const cpu = {
  panelLabel: 'CPU runtime (wllama)',
  title: 'CPU · wllama (llama.cpp in WebAssembly)',
  intro:
    'Runs a GGUF model on the CPU, no WebGPU needed (Chrome or Edge 137+). Pick a small chat model in ChatML format, e.g. a Qwen2.5 0.5B–1.5B Instruct Q4 file. Tool calls use the app’s own protocol, constrained by a grammar so every call parses.',
  source: 'Model source',
  file: 'GGUF file',
  url: 'Model URL',
  urlPlaceholder: 'https://…/model-q4_k_m.gguf',
  loadUrl: 'Load from URL',
  urlCached: 'Cached for offline use ({{size}}): loads without the network.',
  urlNotCached: 'Not cached: the first successful load downloads it and keeps it for offline use.',
  tiny: 'Generate tiny random test model',
  seed: 'Seed',
  tinyNote:
    'About 0.5 MB of random weights, built in your browser. Its text is nonsense by design: it exists to run the real inference path (load, tokenize, decode, grammar-constrained tool calls) anywhere.',
  tinySource: 'tiny random test model',
  tinySourceSeed: 'tiny random test model (seed {{seed}})',
  cache: {
    label: 'Offline GGUF cache',
    title: 'Cached for offline use',
    unavailable: 'This page has no Cache Storage (it needs https or localhost): URL loads are not kept.',
    reading: 'Reading the cache…',
    empty: 'No GGUF files cached. A model loaded from a URL is kept here for offline use.',
    listLabel: 'Cached GGUF models',
    load: 'Load',
    delete: 'Delete from cache',
    readFailed: 'Could not read the offline cache: {{detail}}',
    deleteFailed: 'Could not delete from the offline cache: {{detail}}',
  },
  options: {
    title: 'Options',
    threads: 'Threads',
    isolated: 'Cross-origin isolated: up to {{max}}; {{recommended}} recommended here.',
    oneThread: 'One thread: more need a cross-origin isolated page (and rarely help on few cores).',
    context: 'Context (tokens)',
    offload: 'Offload layers to WebGPU (llama.cpp’s WebGPU backend)',
    offloadNone: 'Offload layers to WebGPU (this browser has no WebGPU)',
  },
  phase: {
    generating: 'Generating the tiny model',
    reading: 'Reading',
    downloading: 'Downloading',
    checking: 'Checking the GGUF header',
    loading: 'Loading into llama.cpp',
    caching: 'Saving for offline use',
  },
  progress: {
    label: 'Load progress',
    line: '{{phase}} {{source}}',
    bytes: ' · {{loaded}}',
    bytesOf: ' · {{loaded}} of {{total}}',
    bar: 'Model load progress',
    cancel: 'Cancel load',
  },
  backendLine: {
    webgpu: 'wllama · WebGPU ({{layers}}/{{total}} layers) · {{threads}}',
    cpu: 'wllama · CPU wasm · {{threads}}',
    cpuUnavailable: 'wllama · CPU wasm · {{threads}} (WebGPU unavailable)',
    cpuNotUsed: 'wllama · CPU wasm · {{threads}} (WebGPU not used)',
    threads_one: '{{count}} thread',
    threads_other: '{{count}} threads',
  },
  ready: {
    label: 'Loaded model',
    line: 'Ready: {{source}}',
    nonsense: 'Tiny random test model: its text is nonsense by design.',
    backend: 'Backend',
    model: 'Model',
    unnamed: 'unnamed',
    size: 'Size',
    sizeValue: '{{file}} file · about {{memory}} in memory',
    context: 'Context',
    contextValue: '{{tokens}} tokens',
    contextTrained: '{{tokens}} tokens (trained {{trained}})',
    loadTime: 'Load time',
    offline: 'Offline',
    log: 'llama.cpp log ({{count}})',
    unload: 'Unload',
  },
  cacheOutcome: {
    hit: 'Loaded from the offline cache ({{size}}), no download',
    stored: 'Downloaded and saved for offline use ({{size}})',
    'not-stored': 'Downloaded, but not saved for offline use: {{reason}}',
  },
  note: {
    cancelled: 'Loading was cancelled.',
    unloaded: 'The model was unloaded.',
  },
  /** Why a model did not load, by LoadText.key (sizes are formatted by the panel). */
  /** The header's status while no CPU model can answer. */
  readiness: {
    loading: 'The CPU model is still loading.',
    failed: 'No CPU model loaded: {{message}}',
    none: 'Load a GGUF model, or generate the tiny random test model, in the Model panel first.',
  },
  failure: {
    empty: 'This file is empty: a GGUF model file starts with "GGUF".',
    notGguf: 'This is not a GGUF model file: it starts with "{{start}}", a GGUF file starts with "GGUF".',
    unsupportedVersion: 'This GGUF file has version {{version}}; llama.cpp reads versions 2 and 3.',
    truncatedHeader: 'This GGUF file is truncated: it ends inside its header. Download it again.',
    truncatedData:
      'This GGUF file is truncated: its header describes {{described}} of data but the file has only {{file}}. The download was probably cut off: download it again.',
    tooLarge:
      'This model is too large for memory: it needs about {{needs}} (weights {{weights}}, context cache {{kvCache}} for {{nCtx}} tokens), and {{budget}} allows {{allows}}. Pick a smaller or more quantized model (for example a 0.5B–1.5B Q4 GGUF).',
    tooLargeFile:
      'This model is too large for memory: the file alone is {{file}} and {{budget}} allows {{allows}}. Pick a smaller or more quantized model.',
    tooLargeStream: 'This model is too large for memory: more than {{allows}} ({{budget}}).',
    budgetDevice: 'this device (about {{gb}} GB of RAM)',
    budgetWasm: "wllama's WebAssembly memory limit",
    noArchitecture:
      'This GGUF file names no model architecture (general.architecture), so llama.cpp cannot load it. The file is incomplete or was converted wrongly: get the model from another source.',
    missingHyperparameters_one:
      'This GGUF file lacks a hyperparameter llama.cpp needs to build the model: {{keys}}. The file is incomplete or was converted by a tool that left it out: get the model from another source.',
    missingHyperparameters_other:
      'This GGUF file lacks hyperparameters llama.cpp needs to build the model: {{keys}}. The file is incomplete or was converted by a tool that left them out: get the model from another source.',
    notUrl: '"{{url}}" is not a URL.',
    httpStatus: 'The download failed: the server answered {{status}} {{statusText}}.',
    offline:
      'The download failed: this browser is offline. Connect to the network, or load a file from disk (a URL already in the offline cache loads without the network).',
    cors: 'The download failed: {{host}} answered but does not let this page read the file (CORS: it sends no Access-Control-Allow-Origin). Download the file and pick it under "GGUF file", or use a host that allows it (Hugging Face does).',
    unreachable: 'The download failed: {{host}} could not be reached ({{detail}}). Check the URL and your connection.',
    interrupted: 'The download was interrupted: {{detail}}.',
    library: 'Could not load the wllama library: {{detail}}',
    failed: 'Loading failed: {{detail}}',
  },
  recommended: {
    title: 'Recommended real models',
    intro:
      'Small chat models in ChatML, one GGUF file each from Hugging Face (which allows the download from this page). Sizes are approximate; the file is kept for offline use after the first load.',
    facts: '{{size}} · {{licence}}',
    page: 'model card',
    load: 'Load ({{size}})',
    loadCached: 'Load (cached)',
    /** The button's name: its visible text first (WCAG 2.5.3, label in name), then the model. */
    loadOf: '{{action}} · {{name}}',
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
