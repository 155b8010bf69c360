import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The layers of src/ and the layers each may import: the arrows of docs/architecture.md. A layer imports only
 * itself and the layers listed here; the zones below are generated from this table, and scripts/lint-zones.test.ts
 * proves every arrow that is not here is refused. `app-root.tsx` is the composition root and may import them all
 * (`main.tsx`, the entry, paints the skeleton and loads it).
 */
export const LAYERS = {
  /** The pure domain core: messages, tools, protocols, the loop, advisors, tool search, run files. */
  engine: [],
  /** The UI's languages: the catalogs (one namespace per feature), the i18next instance, `useT`, formatting. */
  i18n: [],
  /** Runtime adapters behind the engine's port (scripted, human, WebLLM, wllama), each with its panel. */
  runtimes: ['engine', 'i18n'],
  /** Where user tool code runs: a worker inside a sandboxed iframe. */
  sandbox: ['engine'],
  /** IndexedDB through idb; everything read back is validated. */
  persistence: ['engine'],
  /** A real tokenizer behind the engine's TokenCounter port, loaded lazily. */
  tokenizers: ['engine'],
  /** Live MCP servers: the SDK's Streamable HTTP client (lazily loaded), sessions, the JSON-RPC log, content blocks. */
  mcp: ['engine'],
  /** The playground store (zustand, no React): the workspace, the mirrored run, the slices and their actions. */
  store: ['engine', 'runtimes', 'sandbox', 'persistence', 'tokenizers', 'mcp'],
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
 * Outside the engine, only its public entry (`src/engine/index.ts`): the other layers and the composition root see
 * one list of names, and the engine's folders may move without touching them.
 */
export const engineEntryZone = {
  target: [...LAYER_NAMES.filter((layer) => layer !== 'engine'), ...ROOT_MODULES].map((other) => `./src/${other}`),
  from: './src/engine',
  except: ['./index.ts'],
  message: 'Outside src/engine/, import the engine from its entry, src/engine/index.ts (`…/engine`).',
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
      'import-x/no-restricted-paths': ['error', { zones: [...layerZones, engineEntryZone] }],
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
    files: ['src/**/*.tsx'],
    ignores: ['src/**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...uiLiteralSelectors.map((selector) => ({ selector, message: literalMessage })),
      ],
    },
  },
);
