/** The lab's one closed line, drawn while its controls' chunk (lab-panel.tsx) arrives: the same box, so no jump. */
import { useT } from '../../i18n';

/** `onOpen`: the person opened it before the controls arrived (they then arrive open). */
export function LabPanelSkeleton({ onOpen }: { readonly onOpen?: () => void }) {
  const { t } = useT('lab');
  return (
    <details
      className="lab-panel"
      aria-busy="true"
      onToggle={(e) => {
        if (e.currentTarget.open) onOpen?.();
      }}
    >
      <summary>{t('title')}</summary>
    </details>
  );
}
