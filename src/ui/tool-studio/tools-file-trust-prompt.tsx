/** The trust prompt for a tools file with code (the user-tools slice's `pendingToolsFile`). Declining adds nothing. */
import { selectStudio } from '../../store/selectors';
import { usePlayground, usePlaygroundApi } from '../playground-context';
import { CodeTrustView } from './code-trust-view';
import { useT } from '../../i18n';

export function ToolsFileTrustPrompt() {
  const { t } = useT('studio');
  const { userTools } = usePlaygroundApi();
  const pending = usePlayground(selectStudio).pendingToolsFile;
  if (!pending) return null;
  return (
    <CodeTrustView
      label={t('trust.label')}
      title={
        pending.withCode.length === pending.total
          ? t('trust.titleAll', { count: pending.total })
          : t('trust.titleSome', { withCode: pending.withCode.length, total: pending.total })
      }
      intro={t('trust.intro')}
      specs={pending.withCode}
      trustLabel={t('trust.trust')}
      onTrust={() => void userTools.trustToolsFile()}
      onDismiss={() => userTools.declineToolsFile()}
    />
  );
}
