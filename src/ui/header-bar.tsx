/** Title, scenario picker, runtime picker and the selected runtime's status. */
import { useSyncExternalStore } from 'react';
import type { RuntimeKind } from '../engine/runtime';
import { SCENARIOS } from '../engine/scenarios';
import { providerFor, runtimeProviders } from '../runtimes/registry';
import { actions, useAppStore } from '../store/app-store';

export function HeaderBar() {
  const scenarioId = useAppStore((s) => s.scenarioId);
  const runtimeKind = useAppStore((s) => s.runtimeKind);
  const provider = providerFor(runtimeKind);
  const status = useSyncExternalStore(provider.subscribe, () => runtimeStatus(runtimeKind));
  return (
    <header className="header">
      <h1 className="header-title">Tool Loop Playground</h1>
      <label className="header-field">
        Scenario
        <select aria-label="Scenario" value={scenarioId ?? ''} onChange={(e) => actions.selectScenario(e.target.value)}>
          <option value="">(none — write your own)</option>
          {SCENARIOS.map((s) => (
            <option key={s.id} value={s.id}>
              {s.title}
            </option>
          ))}
        </select>
      </label>
      <label className="header-field">
        Runtime
        <select
          aria-label="Runtime"
          value={runtimeKind}
          onChange={(e) => actions.setRuntime(e.target.value as RuntimeKind)}
        >
          {runtimeProviders.map((p) => (
            <option key={p.kind} value={p.kind}>
              {p.label}
            </option>
          ))}
        </select>
      </label>
      <span className={`header-status header-status-${status.ok ? 'ready' : 'waiting'}`} role="status">
        <span aria-hidden="true">●</span> {status.text}
      </span>
    </header>
  );
}

// useSyncExternalStore needs a stable snapshot: cache the last value per kind and reason.
const statusCache = new Map<string, { ok: boolean; text: string }>();
function runtimeStatus(kind: RuntimeKind): { ok: boolean; text: string } {
  const provided = providerFor(kind).getRuntime();
  const text = provided.runtime ? 'ready' : provided.reason;
  const key = `${kind}:${text}`;
  let value = statusCache.get(key);
  if (!value) {
    value = { ok: provided.runtime !== null, text };
    statusCache.set(key, value);
  }
  return value;
}
