import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import localRules from './lint/no-module-state.js';

/**
 * The layers of src/ and the layers each may import: the arrows of docs/architecture.md. A layer imports only
 * itself and the layers listed here; the zones below are generated from this table, and scripts/lint-zones.test.ts
 * proves every arrow that is not here is refused. `app-root.tsx` is the composition root and may import them all
 * (`main.tsx`, the entry, paints the skeleton and loads it).
 */
export const LAYERS = {
  /** The pure domain core: messages, tools, protocols, the loop, advisors, tool search, run files. */
  engine: [],
  /**
   * The UI's languages: the catalogs (one namespace per feature), the i18next instance, `useT`, formatting. The
   * English catalog takes the engine's message tables (English written once); src/i18n/english-tables.test.ts
   * holds it to those tables alone.
   */
  i18n: ['engine'],
  /** Runtime adapters behind the engine's port (scripted, human, WebLLM, wllama, endpoint), each with its panel. */
  runtimes: ['engine', 'i18n'],
  /** Where user tool code runs: QuickJS in WebAssembly, a fresh worker per execution. */
  sandbox: ['engine'],
  /** IndexedDB through idb; everything read back is validated. */
  persistence: ['engine'],
  /** A real tokenizer behind the engine's TokenCounter port, loaded lazily. */
  tokenizers: ['engine'],
  /** Live MCP servers: the SDK's Streamable HTTP client (lazily loaded), sessions, the JSON-RPC log, content blocks. */
  mcp: ['engine'],
  /** The browser under the store, injected like storage: offline support (service worker, caches, network), timers. */
  platform: ['runtimes'],
  /** The playground store (zustand, no React): the workspace, the mirrored run, the slices and their actions. */
  store: ['engine', 'runtimes', 'platform', 'sandbox', 'persistence', 'tokenizers', 'mcp'],
  /** React components: read the store through selectors, act through its actions. */
  ui: ['engine', 'store', 'tokenizers', 'i18n'],
};

const LAYER_NAMES = Object.keys(LAYERS);

/** The entry (paints the skeleton) and the composition root it loads: no layer imports either. */
const ROOT_MODULES = ['main.tsx', 'app-root.tsx'];

/** One no-restricted-paths zone per layer: every other layer it does not list, and the composition root. */
export const layerZones = LAYER_NAMES.map((layer) => ({
  target: `./src/${layer}`,
  from: [...LAYER_NAMES.filter((other) => other !== layer && !LAYERS[layer].includes(other)), ...ROOT_MODULES].map(
    (other) => `./src/${other}`,
  ),
  message: `src/${layer}/ may import only ${LAYERS[layer].length === 0 ? 'itself' : `itself and ${LAYERS[layer].join(', ')}`} (docs/architecture.md).`,
}));

/**
 * The engine's own layers: each folder of src/engine/ imports only the folders its row lists, plus the core (the
 * files of src/engine/ itself: messages, tools, the runtime port, results, stop reasons), which imports no folder.
 * The rows follow the ranks core < protocol, augmentation, policy, user-tools < loop < model-port < lab, tool-search <
 * advisors, prompt-diff < scenarios, run-file, codegen, so no two folders import each other. Zones are generated
 * from this table like the outer ones; scripts/lint-zones.test.ts proves each fires, docs/architecture.md states it.
 */
export const ENGINE_LAYERS = {
  /** Text protocols: parsing tool calls, the per-family prompt formats, grammars, prompt dates. */
  protocol: [],
  /** Parameter augmentation (innerThought / confidence). */
  augmentation: [],
  /** The execution service and its policy (the policy-workspace lesson). */
  policy: [],
  /** User tools: the studio's specs, forms, MCP import, files. */
  'user-tools': [],
  /** The preset tools. */
  presets: ['policy'],
  /** The loop: events, state, controllers, tool execution, the next request, projections, the extension port. */
  loop: ['protocol', 'augmentation'],
  /** The runtime port's own models: the scripted replay, "you are the model", the ChatML prompt. */
  'model-port': ['protocol', 'loop'],
  /** The teaching lab, a loop extension: predict mode, guards, faults, the id lesson, schema checks. */
  lab: ['protocol', 'loop', 'model-port'],
  /** Tool search: indexes, the search tool, its request step. */
  'tool-search': ['protocol', 'loop', 'model-port'],
  /** Spring AI's advisor chain and the advisor-controlled loop (tool search is one of its loop advisors). */
  advisors: ['protocol', 'loop', 'model-port', 'lab', 'tool-search'],
  /** The prompt of each round in keyed segments, and what changed between rounds. */
  'prompt-diff': ['protocol', 'loop', 'model-port', 'tool-search'],
  /** The preset scenarios, the 28-tool workspace and its token measurement (the one token function's), the tools' language. */
  scenarios: ['protocol', 'loop', 'model-port', 'tool-search', 'prompt-diff'],
  /** Runs as files: the format and its schemas (every event kind), migrations, fork, compare. */
  'run-file': ['protocol', 'loop', 'lab', 'advisors', 'user-tools'],
  /** Show the code: a run as a program for each target. */
  codegen: ['protocol', 'augmentation', 'loop', 'advisors'],
  /** The checks a lesson carries (autograding): their vocabulary and its schema. */
  checks: [],
};

