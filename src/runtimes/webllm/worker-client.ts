/**
 * The page's side of the WebLLM worker: starts it on first use, pairs replies with requests by id, streams
 * deltas and load progress, and turns a worker crash into a mapped error for every pending request (the next
 * call starts a fresh worker).
 */
import type { ModelRecord } from '@mlc-ai/web-llm';
import type { TokenCounter } from '../../engine';
import type { FromWorker, ToWorker, TokenCountsReply } from './worker-protocol';
import { mapWebLLMError, workerCrashed } from './errors';
import type { MappedError } from './errors';

type Pending = {
  resolve: (message: FromWorker) => void;
  reject: (error: MappedError) => void;
  onEvent?: (message: FromWorker) => void;
};

type Request = ToWorker extends infer T ? (T extends { id: number } ? Omit<T, 'id'> : never) : never;

export class WorkerClient {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly crashListeners = new Set<(error: MappedError) => void>();
  private fallbackCounter: (() => Promise<TokenCounter>) | null = null;

  constructor(
    private readonly create: () => Worker = () =>
      new Worker(new URL('./webllm.worker.ts', import.meta.url), { type: 'module' }),
  ) {}

  onCrash(listener: (error: MappedError) => void): () => void {
    this.crashListeners.add(listener);
    return () => this.crashListeners.delete(listener);
  }

  /**
   * The tokenizer the worker's fallback counts come from (the page's one Qwen3 copy, loaded on first use): the
   * worker bundles none and asks the page (`count-tokens`).
   */
  setFallbackCounter(load: () => Promise<TokenCounter>): void {
    this.fallbackCounter = load;
  }

  get started(): boolean {
    return this.worker !== null;
  }

  /** Sends one request; resolves with its final reply, rejects with a mapped error. */
  call(request: Request, onEvent?: (message: FromWorker) => void): Promise<FromWorker> {
    const worker = this.ensure();
    const id = this.nextId++;
    return new Promise<FromWorker>((resolve, reject) => {
      this.pending.set(id, { resolve, reject, ...(onEvent ? { onEvent } : {}) });
      worker.postMessage({ ...request, id } as ToWorker);
    });
  }

  interrupt(): void {
    this.worker?.postMessage({ type: 'interrupt' } satisfies ToWorker);
  }

  terminate(): void {
    this.worker?.terminate();
    this.worker = null;
    this.failAll(workerCrashed('The worker was stopped.'));
  }

  private ensure(): Worker {
    if (this.worker) return this.worker;
    const worker = this.create();
    worker.onmessage = (event: MessageEvent<FromWorker>) => this.receive(event.data);
    worker.onerror = (event: ErrorEvent) => {
      event.preventDefault();
      this.crash(workerCrashed(event.message || 'The worker failed to start or threw outside a request.'));
    };
    worker.onmessageerror = () => this.crash(workerCrashed('A worker message could not be read.'));
    this.worker = worker;
    return worker;
  }

  private receive(message: FromWorker): void {
    if (message.type === 'count-tokens') {
      void this.countForWorker(message.countId, message.texts);
      return;
    }
    const pending = this.pending.get(message.id);
    if (!pending) return;
    switch (message.type) {
      case 'progress':
      case 'delta':
        pending.onEvent?.(message);
        return;
      case 'error':
        this.pending.delete(message.id);
        pending.reject(mapWebLLMError(message.error));
        return;
      case 'ready':
      case 'cache-status':
      case 'loaded':
      case 'done':
      case 'result':
        this.pending.delete(message.id);
        pending.resolve(message);
        return;
      default:
        return;
    }
  }

  private async countForWorker(countId: number, texts: readonly string[]): Promise<void> {
    let reply: TokenCountsReply;
    try {
      if (!this.fallbackCounter) throw new Error('No fallback tokenizer is configured on the page.');
      const counter = await this.fallbackCounter();
      reply = {
        type: 'token-counts',
        countId,
        name: `${counter.label}; approximate for other model families`,
        counts: texts.map((text) => counter.count(text)),
      };
    } catch (error) {
      reply = { type: 'token-counts', countId, error: String(error) };
    }
    this.worker?.postMessage(reply);
  }

  private crash(error: MappedError): void {
    this.worker?.terminate();
    this.worker = null;
    this.failAll(error);
    for (const l of this.crashListeners) l(error);
  }

  private failAll(error: MappedError): void {
    const all = [...this.pending.values()];
    this.pending.clear();
    for (const p of all) p.reject(error);
  }
}

export type { ModelRecord };
