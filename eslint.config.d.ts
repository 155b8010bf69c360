/** Types of what eslint.config.js exports for the tests that check it (scripts/lint-zones.test.ts, scripts/ui-literals.test.ts). */
import type { Linter } from 'eslint';

/** Each layer of src/ and the layers it may import. */
export declare const LAYERS: Readonly<Record<string, readonly string[]>>;
export declare const layerZones: readonly { target: string; from: readonly string[]; message: string }[];
/** Each folder of src/engine/ and the engine folders it may import (every folder may import the core). */
export declare const ENGINE_LAYERS: Readonly<Record<string, readonly string[]>>;
export declare const engineLayerZones: readonly { target: string; from: readonly string[]; message: string }[];
/** Outside src/engine/, only its entry. */
export declare const engineEntryZone: {
  target: readonly string[];
  from: string;
  except: readonly string[];
  message: string;
};
export declare const engineForbiddenImports: readonly { group: readonly string[]; message: string }[];
/** The selectors that refuse English literals in components. */
export declare const uiLiteralSelectors: readonly string[];
/** The browser globals the engine and the store must take injected (timers, fetch, events, the navigator). */
export declare const INJECTED_GLOBALS: readonly string[];
declare const config: Linter.Config[];
export default config;
