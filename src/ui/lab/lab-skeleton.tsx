/** The lab's one closed line, drawn while its controls' chunk (lab-panel.tsx) arrives: the same box, so no jump. */
import { useT } from '../../i18n';

export function LabPanelSkeleton() {
  const { t } = useT('lab');
  return (
    <details className="lab-panel" aria-busy="true">
      <summary>{t('title')}</summary>
    </details>
  );
}
