/** Title, scenario picker, runtime picker and the selected runtime's status. */
import { useSyncExternalStore } from 'react';
import type { RuntimeKind } from '../engine';
import { SCENARIOS } from '../engine';
import type { CatalogLine, RuntimeProvider } from '../store/playground';
import { selectBusy, selectRuntimeKind, selectScenarioId } from '../store/selectors';
import { useT } from '../i18n';
import { LanguagePicker } from './language-picker';
import { usePlayground, usePlaygroundApi } from './playground-context';
import { PresenterToggle } from './presenter/presenter-toggle';
import { useScenarioTitle } from './scenarios/scenario-text';

export function HeaderBar() {
  const { t } = useT('common');
  const { t: tShell } = useT('shell');
  const { t: tRuntimes, i18n } = useT('runtimes');
  const { actions, runtimes } = usePlaygroundApi();
  const scenarioTitle = useScenarioTitle();
  const scenarioId = usePlayground(selectScenarioId);
  const runtimeKind = usePlayground(selectRuntimeKind);
  const busy = usePlayground(selectBusy);
  const provider = runtimes.providerFor(runtimeKind);
  const status = useSyncExternalStore(provider.subscribe, () => runtimeStatus(provider));
  // A runtime's reason in the page's language where it gives one (its English reason otherwise).
  const say = (line: CatalogLine) => String(i18n.getFixedT(null, line.ns)(line.key as never, line.values as never));
  const text = status.ok ? tShell('ready') : status.line ? say(status.line) : status.text;
  return (
    <header className="header">
      <h1 className="header-title">{t('appTitle')}</h1>
      <label className="header-field">
        {tShell('scenario')}
        <select
          aria-label={tShell('scenario')}
          value={scenarioId ?? ''}
          onChange={(e) => actions.selectScenario(e.target.value)}
        >
          <option value="">{tShell('noScenario')}</option>
          {SCENARIOS.map((s) => (
            <option key={s.id} value={s.id}>
              {scenarioTitle(s)}
            </option>
          ))}
        </select>
      </label>
      <label className="header-field">
        {tShell('runtime')}
        <select
          aria-label={tShell('runtime')}
          value={runtimeKind}
          disabled={busy}
          onChange={(e) => actions.setRuntime(e.target.value as RuntimeKind)}
        >
          {runtimes.providers.map((p) => (
            <option key={p.kind} value={p.kind}>
              {tRuntimes(`label.${p.kind}`)}
            </option>
          ))}
        </select>
      </label>
      {/* The whole message, wrapped: a runtime's reason (a missing model, an offline cache) is read in full. */}
      <span
        className={`header-status header-status-${status.ok ? 'ready' : 'waiting'}`}
        role="status"
        title={text}
        data-testid="header-status"
      >
        <span aria-hidden="true">●</span> {text}
      </span>
      <PresenterToggle />
      <LanguagePicker />
    </header>
  );
}

// useSyncExternalStore needs a stable snapshot: cache the last value per kind and reason.
interface RuntimeStatus {
  readonly ok: boolean;
  readonly text: string;
  readonly line?: CatalogLine;
}
const statusCache = new Map<string, RuntimeStatus>();
function runtimeStatus(provider: RuntimeProvider): RuntimeStatus {
  const provided = provider.getRuntime();
  const text = provided.runtime ? 'ready' : provided.reason;
  const key = `${provider.kind}:${text}`;
  let value = statusCache.get(key);
  if (!value) {
    value = {
      ok: provided.runtime !== null,
      text,
      ...(!provided.runtime && provided.reasonLine ? { line: provided.reasonLine } : {}),
    };
    statusCache.set(key, value);
  }
  return value;
}
