import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Imports the pure engine must never take: it runs in tests, workers and the page alike. */
export const engineForbiddenImports = [
  { group: ['react', 'react/*', 'react-dom', 'react-dom/*'], message: 'src/engine/ is pure TypeScript: no React.' },
  { group: ['zustand', 'zustand/*'], message: 'src/engine/ is pure TypeScript: no zustand.' },
  {
    group: ['@mlc-ai/web-llm', '@wllama/wllama', '@wllama/*'],
    message: 'src/engine/ must not import a runtime library.',
  },
  { group: ['idb', 'idb/*'], message: 'src/engine/ has no storage.' },
  {
    // src/engine/runtimes/ (scripted replay, human) is part of the engine: '../runtimes/x' from an engine
    // subfolder and './runtimes/x' from src/engine/ reach it. From a top-level engine file '../runtimes/x' is the
    // app layer src/runtimes/, which engineTopLevelImports forbids below.
    group: ['**/ui/**', '**/store/**', '**/runtimes/**', '**/persistence/**', '!./runtimes/**', '!../runtimes/**'],
    message: 'src/engine/ must not import app layers.',
  },
];

/** From a file directly in src/engine/, '../runtimes/…' leaves the engine. */
const engineTopLevelImports = [
  ...engineForbiddenImports,
  { group: ['../runtimes/**'], message: 'src/engine/ must not import app layers.' },
];

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-*',
      'dev-dist',
      'dev-dist/**',
      'node_modules',
      'test-results',
      'playwright-report',
      'public/generated',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'always'],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['src/engine/**/*.ts'],
    languageOptions: { globals: { ...globals['shared-node-browser'] } },
    rules: {
      'no-restricted-imports': ['error', { patterns: engineForbiddenImports }],
      // The engine gets its clock and timers injected, and never touches the DOM.
      'no-restricted-globals': [
        'error',
        { name: 'window', message: 'No DOM in src/engine/.' },
        { name: 'document', message: 'No DOM in src/engine/.' },
        { name: 'localStorage', message: 'No storage in src/engine/.' },
        { name: 'indexedDB', message: 'No storage in src/engine/.' },
      ],
    },
  },
  {
    files: ['src/engine/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: engineTopLevelImports }] },
  },
);
