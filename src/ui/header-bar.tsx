/** Title, scenario picker, runtime picker and the selected runtime's status: one line at any width from 1280. */
import type { RuntimeKind } from '../engine';
import { SCENARIOS } from '../engine';
import { selectBusy, selectRuntimeKind, selectScenarioId } from '../store/selectors';
import { useT } from '../i18n';
import { LanguagePicker } from './language-picker';
import { usePlayground, usePlaygroundApi } from './playground-context';
import { PresenterToggle } from './presenter/presenter-toggle';
import { useRuntimeStatusText } from './runtime-status';
import { useScenarioTitle } from './scenarios/scenario-text';
import { ThemePicker } from './theme/theme-picker';

export function HeaderBar() {
  const { t } = useT('common');
  const { t: tShell } = useT('shell');
  const { t: tRuntimes } = useT('runtimes');
  const { actions, runtimes } = usePlaygroundApi();
  const scenarioTitle = useScenarioTitle();
  const scenarioId = usePlayground(selectScenarioId);
  const runtimeKind = usePlayground(selectRuntimeKind);
  const busy = usePlayground(selectBusy);
  const status = useRuntimeStatusText();
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
      {/* One line, cut with an ellipsis: a long reason (a WebLLM load error offline) never wraps the header. The
          whole text is the status's content (what a screen reader reads), its tooltip, a box under the header while
          it has the focus (app.css draws it from data-full), and a line of the Model band. */}
      <span
        className={`header-status header-status-${status.ok ? 'ready' : 'waiting'}`}
        role="status"
        tabIndex={status.ok ? undefined : 0}
        title={status.text}
        data-full={status.text}
        data-testid="header-status"
      >
        <span aria-hidden="true">●</span> <span className="header-status-text">{status.text}</span>
      </span>
      <PresenterToggle />
      <ThemePicker />
      <LanguagePicker />
    </header>
  );
}
