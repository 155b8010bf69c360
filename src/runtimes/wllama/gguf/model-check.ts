/**
 * Decides whether a GGUF file can be loaded before llama.cpp sees it, so every refusal is a clear message:
 * not a GGUF, damaged, truncated, or too large for the memory the browser gives the runtime. The memory need is
 * an estimate (weights + KV cache + a compute allowance), stated as such in the message.
 */
import type { GgufHeader, GgufHeaderResult } from './gguf-reader';
import { metaNumber, metaString, tensorTypeNames } from './gguf-reader';
import type { Result } from '../../../engine';
import type { BudgetWhy, LoadText } from '../load-text';

export interface ModelSummary {
  readonly architecture: string;
  readonly name: string | null;
  readonly fileBytes: number;
  readonly tensorCount: number;
  readonly tensorTypes: readonly string[];
  readonly contextLength: number | null;
  readonly blockCount: number | null;
  readonly vocabSize: number | null;
  readonly hasChatTemplate: boolean;
  readonly memory: MemoryEstimate;
}

export interface MemoryEstimate {
  readonly weightsBytes: number;
  readonly kvCacheBytes: number;
  readonly computeBytes: number;
  readonly totalBytes: number;
  /** The context the estimate assumes: the requested one, capped by the model's trained context. */
  readonly nCtx: number;
}

export type ModelCheckProblem =
  'not-gguf' | 'unsupported-version' | 'malformed' | 'truncated' | 'too-large' | 'missing-hyperparameters';

/**
 * Keys llama.cpp reads as required for every architecture when it builds the model (`load_hparams`: the trained
 * context, the embedding width, the layer count). A file without one never loads.
 */
export const REQUIRED_HYPERPARAMETERS = ['context_length', 'embedding_length', 'block_count'] as const;

export type ModelCheck = Result<
  ModelSummary,
  {
    readonly problem: ModelCheckProblem;
    /** In English. */
    readonly message: string;
    /** The same, as data for the panel to word (absent where the text is llama.cpp's or a parser's own). */
    readonly text?: LoadText;
  }
>;

export interface ModelCheckOptions {
  /** The context size the runtime will ask for. */
  readonly nCtx: number;
  /** What the runtime can use, in bytes, and where that limit comes from (for the message). */
  readonly memoryBudgetBytes: number;
  readonly memoryBudgetReason: string;
  /** The same reason as data (for the panel's language); absent: the WebAssembly limit. */
  readonly memoryBudgetWhy?: BudgetWhy;
}

/** Bytes of an f16 KV cache entry; wllama's default cache type. */
const KV_BYTES_PER_VALUE = 2;
/** Fixed allowance for llama.cpp's compute buffers and the runtime itself. */
const COMPUTE_BASE_BYTES = 48 * 1024 * 1024;

export function checkModelFile(parsed: GgufHeaderResult, fileBytes: number, options: ModelCheckOptions): ModelCheck {
  if (!parsed.ok) {
    switch (parsed.error.kind) {
      case 'not-gguf':
        return {
          ok: false,
          error: {
            problem: 'not-gguf',
            message: parsed.error.message,
            text: { key: 'notGguf', start: parsed.error.start },
          },
        };
      case 'unsupported-version':
        return {
          ok: false,
          error: {
            problem: 'unsupported-version',
            message: parsed.error.message,
            text: { key: 'unsupportedVersion', version: parsed.error.version },
          },
        };
      case 'malformed':
      case 'truncated':
        return { ok: false, error: { problem: parsed.error.kind, message: parsed.error.message } };
      case 'need-more-bytes':
        // The caller passes the whole header; running out here means the file ends inside it.
        return {
          ok: false,
          error: {
            problem: 'truncated',
            message: 'This GGUF file is truncated: it ends inside its header. Download it again.',
            text: { key: 'truncatedHeader' },
          },
        };
      default: {
        const never: never = parsed.error;
        return never;
      }
    }
  }
  const header = parsed.value;
  const missing = missingHyperparameters(header);
  if (missing) {
    const absent = absentHyperparameters(header);
    return {
      ok: false,
      error: {
        problem: 'missing-hyperparameters',
        message: missing,
        text: absent === null ? { key: 'noArchitecture' } : { key: 'missingHyperparameters', keys: absent },
      },
    };
  }
  const memory = estimateMemory(header, options.nCtx);
  if (memory.totalBytes > options.memoryBudgetBytes) {
    return {
      ok: false,
      error: {
        problem: 'too-large',
        message:
          `This model is too large for memory: it needs about ${formatBytes(memory.totalBytes)} ` +
          `(weights ${formatBytes(memory.weightsBytes)}, context cache ${formatBytes(memory.kvCacheBytes)} for ` +
          `${memory.nCtx} tokens), and ${options.memoryBudgetReason} allows ${formatBytes(options.memoryBudgetBytes)}. ` +
          'Pick a smaller or more quantized model (for example a 0.5B–1.5B Q4 GGUF).',
        text: {
          key: 'tooLarge',
          needsBytes: memory.totalBytes,
          weightsBytes: memory.weightsBytes,
          kvCacheBytes: memory.kvCacheBytes,
          nCtx: memory.nCtx,
          budget: options.memoryBudgetWhy ?? { kind: 'wasm' },
          allowsBytes: options.memoryBudgetBytes,
        },
      },
    };
  }
  if (header.dataEnd > fileBytes) {
    return {
      ok: false,
      error: {
        problem: 'truncated',
        message:
          `This GGUF file is truncated: its header describes ${formatBytes(header.dataEnd)} of data but the file ` +
          `has only ${formatBytes(fileBytes)}. The download was probably cut off: download it again.`,
        text: { key: 'truncatedData', describedBytes: header.dataEnd, fileBytes },
      },
    };
  }
  return { ok: true, value: summarize(header, fileBytes, memory) };
}

