/**
 * A runtime's Model panel loaded on first use: the panel's code (and what only it imports — the GGUF builder, the
 * model catalogs, the format tools) is its own chunk, fetched when the runtime is picked. Until it arrives a
 * skeleton of the panel's usual height holds its place, so the page does not jump.
 */
import type { ComponentType } from 'react';
import { lazy, Suspense } from 'react';
import { useT } from '../i18n';

/** The panel `load` resolves to, rendered with `props` (the runtime's own instance, made by the registry). */
export function lazyPanel<P extends object>(
  load: () => Promise<ComponentType<P>>,
  props: P,
  minHeight = 220,
): ComponentType {
  const Lazy = lazy(async () => ({ default: await load() }));
  function LazyPanel() {
    return (
      <Suspense fallback={<PanelSkeleton minHeight={minHeight} />}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return LazyPanel;
}

function PanelSkeleton({ minHeight }: { minHeight: number }) {
  const { t } = useT('offline');
  return (
    <div className="panel-skeleton muted small" aria-busy="true" style={{ minHeight }}>
      {t('panelLoading')}
    </div>
  );
}
