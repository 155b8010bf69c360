/**
 * Why a CPU model did not load, as data: a key of the `cpu:failure` catalog and its facts (sizes in bytes),
 * so the panel words it in the page's language. The loader's `LoadFailure.message` keeps the English sentence.
 */

/** Where the memory limit comes from: half this device's RAM, or wllama's WebAssembly heap. */
export type BudgetWhy = { readonly kind: 'device'; readonly gb: number } | { readonly kind: 'wasm' };

export type LoadText =
  | { readonly key: 'empty' }
  | { readonly key: 'notGguf'; readonly start: string }
  | { readonly key: 'unsupportedVersion'; readonly version: number }
  | { readonly key: 'truncatedHeader' }
  | { readonly key: 'truncatedData'; readonly describedBytes: number; readonly fileBytes: number }
  | {
      readonly key: 'tooLarge';
      readonly needsBytes: number;
      readonly weightsBytes: number;
      readonly kvCacheBytes: number;
      readonly nCtx: number;
      readonly budget: BudgetWhy;
      readonly allowsBytes: number;
    }
  | {
      readonly key: 'tooLargeFile';
      readonly fileBytes: number;
      readonly budget: BudgetWhy;
      readonly allowsBytes: number;
    }
  | { readonly key: 'tooLargeStream'; readonly budget: BudgetWhy; readonly allowsBytes: number }
  | { readonly key: 'noArchitecture' }
  | { readonly key: 'missingHyperparameters'; readonly keys: readonly string[] }
  | { readonly key: 'notUrl'; readonly url: string }
  | { readonly key: 'httpStatus'; readonly status: number; readonly statusText: string }
  | { readonly key: 'offline' }
  | { readonly key: 'cors'; readonly host: string }
  | { readonly key: 'unreachable'; readonly host: string; readonly detail: string }
  | { readonly key: 'interrupted'; readonly detail: string }
  | { readonly key: 'library'; readonly detail: string }
  | { readonly key: 'failed'; readonly detail: string };
