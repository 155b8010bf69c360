/** The scripted replay runtime as the app offers it: plays the selected scenario's script, no GPU, no download. */
import type { ChatRuntime } from '../../engine/runtime';
import type { Script } from '../../engine/runtimes/script';
import { createScriptedRuntime, timerSleep } from '../../engine/runtimes/scripted';
import type { RuntimeProvider } from '../provider';

export interface ScriptedProvider extends RuntimeProvider {
  /** Replaces the script (when the scenario changes). */
  setScript(script: Script | null): void;
  setTokensPerSecond(tokensPerSecond: number): void;
}

export function createScriptedProvider(initialTokensPerSecond: number): ScriptedProvider {
  let script: Script | null = null;
  let tokensPerSecond = initialTokensPerSecond;
  let runtime: ChatRuntime | null = null;
  const listeners = new Set<() => void>();
  const rebuild = () => {
    runtime = script
      ? createScriptedRuntime({ script, tokensPerSecond, sleep: timerSleep, now: () => performance.now() })
      : null;
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
  return (
    <p className="runtime-note">
      Scripted replay plays the scenario’s recorded assistant turns through the same text protocol a real model uses:
      raw text streams token by token, the harness parses the tool calls out of it and derives the stop reason. It does
      not read your message; edit arguments or results at a pause and watch them flow through.
    </p>
  );
}
