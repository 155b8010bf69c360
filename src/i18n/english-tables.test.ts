/**
 * The English catalog takes the engine's message tables (English written once), and nothing else of the engine:
 * it is bundled with the first paint, which must not wait for the loop, zod or the parsers. This follows the
 * catalog's value imports (type-only imports are erased) into src/engine/ and names every module it reaches.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/** The engine modules the English catalog may reach: the tables, and the little they import. */
const ALLOWED = [
  'engine/advisors/input-errors.ts',
  'engine/advisors/names.ts',
  'engine/coded.ts',
  'engine/kinds.ts',
  'engine/loop/notices.ts',
  'engine/loop/refusals.ts',
  'engine/loop/run-end-details.ts',
  'engine/loop/run-end.ts',
  'engine/result.ts',
  'engine/stop-reasons.ts',
  'engine/tables.ts',
  'engine/user-tools/notices.ts',
  'engine/user-tools/problems.ts',
];

const SRC = join(process.cwd(), 'src');

/** The files a module imports for their values (relative specifiers only; packages are not followed). */
function valueImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const found: string[] = [];
  for (const statement of source.statements) {
    let specifier: ts.Expression | undefined;
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      const typeOnly =
        clause?.isTypeOnly === true ||
        (clause !== undefined &&
          clause.name === undefined &&
          clause.namedBindings !== undefined &&
          ts.isNamedImports(clause.namedBindings) &&
          clause.namedBindings.elements.length > 0 &&
          clause.namedBindings.elements.every((e) => e.isTypeOnly));
      if (!typeOnly) specifier = statement.moduleSpecifier;
    } else if (ts.isExportDeclaration(statement) && !statement.isTypeOnly) {
      specifier = statement.moduleSpecifier;
    }
    if (specifier && ts.isStringLiteral(specifier) && specifier.text.startsWith('.')) {
      found.push(resolve(join(dirname(file), specifier.text)));
    }
  }
  return found;
}

function resolve(path: string): string {
  for (const candidate of [`${path}.ts`, `${path}.tsx`, join(path, 'index.ts')]) {
    try {
      readFileSync(candidate);
      return candidate;
    } catch {
      // try the next
    }
  }
  throw new Error(`cannot resolve ${path}`);
}

function reachable(entry: string): Set<string> {
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...valueImports(file));
  }
  return seen;
}

describe('the English catalog', () => {
  it('takes only the engine’s message tables', () => {
    const reached = [...reachable(join(SRC, 'i18n/locales/en/index.ts'))]
      .map((file) => relative(SRC, file).split('\\').join('/'))
      .filter((file) => file.startsWith('engine/'))
      .sort();
    expect(reached).toEqual(ALLOWED);
  });
});
