/**
 * A slice of the playground store: one key of the root state, read and patched on its own. The slices' action
 * factories take one of these, so each stays a plain module that knows only its part of the state.
 */
import type { StoreApi } from 'zustand/vanilla';

export interface Slice<S> {
  readonly get: () => S;
  /** Shallow-merges the patch into the slice. */
  readonly set: (patch: Partial<S>) => void;
}

export function sliceOf<T extends object, K extends keyof T>(store: StoreApi<T>, key: K): Slice<T[K]> {
  return {
    get: () => store.getState()[key],
    set: (patch) => store.setState((s) => ({ [key]: { ...s[key], ...patch } }) as unknown as Partial<T>),
  };
}
