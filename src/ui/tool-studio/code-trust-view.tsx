/**
 * Shows imported tool code for a person to read before anything of it runs: each tool's name, kind, network
 * grant, limits and code as plain text (never rendered as HTML), with "trust" and "don't trust" choices. Used for
 * the code a run file carries (ui/runs/trust-prompt.tsx) and for a tools file (tools-file-trust.tsx).
 */
import type { ReactNode } from 'react';
import type { UserToolSpec } from '../../engine';
import { DEFAULT_MEMORY_LIMIT_MB } from '../../engine';
import { useFormat, useT } from '../../i18n';
import './tool-studio.css';

export interface CodeTrustViewProps {
  /** The region's accessible name. */
  readonly label: string;
  readonly title: string;
  readonly intro: ReactNode;
  readonly specs: readonly UserToolSpec[];
  readonly trustLabel: string;
  readonly onTrust: () => void;
  readonly onDismiss: () => void;
}

export function CodeTrustView({ label, title, intro, specs, trustLabel, onTrust, onDismiss }: CodeTrustViewProps) {
  const { t } = useT('studio');
  const format = useFormat();
  return (
    <section className="code-trust" role="region" aria-label={label}>
      <h3>{title}</h3>
      <p className="small">
        {intro}
        {specs.some((s) => s.allowNetwork) ? t('trust.network') : ''}
      </p>
      {specs.map((spec) => (
        <details key={spec.id} className="code-trust-tool" open>
          <summary>
            <code>{spec.name}</code> <span className="badge">{spec.kind}</span>
            {spec.allowNetwork && <span className="badge badge-warn">{t('trust.networkBadge')}</span>}
            <span className="muted small">
              {' '}
              {t('trust.limits', {
                timeout: format.duration(spec.timeoutMs),
                memory: format.number(spec.memoryLimitMb ?? DEFAULT_MEMORY_LIMIT_MB),
              })}
            </span>
          </summary>
          <p className="small muted">{spec.description}</p>
          <pre className="code-block" aria-label={t('trust.codeOf', { name: spec.name })}>
            {spec.code === '' ? t('trust.noCode') : spec.code}
          </pre>
        </details>
      ))}
      <div className="code-trust-actions">
        <button type="button" className="button button-primary" onClick={onTrust}>
          {trustLabel}
        </button>
        <button type="button" className="button" onClick={onDismiss}>
          {t('trust.dontTrust')}
        </button>
      </div>
    </section>
  );
}
