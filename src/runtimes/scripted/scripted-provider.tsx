/** The scripted replay runtime as the app offers it: plays the selected scenario's script, no GPU, no download. */
import type { ChatRuntime, Script, Sleep } from '../../engine';
import { createScriptedRuntime } from '../../engine';
import { useT } from '../../i18n';
import type { RuntimeProvider } from '../provider';

export interface ScriptedProvider extends RuntimeProvider {
  /** Replaces the script (when the scenario changes). */
  setScript(script: Script | null): void;
  setTokensPerSecond(tokensPerSecond: number): void;
}

/** The scripted replay at `initialTokensPerSecond`, pausing between tokens with `sleep` and timing with `now`. */
export function createScriptedProvider(
  initialTokensPerSecond: number,
  sleep: Sleep,
  now: () => number,
): ScriptedProvider {
  let script: Script | null = null;
  let tokensPerSecond = initialTokensPerSecond;
  let runtime: ChatRuntime | null = null;
  const listeners = new Set<() => void>();
  const rebuild = () => {
    runtime = script ? createScriptedRuntime({ script, tokensPerSecond, sleep, now }) : null;
    for (const listener of listeners) listener();
  };
  return {
    kind: 'scripted',
    label: 'Scripted replay',
    requirement: 'Nothing: plays the scenario’s recorded turns in any browser, no GPU, no download.',
    Panel: ScriptedPanel,
    getRuntime: () =>
      runtime
        ? { runtime }
        : { runtime: null, reason: 'This scenario has no script: pick a preset scenario, or use “You are the model”.' },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setScript(next) {
      script = next;
      rebuild();
    },
    setTokensPerSecond(next) {
      tokensPerSecond = next;
      rebuild();
    },
  };
}

function ScriptedPanel() {
  const { t } = useT('runtimes');
  return <p className="runtime-note">{t('scriptedPanel')}</p>;
}