const ENGINE_FOLDERS = Object.keys(ENGINE_LAYERS);

/** One zone per engine folder, and one for the core: the folders it may not import, and the engine's entry. */
export const engineLayerZones = [
  {
    // The core: every file of src/engine/ itself but its two doors (the entry and the message tables), which
    // re-export the folders.
    target: './src/engine/!(index|tables).ts',
    from: ENGINE_FOLDERS.map((folder) => `./src/engine/${folder}`),
    message: 'The core of src/engine/ (its own files) imports no engine folder (docs/architecture.md).',
  },
  ...ENGINE_FOLDERS.map((folder) => ({
    target: `./src/engine/${folder}`,
    from: [
      ...ENGINE_FOLDERS.filter((other) => other !== folder && !ENGINE_LAYERS[folder].includes(other)),
      'index.ts',
      'tables.ts',
    ].map((other) => `./src/engine/${other}`),
    message: `src/engine/${folder}/ may import only the core${ENGINE_LAYERS[folder].map((other) => `, ${other}`).join('')} (docs/architecture.md).`,
  })),
];

/**
 * Outside the engine, only its public entry (`src/engine/index.ts`): the other layers and the composition root see
 * one list of names, and the engine's folders may move without touching them.
 */
export const engineEntryZone = {
  target: [...LAYER_NAMES.filter((layer) => layer !== 'engine'), ...ROOT_MODULES].map((other) => `./src/${other}`),
  from: './src/engine',
  // tables.ts: the message tables alone, for the English catalog (the first paint carries them).
  except: ['./index.ts', './tables.ts'],
  message:
    'Outside src/engine/, import the engine from its entry, src/engine/index.ts (`…/engine`), or its message tables from src/engine/tables.ts.',
};

/** Imports the pure engine must never take: it runs in tests, workers and the page alike. */
export const engineForbiddenImports = [
  { group: ['react', 'react/*', 'react-dom', 'react-dom/*'], message: 'src/engine/ is pure TypeScript: no React.' },
  { group: ['zustand', 'zustand/*'], message: 'src/engine/ is pure TypeScript: no zustand.' },
  {
    group: ['@mlc-ai/web-llm', '@wllama/wllama', '@wllama/*'],
    message: 'src/engine/ must not import a runtime library.',
  },
  { group: ['idb', 'idb/*'], message: 'src/engine/ has no storage.' },
];

/** Libraries a layer must not take even though the layer table allows its imports. */
const layerForbiddenImports = {
  store: [
    { group: ['react', 'react/*', 'react-dom', 'react-dom/*'], message: 'src/store/ has no React: the UI reads it.' },
  ],
  persistence: [
    {
      group: ['react', 'react/*', 'react-dom', 'react-dom/*', 'zustand', 'zustand/*'],
      message: 'src/persistence/ only stores.',
    },
  ],
  sandbox: [
    {
      group: ['react', 'react/*', 'react-dom', 'react-dom/*', 'zustand', 'zustand/*', 'idb', 'idb/*'],
      message: 'src/sandbox/ runs tool code and nothing else.',
    },
  ],
  mcp: [
    {
      group: ['react', 'react/*', 'react-dom', 'react-dom/*', 'zustand', 'zustand/*', 'idb', 'idb/*'],
      message: 'src/mcp/ talks to MCP servers and nothing else.',
    },
  ],
};

/**
 * Components speak through the catalogs (src/i18n, `useT`): no English sentence written into JSX, so a new feature
 * cannot ship in one language only. Text inside <code>, <kbd> and <pre> is code, not prose, and may stay.
 * scripts/ui-literals.test.ts proves each selector fires.
 */
const literalMessage =
  'A user-visible string: put it in the catalogs (src/i18n/locales/en and ko) and render it with t().';
