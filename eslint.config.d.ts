/** Types of what eslint.config.js exports for the tests that check it (scripts/lint-zones.test.ts, scripts/ui-literals.test.ts). */
import type { Linter } from 'eslint';

/** Each layer of src/ and the layers it may import. */
export declare const LAYERS: Readonly<Record<string, readonly string[]>>;
export declare const layerZones: readonly { target: string; from: readonly string[]; message: string }[];
export declare const engineForbiddenImports: readonly { group: readonly string[]; message: string }[];
/** The selectors that refuse English literals in components. */
export declare const uiLiteralSelectors: readonly string[];
declare const config: Linter.Config[];
export default config;
