/**
 * The trust prompt for tool code that came in an imported run file. The code is shown as text; nothing runs and
 * nothing is added to the workspace until the person chooses "Trust and add". Trusted tools join "My tools" and
 * run only in the sandbox, like any user tool.
 */
import { exportUserTools } from '../../engine';
import { useT } from '../../i18n';
import { selectRunFiles } from '../../store/selectors';
import { usePlayground, usePlaygroundApi } from '../playground-context';
import { CodeTrustView } from '../tool-studio/code-trust-view';

export function TrustPrompt() {
  const { t } = useT('runs');
  const playground = usePlaygroundApi();
  const { runFiles: runFileActions, userTools } = playground;
  const pending = usePlayground(selectRunFiles).pendingTrust;
  if (!pending) return null;
  const trust = async () => {
    await userTools.init();
    // This prompt is the trust decision: the tools file built from it must not ask again.
    await userTools.importFile(exportUserTools(pending.specs, Date.now()), { trusted: true });
    const studio = playground.store.getState().userTools;
    runFileActions.clearPendingTrust();
    await runFileActions.reopen(pending.runId);
    runFileActions.say({
      kind: studio.notice?.kind ?? 'info',
      text: `${studio.notice?.text ?? t('trust.added')} ${studio.problems.join(' ')}`.trim(),
    });
  };
  return (
    <CodeTrustView
      label={t('trust.label')}
      title={t('trust.title', { count: pending.specs.length })}
      intro={t('trust.intro')}
      specs={pending.specs}
      trustLabel={t('trust.trust')}
      onTrust={() => void trust()}
      onDismiss={() => runFileActions.dismissTrust()}
    />
  );
}
