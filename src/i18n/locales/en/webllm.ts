/**
 * The WebLLM runtime: its Model panel (capability, catalog, load, options, import), the prompt-format control,
 * the load phases, the notices, and the errors web-llm throws mapped to what to do (errors.ts words the English
 * ones stored in a run from `error`).
 */
export const webllm = {
  onlyRunnable: 'Show only models that run here',
  hidden_one: '{{count}} model hidden: this GPU cannot run it (no shader-f16, or too little memory).',
  hidden_other: '{{count}} models hidden: this GPU cannot run them (no shader-f16, or too little memory).',
  panelLabel: 'WebLLM model',
  title: 'WebLLM · web-llm {{version}} in a worker',
  capability: {
    label: 'WebGPU capability',
    checking: 'Checking WebGPU…',
    'no-webgpu':
      'WebGPU is not available in this browser, so WebLLM cannot run here. Use Chrome or Edge 113+ (on Linux, enable WebGPU in chrome://flags), or pick another runtime: Scripted replay, "You are the model", or the CPU runtime.',
    'no-adapter':
      'WebGPU is present but no GPU adapter was found (blocklisted driver, GPU disabled, or a VM). Check chrome://gpu, or pick another runtime: Scripted replay, "You are the model", or the CPU runtime.',
    'probe-failed': 'Probing WebGPU failed: {{detail}}',
    adapter: 'Adapter: {{adapter}}',
    adapterSoftware: 'Adapter: {{adapter}} (software, no real GPU)',
    unknown: 'unknown',
    f16Yes: 'shader-f16: yes',
    f16No: 'shader-f16: no — q4f16 models cannot run here; use q4f32',
    limits: 'Max buffer {{buffer}}, storage binding {{binding}}',
    recommended: 'Recommended here: {{model}}',
    softwareLabel: 'Software adapter',
    software:
      "This is a software WebGPU adapter (no real GPU). WebLLM runs very slowly here, and its results may be wrong: web-llm's sampling kernels assume real GPU lanes and were seen to pick tokens the tool-call constraint forbids. For correct results on this machine, use the CPU runtime (wllama).",
    worker: 'Worker: {{state}}',
    workerState: { off: 'off', booting: 'booting', ready: 'ready', crashed: 'crashed' },
    storage: 'Storage: {{used}} used of {{quota}} available to this site',
  },
  details: 'Details',
  load: {
    label: 'Load progress',
    loading: 'Loading {{model}}: {{phase}}',
    bar: 'Model load progress',
    cancel: 'Cancel load',
    ready: 'Ready: {{model}} on {{gpu}}',
    unload: 'Unload',
  },
  phase: {
    starting: 'Starting',
    downloading: 'Downloading weights',
    'loading-from-cache': 'Loading weights from the cache',
    'compiling-shaders': 'Compiling GPU shaders',
    finished: 'Ready',
  },
  notice: {
    cacheUnreadable: 'Could not read the model cache: {{error}}',
    cancelled: 'Loading cancelled.',
    deleted: 'Deleted {{model}} from the cache.',
    notImported: 'Not imported: {{error}}',
    importFailed: 'Import failed: {{error}}',
    imported: 'Imported {{model}}: load it below.',
    importedAsk: 'Imported {{model}}: choose its prompt format below, then load it.',
  },
  catalog: {
    label: 'Model catalog',
    model: 'Model',
    download: 'Download',
    gpuMemory: 'GPU memory',
    f16: 'f16',
    cached: 'Cached',
    runsHere: 'Runs here',
    actions: 'Actions',
    recommended: 'recommended',
    nativeTools: 'native tools',
    imported: 'Imported from local files · prompt format: {{format}}.',
    formatUnknown: 'not known — choose it under "Format"',
    needsF16: 'needs shader-f16',
    no: 'no',
    yes: 'yes',
    yesWarning: 'yes ({{warning}})',
    softwareWarning: 'software adapter: very slow, results may be wrong',
    isCached: 'cached',
    noSeeAbove: 'no — see the message above',
    noBecause: 'no: {{reason}}',
    needsF16Reason: 'Needs shader-f16, which this GPU adapter lacks: pick the q4f32 variant.',
    bindingReason: "The adapter's storage buffer binding limit ({{size}}) is under web-llm's 128 MB minimum.",
    load: 'Load',
    loadOf: 'Load {{model}}',
    delete: 'Delete',
    deleteOf: 'Delete {{model}} from cache',
    format: 'Format',
    formatOf: 'Prompt format of {{model}}',
    parts: 'weights {{weights}} · library {{library}} · tokenizer {{tokenizer}}',
    partsConfigs: 'weights {{weights}} · library {{library}} · tokenizer {{tokenizer}} · configs {{configs}}',
    notCached: 'not cached',
    estimate: '≈ {{size}}',
  },
  /** The catalog's notes, by CatalogModel.note. */
  note: {
    qwen3Small: 'Smallest model that calls tools reliably; thinking on/off.',
    qwen3SmallF32: 'As above, for GPUs without shader-f16.',
    qwen3Recommended: 'Recommended: good tool calls and arguments; thinking on/off.',
    qwen3RecommendedF32: 'Recommended where shader-f16 is missing.',
    qwen3Best: 'Best tool use of the small ones; needs a real GPU.',
    qwen25Tiny: 'Tiny; tends to repeat the same call.',
    qwen25Fast: 'No thinking: fast, fair tool calls.',
    llama1b: 'Weak at choosing when to call; one call per turn.',
    llama3b: 'JSON calls in its own format; one call per turn.',
    hermes3b: 'Hermes tool_use format through the prompt (not web-llm tools).',
    hermes7b: 'web-llm native tools: forced JSON array, own system prompt.',
    hermes8b: 'web-llm native tools (fixed in 0.2.86).',
  },
  options: {
    legend: 'Options',
    thinking: 'Qwen3 thinking (<think> shown, stripped from history)',
    nativeTools: 'Use web-llm native tools (Hermes 8B only)',
  },
  import: {
    label: 'Import a model from local files (MLC weights folder + model library .wasm)',
    input: 'Import model files',
  },
  format: {
    label: 'Prompt format',
    question: 'Which prompt format was {{model}} trained on? {{why}} Pick it below; without one it gets no tools.',
    of: 'Prompt format of {{model}}',
    choose: 'Choose…',
    useDetected: 'Use the detected one ({{format}})',
    forget: 'Forget my choice',
    removeImport: 'Remove this import',
    yourChoice: 'Your choice.',
    filesSay: 'Its files say {{format}} ({{evidence}}).',
    from: 'From {{evidence}}.',
    noTools:
      'No tools are sent in this format: tool choice "required" or a named tool is refused, "auto" answers in plain text.',
    example: 'Example request in this format',
    exampleNote_one:
      'One question and the calculate tool, tool choice auto — what web-llm receives ({{count}} tool sent):',
    exampleNote_other:
      'One question and the calculate tool, tool choice auto — what web-llm receives ({{count}} tools sent):',
    exampleLabel: 'Example request',
    responseFormat: 'response_format (the output constraint)',
    unconstrained: 'none: the output is not constrained',
    chatml: 'ChatML without tools',
  },
  /** The header's status while no WebLLM model can answer. */
  readiness: {
    loading: 'loading a model…',
    none: 'no model loaded — load one in the Model panel',
  },
  /** What web-llm's errors mean and what to do, by MappedError.key. */
  error: {
    noWebgpu:
      'WebGPU is not available in this browser. Use Chrome or Edge 113+ with WebGPU enabled. Or pick another runtime: Scripted replay, "You are the model", or the CPU runtime.',
    shaderF16:
      'This model needs the WebGPU shader-f16 feature, which this GPU adapter lacks. Pick the q4f32 variant of the same model.',
    featureMissing: 'This model needs a WebGPU feature this browser lacks ({{detail}}). Pick another model.',
    deviceLost:
      'The GPU ran out of memory (the WebGPU device was lost) while loading. Close other GPU-heavy tabs, or pick a smaller model (fewer parameters, or 0.6B/1B).',
    integrity: 'A downloaded model file failed its integrity check. Delete the model from the cache and load it again.',
    modelNotFound: 'web-llm has no record for this model id. Pick a model from the catalog, or import its files again.',
    notLoaded: 'No model is loaded. Load a model in the Model panel first.',
    contextWindow:
      "The prompt is longer than the model's context window. Start a new run, expose fewer tools, or shorten the history.",
    requestInvalid:
      "web-llm rejected the request: {{detail}} This is a bug in the app's request builder; please report it.",
    nativeToolsUnsupported:
      'web-llm\'s native tools field does not fit this request: {{detail}} Turn "native tools" off to use the prompt-based tool format.',
    nativeToolsOutput: "The model's reply was not the JSON array of calls web-llm's native tools expect: {{detail}}",
    grammar: "The output constraint could not be compiled (a tool's JSON Schema xgrammar cannot handle?): {{detail}}",
    storage:
      'The browser ran out of storage for the model cache. Delete cached models you do not need, or free disk space.',
    grammarRejected:
      "The model picked a token the tool-call constraint forbids, so web-llm stopped this call. It happens on software WebGPU adapters (web-llm's sampling kernels assume real GPU lanes), where results may be wrong: use the CPU runtime on this machine. On a real GPU, call the model again.",
    toolRole:
      "This model's conversation template has no tool role. The app should have sent tool results as a user message; please report it.",
    noAdapter:
      'WebGPU found no compatible GPU adapter (blocklisted driver or GPU disabled; see chrome://gpu). Or pick another runtime: Scripted replay, "You are the model", or the CPU runtime.',
    gpuLimits:
      'This GPU\'s WebGPU buffer limits are below what web-llm needs. Update the browser or GPU driver. Or pick another runtime: Scripted replay, "You are the model", or the CPU runtime.',
    outOfMemory: 'The GPU ran out of memory. Close other GPU-heavy tabs, or pick a smaller model.',
    downloadFailed:
      'Downloading the model failed: the network is off or huggingface.co / raw.githubusercontent.com cannot be reached. A model downloads once and then works offline — connect once to cache it, or import its files from disk (MLC weights folder + model library .wasm).',
    unknown: 'WebLLM failed: {{detail}}',
    unknownEmpty: 'WebLLM failed: unknown error',
    workerCrashed:
      'The WebLLM worker crashed (often the GPU or the tab ran out of memory). The model is unloaded: load it again, or pick a smaller model.',
  },
};
