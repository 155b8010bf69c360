/** Types of lint/no-module-state.js for the test that checks it (scripts/module-state.test.ts). */
import type { ESLint, Rule } from 'eslint';

export declare const noModuleState: Rule.RuleModule;
declare const plugin: ESLint.Plugin & { rules: { 'no-module-state': Rule.RuleModule } };
export default plugin;
