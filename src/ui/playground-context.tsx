/**
 * How components reach the playground: one `PlaygroundProvider` at the root (app-root.tsx), `usePlayground(selector)`
 * to read the store through a module-level selector (src/store/selectors.ts), and `usePlaygroundApi()` for the
 * actions. A component never imports a store instance: there is none at module level.
 */
import type { ReactNode } from 'react';
import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { Playground, PlaygroundState } from '../store/playground';

const PlaygroundContext = createContext<Playground | null>(null);

export function PlaygroundProvider({ playground, children }: { playground: Playground; children: ReactNode }) {
  return <PlaygroundContext.Provider value={playground}>{children}</PlaygroundContext.Provider>;
}

/** The playground of this tree: its actions, runtimes and advisor chain. */
export function usePlaygroundApi(): Playground {
  const playground = useContext(PlaygroundContext);
  if (!playground) throw new Error('usePlaygroundApi needs a PlaygroundProvider above it.');
  return playground;
}

/** Reads the store through a selector; re-renders when the selected value changes (by identity). */
export function usePlayground<T>(selector: (state: PlaygroundState) => T): T {
  return useStore(usePlaygroundApi().store, selector);
}
