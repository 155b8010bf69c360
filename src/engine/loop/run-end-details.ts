/**
 * Why a run ended, the `run-finished` event's `detail`: an English sentence stored in the run (what a text export
 * and the English page show). The sentences the engine writes follow the templates below; `readRunEndDetail`
 * reads one back as a code and its values, so the page can word it in its own language — for runs stored before
 * now too, since it reads the stored sentence. A detail no template matches (a runtime's or an advisor's error)
 * is shown as it came. A test holds each template to the engine code that writes it, and to the `engine`
 * catalog's `runEnd.<code>`.
 */

export const RUN_END_DETAILS = {
  maxRounds: 'The max-rounds guard stopped the loop after {{limit}} model calls.',
  maxRoundsChecker:
    "The max-rounds checker stopped the loop after {{limit}} model calls; the last response's {{calls}} tool call(s) were not executed.",
  repeat:
    "The repeated-call guard stopped the loop: {{key}} was asked for {{value}} times (stop at {{limit}}); the response's calls were not run.",
  tokens:
    "The token budget stopped the loop: the run has used {{value}} tokens (budget {{limit}}); the response's calls were not run.",
  stopped: 'Stopped by the user.',
  aborted: 'Generation was stopped (finish reason abort).',
  refused: 'The model declined (content_filter).',
  returnDirect:
    'Every executed tool is returnDirect: its result is the final answer and the model is not called again.',
  truncated: 'The response was cut by the token limit (finish reason length).',
  validationFailed: 'Validation failed after {{retries}} retries; the last answer still fails the schema: {{errors}}',
  validationFailedOne: 'Validation failed after 1 retry; the last answer still fails the schema: {{errors}}',
  truncatedCalls:
    'The response was cut by the token limit (finish reason length); its {{count}} complete call(s) were not run.',
} as const;

export type RunEndDetailCode = keyof typeof RUN_END_DETAILS;
export const RUN_END_DETAIL_CODES = Object.keys(RUN_END_DETAILS) as RunEndDetailCode[];

export interface RunEndDetailFacts {
  readonly code: RunEndDetailCode;
  readonly values: Readonly<Record<string, string>>;
}

const PATTERNS = RUN_END_DETAIL_CODES.map((code) => {
  const names: string[] = [];
  const source = (RUN_END_DETAILS[code] as string)
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

/** The code and values of a stored detail the engine wrote, or undefined for any other text. */
export function readRunEndDetail(detail: string): RunEndDetailFacts | undefined {
  for (const { code, names, pattern } of PATTERNS) {
    const match = pattern.exec(detail);
    if (match) return { code, values: Object.fromEntries(names.map((name, i) => [name, match[i + 1]!])) };
  }
  return undefined;
}

/** The English detail of `code` with its values filled in (what the engine stores). */
export function runEndDetail(code: RunEndDetailCode, values: Readonly<Record<string, string>> = {}): string {
  return (RUN_END_DETAILS[code] as string).replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);
}
