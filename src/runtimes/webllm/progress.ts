/**
 * Reads web-llm's load progress text. Progress is not monotonic across phases (download, loading from cache,
 * shader compilation each restart at 0), so the phase comes from the text.
 */
import type { InitReport } from './worker-protocol';

export type LoadPhase = 'starting' | 'downloading' | 'loading-from-cache' | 'compiling-shaders' | 'finished';

export interface LoadProgress {
  readonly phase: LoadPhase;
  /** 0..1 within the phase. */
  readonly fraction: number;
  readonly fetchedMB: number | null;
  readonly elapsedS: number;
  readonly text: string;
}

export function readProgress(report: InitReport): LoadProgress {
  const text = report.text;
  const phase: LoadPhase = /^Fetching param cache/.test(text)
    ? 'downloading'
    : /^Loading model from cache/.test(text)
      ? 'loading-from-cache'
      : /^Loading GPU shader/.test(text)
        ? 'compiling-shaders'
        : /^Finish loading/.test(text)
          ? 'finished'
          : 'starting';
  const mb = /([\d.]+)\s*MB (?:fetched|loaded)/.exec(text);
  return {
    phase,
    fraction: Math.max(0, Math.min(1, report.progress)),
    fetchedMB: mb ? Number(mb[1]) : null,
    elapsedS: report.timeElapsed,
    text,
  };
}