export const uiLiteralSelectors = [
  'JSXElement[openingElement.name.name!=/^(code|kbd|pre)$/] > JSXText[value=/[A-Za-z]{2}/]',
  'JSXAttribute[name.name=/^(title|aria-label|placeholder|alt|label)$/] > Literal[value=/[A-Za-z]{2}/]',
  'JSXElement > JSXExpressionContainer > Literal[value=/[A-Za-z]{2}/]',
  'JSXElement > JSXExpressionContainer > ConditionalExpression > Literal[value=/[A-Za-z]{2}/]',
  'JSXElement > JSXExpressionContainer > TemplateLiteral > TemplateElement[value.raw=/[A-Za-z]{2}/]',
];

/**
 * The platform below the store: the engine and the store take time, the network, events and the navigator injected
 * (src/platform/, made in the composition root), never from the browser's globals. scripts/lint-zones.test.ts
 * proves each name is refused in both, and `local/no-module-state` (lint/no-module-state.js) that no module of
 * src/ keeps state of its own outside the composition root.
 */
export const INJECTED_GLOBALS = [
  'setTimeout',
  'clearTimeout',
  'setInterval',
  'clearInterval',
  'requestAnimationFrame',
  'cancelAnimationFrame',
  'requestIdleCallback',
  'fetch',
  'addEventListener',
  'removeEventListener',
  'navigator',
];
/** The DOM and storage the engine never touches, tests included. */
const engineGlobals = [
  { name: 'window', message: 'No DOM in src/engine/.' },
  { name: 'document', message: 'No DOM in src/engine/.' },
  { name: 'localStorage', message: 'No storage in src/engine/.' },
  { name: 'indexedDB', message: 'No storage in src/engine/.' },
];
const injectedMessage = (where) =>
  `${where} gets timers, the network, events and the navigator injected (src/platform/, app-root.tsx).`;
const injectedGlobals = (where) => INJECTED_GLOBALS.map((name) => ({ name, message: injectedMessage(where) }));
const injectedProperties = (where) =>
  ['globalThis', 'window', 'self'].flatMap((object) =>
    INJECTED_GLOBALS.map((property) => ({ object, property, message: injectedMessage(where) })),
  );
/** Tests and their support drive the code with real timers and fakes of the browser: the bans are for the layers. */
const TEST_FILES = ['src/**/*.test.{ts,tsx}', 'src/**/*.test-support.ts', 'src/store/test-playground.ts'];
const platformConfigs = [
  {
    files: ['src/engine/**/*.ts'],
    ignores: TEST_FILES,
    rules: {
      'no-restricted-globals': ['error', ...engineGlobals, ...injectedGlobals('src/engine/')],
      'no-restricted-properties': ['error', ...injectedProperties('src/engine/')],
    },
  },
  {
    files: ['src/store/**/*.ts'],
    ignores: TEST_FILES,
    rules: {
      'no-restricted-globals': ['error', ...injectedGlobals('src/store/')],
      'no-restricted-properties': ['error', ...injectedProperties('src/store/')],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: [...TEST_FILES, 'src/setup-tests.ts'],
    plugins: { local: localRules },
    rules: { 'local/no-module-state': 'error' },
  },
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
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
      // no-cycle parses the modules an import leads to: with the TypeScript parser, as ESLint parses the file.
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js'],
    },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // The layers and their arrows (see LAYERS above).
      'import-x/no-restricted-paths': ['error', { zones: [...layerZones, engineEntryZone, ...engineLayerZones] }],
      // No import cycles, type-only ones included: a cycle makes load order matter and layers blur.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Tests assemble real parts across layers (a real tokenizer for the engine's meter, the store for a view).
    files: ['src/**/*.test.{ts,tsx}', 'src/**/*.test-support.ts'],
    rules: { 'import-x/no-restricted-paths': 'off' },
  },
  ...Object.entries(layerForbiddenImports).map(([layer, patterns]) => ({
    files: [`src/${layer}/**/*.{ts,tsx}`],
    rules: { 'no-restricted-imports': ['error', { patterns }] },
  })),
  {
    files: ['src/engine/**/*.ts'],
    languageOptions: { globals: { ...globals['shared-node-browser'] } },
    rules: {
      'no-restricted-imports': ['error', { patterns: engineForbiddenImports }],
      // The engine gets its clock and timers injected, and never touches the DOM.
      'no-restricted-globals': ['error', ...engineGlobals],
    },
  },
  {
    files: ['src/**/*.tsx'],
    ignores: ['src/**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...uiLiteralSelectors.map((selector) => ({ selector, message: literalMessage })),
      ],
    },
  },
  ...platformConfigs,
);
