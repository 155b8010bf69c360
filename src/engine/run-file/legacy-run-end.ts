/**
 * Migration only: runs stored before run-end details were codes (run file version 2 and older, and the runs this
 * browser stored then) hold the English sentence the engine wrote. `legacyRunEndDetail` reads such a sentence back
 * as its code and values, so an old run opens and reads like a new one; a text no sentence of then matches (a
 * tool's or a runtime's error) stays text. Nothing else reads English back.
 */
import type { RunEndDetail, RunEndDetailCode } from '../loop/run-end-details';
import { RUN_END_DETAILS } from '../loop/run-end-details';

/** The sentences of then that differ from today's (counts were written "call(s)"); the rest read as today's. */
const BEFORE_PLURALS: Partial<Record<RunEndDetailCode, string>> = {
  maxRoundsChecker:
    "The max-rounds checker stopped the loop after {{limit}} model calls; the last response's {{count}} tool call(s) were not executed.",
  truncatedCalls:
    'The response was cut by the token limit (finish reason length); its {{count}} complete call(s) were not run.',
};

const PATTERNS = RUN_END_DETAILS.codes.map((code) => {
  const today = RUN_END_DETAILS.templates[code];
  const template = BEFORE_PLURALS[code] ?? (typeof today === 'string' ? today : today.other);
  const names: string[] = [];
  const source = template
    .split(/(\{\{\w+\}\})/)
    .map((piece) => {
      const name = /^\{\{(\w+)\}\}$/.exec(piece)?.[1];
      if (name === undefined) return piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(name);
      return '(.+?)';
    })
    .join('');
  return { code, names, pattern: new RegExp(`^${source}$`, 's') };
});

/** A stored detail as today's runs hold it: a sentence the engine wrote becomes its code and values. */
export function legacyRunEndDetail(detail: string): RunEndDetail {
  for (const { code, names, pattern } of PATTERNS) {
    const match = pattern.exec(detail);
    if (!match) continue;
    const values = Object.fromEntries(names.map((name, i) => [name, match[i + 1]!]));
    return RUN_END_DETAILS.coded(code, names.length > 0 ? values : undefined);
  }
  return detail;
}
