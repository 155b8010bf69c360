/**
 * `local/no-module-state`: a module of src/ holds no state of its own. Everything with a lifetime — a store, a
 * client, a cache, listeners, a flag — is made by a factory and the composition root (src/app-root.tsx) makes it
 * once, so two playgrounds (a test's, the page's) never share one. At a module's top level it refuses:
 * - a `let` or `var` (a value the module reassigns);
 * - `new X()` with no arguments (an empty Map or Set to fill, a client, a controller), except a `WeakMap`/`WeakSet`:
 *   a memo keyed by objects it does not own, invisible to everyone who does not hold the key;
 * - a zustand store (`createStore(…)`, `create(…)`).
 * Constant tables (`new Set(['a', 'b'])`, `as const` lists) stay: they are never written after load.
 * scripts/module-state.test.ts proves each case fires and that src/ has no such state.
 */

const MEMOS = new Set(['WeakMap', 'WeakSet']);
const STORE_FACTORIES = new Set(['createStore', 'create']);

/** The expression under `as`, `satisfies` and `!`. */
function unwrap(node) {
  let current = node;
  while (
    current &&
    (current.type === 'TSAsExpression' ||
      current.type === 'TSSatisfiesExpression' ||
      current.type === 'TSNonNullExpression')
  ) {
    current = current.expression;
  }
  return current;
}

/** The name a call's or `new`'s callee ends with (`createStore`, `zustand.create`, `Map`). */
function calleeName(callee) {
  if (callee.type === 'Identifier') return callee.name;
  if (callee.type === 'MemberExpression' && callee.property.type === 'Identifier') return callee.property.name;
  // `create<T>()(…)`: zustand's curried form.
  if (callee.type === 'CallExpression') return calleeName(callee.callee);
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
export const noModuleState = {
  meta: {
    type: 'problem',
    docs: { description: 'No module-level mutable state: the composition root makes every instance.' },
    messages: {
      variable:
        'A module-level `{{kind}}` is state every importer shares: keep it in a factory the composition root calls (src/app-root.tsx).',
      instance:
        'A module-level `new {{name}}()` is state every importer shares: make it in a factory the composition root calls (src/app-root.tsx).',
      store:
        'A module-level store is state every importer shares: make it in a factory the composition root calls (src/app-root.tsx).',
    },
    schema: [],
  },
  create(context) {
    function checkDeclaration(declaration) {
      if (declaration.kind !== 'const') {
        context.report({ node: declaration, messageId: 'variable', data: { kind: declaration.kind } });
        return;
      }
      for (const declarator of declaration.declarations) {
        const init = unwrap(declarator.init);
        if (!init) continue;
        if (init.type === 'NewExpression' && init.arguments.length === 0) {
          const name = calleeName(init.callee) ?? 'instance';
          if (!MEMOS.has(name)) context.report({ node: declarator, messageId: 'instance', data: { name } });
        } else if (init.type === 'CallExpression' && STORE_FACTORIES.has(calleeName(init.callee) ?? '')) {
          context.report({ node: declarator, messageId: 'store' });
        }
      }
    }
    return {
      Program(program) {
        for (const statement of program.body) {
          if (statement.type === 'VariableDeclaration') checkDeclaration(statement);
          else if (
            (statement.type === 'ExportNamedDeclaration' || statement.type === 'ExportDefaultDeclaration') &&
            statement.declaration?.type === 'VariableDeclaration'
          ) {
            checkDeclaration(statement.declaration);
          }
        }
      },
    };
  },
};

export default { rules: { 'no-module-state': noModuleState } };
