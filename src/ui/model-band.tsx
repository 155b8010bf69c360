/**
 * The Model section: the selected runtime's own panel (model catalog, GGUF loader, …) across the page's full
 * width, where its tables have room. Open by default for runtimes that need a model; a one-line summary otherwise.
 * Below the panel: which runtimes are ready offline, and "Make everything available offline".
 */
import { useState } from 'react';
import { selectRuntimeKind } from '../store/selectors';
import { useT } from '../i18n';
import { RuntimeReadinessList } from './offline/offline-readiness';
import { usePlayground, usePlaygroundApi } from './playground-context';
import { useRuntimeStatusText } from './runtime-status';

export function ModelBand() {
  const runtimeKind = usePlayground(selectRuntimeKind);
  // Keyed by runtime so switching runtimes opens the band again with that runtime's default.
  return <RuntimeBand key={runtimeKind} />;
}

function RuntimeBand() {
  const { t } = useT('runtimes');
  const { t: tShell } = useT('shell');
  const { runtimes } = usePlaygroundApi();
  const status = useRuntimeStatusText();
  const runtimeKind = usePlayground(selectRuntimeKind);
  const provider = runtimes.providerFor(runtimeKind);
  // Open at first for runtimes that need a model; afterwards the user decides (it stays open after a load).
  const [initiallyOpen] = useState(runtimeKind === 'webllm' || runtimeKind === 'wllama' || runtimeKind === 'endpoint');
  const Panel = provider.Panel;
  return (
    <details className="model-band" open={initiallyOpen} aria-label={t('model')}>
      <summary>
        {t('band', { runtime: t(`label.${runtimeKind}`) })}{' '}
        <span className="muted small">— {t(`requirement.${runtimeKind}`)}</span>
      </summary>
      <div className="model-band-body">
        {/* The header's status cut to one line is here in full. */}
        {!status.ok && (
          <p className="model-band-status" data-testid="runtime-status-full">
            <span className="muted">{tShell('status')}</span> {status.text}
          </p>
        )}
        <Panel />
        <RuntimeReadinessList />
      </div>
    </details>
  );
}
