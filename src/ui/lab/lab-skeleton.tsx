/** The lab's one closed line, drawn while its controls' chunk (lab-panel.tsx) arrives: the same box, so no jump. */
import { useT } from '../../i18n';

/**
 * `onOpenChange`: the person opened (or closed) it before the controls arrived; they then arrive that way. Read
 * on the summary's click, not on `toggle`: the toggle event comes a task later, when the controls may already have
 * replaced this line and React no longer delivers it.
 */
export function LabPanelSkeleton({ onOpenChange }: { readonly onOpenChange?: (open: boolean) => void }) {
  const { t } = useT('lab');
  return (
    <details className="lab-panel" aria-busy="true">
      <summary
        onClick={(e) => {
          const details = e.currentTarget.parentElement;
          if (details instanceof HTMLDetailsElement) onOpenChange?.(!details.open);
        }}
      >
        {t('title')}
      </summary>
    </details>
  );
}
