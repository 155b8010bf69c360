/**
 * The engine's message tables, the second door into the engine: the English catalog (src/i18n/locales/en/) takes
 * each table's English from here, so English is written once. Only tables, and modules that import nothing heavy:
 * the English catalog is bundled with the first paint, which must not wait for the loop, zod or the parsers
 * (src/i18n/english-tables.test.ts follows the imports). Every other use goes through `index.ts`.
 */
export { ORDER_ERRORS, OUTPUT_SCHEMA_ERRORS } from './advisors/input-errors';
export { ADVISOR_NAMES } from './advisors/names';
export { NOTICES } from './loop/notices';
export { FINISH_LABELS } from './loop/run-end';
export { RUN_END_DETAILS } from './loop/run-end-details';
export { ANOMALIES, ANTHROPIC_LOOP_ACTION } from './stop-reasons';
export { STUDIO_NOTICES } from './user-tools/notices';
export { STUDIO_PROBLEMS } from './user-tools/problems';
export type { Coded, MessageValues } from './coded';