/** The required keys a header lacks (empty when it has them all); null when it names no architecture. */
function absentHyperparameters(header: GgufHeader): string[] | null {
  const arch = metaString(header, 'general.architecture');
  if (arch === undefined) return null;
  return REQUIRED_HYPERPARAMETERS.map((key) => `${arch}.${key}`).filter((key) => metaNumber(header, key) === undefined);
}

/** The reason a header lacks what llama.cpp needs to build any model; null when it has it. */
export function missingHyperparameters(header: GgufHeader): string | null {
  const arch = metaString(header, 'general.architecture');
  if (arch === undefined) {
    return 'This GGUF file names no model architecture (general.architecture), so llama.cpp cannot load it. The file is incomplete or was converted wrongly: get the model from another source.';
  }
  const absent = REQUIRED_HYPERPARAMETERS.map((key) => `${arch}.${key}`).filter(
    (key) => metaNumber(header, key) === undefined,
  );
  if (absent.length === 0) return null;
  return (
    `This GGUF file lacks ${absent.length === 1 ? 'a hyperparameter' : 'hyperparameters'} llama.cpp needs to build ` +
    `the model: ${absent.join(', ')}. The file is incomplete or was converted by a tool that left ` +
    `${absent.length === 1 ? 'it' : 'them'} out: get the model from another source.`
  );
}

export function estimateMemory(header: GgufHeader, requestedCtx: number): MemoryEstimate {
  const arch = metaString(header, 'general.architecture') ?? 'llama';
  const trained = metaNumber(header, `${arch}.context_length`);
  const nCtx = trained !== undefined ? Math.min(requestedCtx, trained) : requestedCtx;
  const layers = metaNumber(header, `${arch}.block_count`) ?? 0;
  const embd = metaNumber(header, `${arch}.embedding_length`) ?? 0;
  const heads = metaNumber(header, `${arch}.attention.head_count`) ?? 0;
  const headsKv = metaNumber(header, `${arch}.attention.head_count_kv`) ?? heads;
  const headDim = heads > 0 ? embd / heads : 0;
  const keyLength = metaNumber(header, `${arch}.attention.key_length`) ?? headDim;
  const valueLength = metaNumber(header, `${arch}.attention.value_length`) ?? headDim;
  const kvCacheBytes = Math.round(layers * nCtx * headsKv * (keyLength + valueLength) * KV_BYTES_PER_VALUE);
  const weightsBytes = header.tensorBytes;
  // Compute buffers grow with the model: a base plus a tenth of the weights covers llama.cpp's scratch.
  const computeBytes = COMPUTE_BASE_BYTES + Math.round(weightsBytes * 0.1);
  return { weightsBytes, kvCacheBytes, computeBytes, totalBytes: weightsBytes + kvCacheBytes + computeBytes, nCtx };
}

function summarize(header: GgufHeader, fileBytes: number, memory: MemoryEstimate): ModelSummary {
  const arch = metaString(header, 'general.architecture') ?? 'unknown';
  const tokens = header.metadata.get('tokenizer.ggml.tokens');
  return {
    architecture: arch,
    name: metaString(header, 'general.name') ?? null,
    fileBytes,
    tensorCount: header.tensors.length,
    tensorTypes: tensorTypeNames(header),
    contextLength: metaNumber(header, `${arch}.context_length`) ?? null,
    blockCount: metaNumber(header, `${arch}.block_count`) ?? null,
    vocabSize: metaNumber(header, `${arch}.vocab_size`) ?? (tokens && tokens.type === 'array' ? tokens.length : null),
    hasChatTemplate: metaString(header, 'tokenizer.chat_template') !== undefined,
    memory,
  };
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(1)} GiB`;
  if (bytes >= 1024 ** 2) return `${(bytes / 1024 ** 2).toFixed(1)} MiB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(0)} KiB`;
  return `${bytes} B`;
}
