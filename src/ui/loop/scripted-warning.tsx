/**
 * Beside Send: the scripted replay answers with the scenario's recorded turns whatever is typed, so a user
 * message that differs from the scenario's gets a visible warning (a teacher changing the question would
 * otherwise see the recorded answer to the old one).
 */
import { getScenario } from '../../engine';
import { useT } from '../../i18n';
import { selectRuntimeKind, selectScenarioId, selectUserDraft } from '../../store/selectors';
import { usePlayground } from '../playground-context';

export function ScriptedWarning() {
  const { t } = useT('loop');
  const runtimeKind = usePlayground(selectRuntimeKind);
  const scenarioId = usePlayground(selectScenarioId);
  const draft = usePlayground(selectUserDraft);
  const scenario = scenarioId === null ? undefined : getScenario(scenarioId);
  if (runtimeKind !== 'scripted' || !scenario || draft.trim() === scenario.user.trim() || draft.trim() === '') {
    return null;
  }
  return (
    <p className="notice notice-warn small scripted-warning" role="status" data-testid="scripted-warning">
      {t('scriptedIgnores')}
    </p>
  );
}
