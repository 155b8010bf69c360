/**
 * Walks a grammar AST without llama.cpp: `matchGrammar` says whether a text is in the grammar's language and
 * `sampleGrammar` draws a random text from it. Tests use both to check, for thousands of random replies, that
 * everything the grammar allows parses as the protocol and validates against the tool schemas — the property
 * constrained decoding relies on.
 */
import type { GExpr, Grammar } from './grammar';
import { charSetHas } from './grammar';

/** True when the whole text matches the grammar's root rule. */
export function matchGrammar(grammar: Grammar, text: string): boolean {
  const codes = Array.from(text, (c) => c.codePointAt(0)!);
  const memo = new Map<string, ReadonlySet<number>>();
  const ends = matchRule(grammar, grammar.root, codes, 0, memo);
  return ends.has(codes.length);
}

function matchRule(
  grammar: Grammar,
  name: string,
  codes: number[],
  pos: number,
  memo: Map<string, ReadonlySet<number>>,
): ReadonlySet<number> {
  const key = `${name}@${pos}`;
  const cached = memo.get(key);
  if (cached) return cached;
  // Guard against left recursion (the builder never makes it): a re-entry matches nothing.
  memo.set(key, new Set());
  const body = grammar.rules.get(name);
  if (!body) throw new Error(`undefined rule ${name}`);
  const result = matchExpr(grammar, body, codes, pos, memo);
  memo.set(key, result);
  return result;
}

function matchExpr(
  grammar: Grammar,
  expr: GExpr,
  codes: number[],
  pos: number,
  memo: Map<string, ReadonlySet<number>>,
): ReadonlySet<number> {
  switch (expr.kind) {
    case 'lit': {
      const lit = Array.from(expr.text, (c) => c.codePointAt(0)!);
      for (let i = 0; i < lit.length; i++) if (codes[pos + i] !== lit[i]) return new Set();
      return new Set([pos + lit.length]);
    }
    case 'chars':
      return pos < codes.length && charSetHas(expr.set, codes[pos]!) ? new Set([pos + 1]) : new Set();
    case 'ref':
      return matchRule(grammar, expr.name, codes, pos, memo);
    case 'seq': {
      let positions: ReadonlySet<number> = new Set([pos]);
      for (const item of expr.items) {
        const next = new Set<number>();
        for (const p of positions) for (const e of matchExpr(grammar, item, codes, p, memo)) next.add(e);
        positions = next;
        if (positions.size === 0) break;
      }
      return positions;
    }
    case 'alt': {
      const out = new Set<number>();
      for (const option of expr.options) for (const e of matchExpr(grammar, option, codes, pos, memo)) out.add(e);
      return out;
    }
    case 'rep': {
      const out = new Set<number>();
      let frontier: ReadonlySet<number> = new Set([pos]);
      const seen = new Set<number>();
      for (let count = 0; frontier.size > 0; count++) {
        if (count >= expr.min) for (const p of frontier) out.add(p);
        if (expr.max !== null && count >= expr.max) break;
        const next = new Set<number>();
        for (const p of frontier) {
          for (const e of matchExpr(grammar, expr.item, codes, p, memo)) {
            // An item that matches empty cannot move forward: stop there rather than loop.
            if (e > p && !(count >= expr.min && seen.has(e))) next.add(e);
          }
        }
        if (count >= expr.min) for (const p of frontier) seen.add(p);
        frontier = next;
      }
      return out;
    }
    default: {
      const never: never = expr;
      throw new Error(`unknown node ${JSON.stringify(never)}`);
    }
  }
}

export interface SampleOptions {
  /** Uniform in [0, 1). */
  readonly random: () => number;
  /** Chooses characters for a negated set (default: printable ASCII and a few others). */
  readonly alphabet?: readonly string[];
  /** Past this depth, repetitions take their minimum and alternatives their first option. */
  readonly maxDepth?: number;
  /** Unbounded repetitions stop after this many items. */
  readonly maxRepeat?: number;
}

const DEFAULT_ALPHABET = [
  ...Array.from({ length: 95 }, (_, i) => String.fromCharCode(0x20 + i)),
  '\n',
  '\t',
  'é',
  '한',
  '😀',
];

/** Draws one random text from the grammar's language. */
export function sampleGrammar(grammar: Grammar, options: SampleOptions): string {
  const out: string[] = [];
  const maxDepth = options.maxDepth ?? 40;
  const maxRepeat = options.maxRepeat ?? 6;
  const alphabet = options.alphabet ?? DEFAULT_ALPHABET;
  const pick = (n: number) => Math.floor(options.random() * n);
  const walk = (expr: GExpr, depth: number): void => {
    switch (expr.kind) {
      case 'lit':
        out.push(expr.text);
        return;
      case 'chars': {
        const candidates = alphabet.filter((c) => charSetHas(expr.set, c.codePointAt(0)!));
        if (candidates.length > 0) {
          out.push(candidates[pick(candidates.length)]!);
          return;
        }
        const [lo] = expr.set.ranges[0] ?? [0x61];
        out.push(String.fromCodePoint(lo ?? 0x61));
        return;
      }
      case 'ref': {
        const body = grammar.rules.get(expr.name);
        if (!body) throw new Error(`undefined rule ${expr.name}`);
        walk(body, depth + 1);
        return;
      }
      case 'seq':
        for (const item of expr.items) walk(item, depth);
        return;
      case 'alt':
        walk(depth > maxDepth ? expr.options[0]! : expr.options[pick(expr.options.length)]!, depth);
        return;
      case 'rep': {
        const upper = expr.max === null ? expr.min + maxRepeat : Math.min(expr.max, expr.min + maxRepeat);
        const count = depth > maxDepth ? expr.min : expr.min + pick(upper - expr.min + 1);
        for (let i = 0; i < count; i++) walk(expr.item, depth + 1);
        return;
      }
      default: {
        const never: never = expr;
        throw new Error(`unknown node ${JSON.stringify(never)}`);
      }
    }
  };
  walk(grammar.rules.get(grammar.root)!, 0);
  return out.join('');
}
