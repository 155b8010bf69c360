/**
 * The Model panel's prompt-format control for one model: the format in use and where it came from (the
 * model's mlc-chat-config.json, its id, or the user), a select to override it, and the example request that
 * format builds. For an imported model whose files do not tell, it asks.
 */
import type { TFunction } from 'i18next';
import { useId } from 'react';
import { useStore } from 'zustand';
import { SLOT, splice, useT } from '../../i18n';
import { exampleRequest } from './format-preview';
import type { PromptFormatId } from './prompt-format';
import { FORMAT_IDS, FORMAT_NAMES, hasToolFormat, isPromptFormatId } from './prompt-format';
import type { WebLLM } from './webllm-store';
import { modelFormat } from './webllm-store';

/** A prompt format's name; "ChatML without tools" is said in the page's language. */
export function formatName(id: PromptFormatId, t: TFunction<'webllm'>): string {
  return id === 'chatml' ? t('format.chatml') : FORMAT_NAMES[id];
}

export function FormatControl({ webllm, modelId }: { webllm: WebLLM; modelId: string }) {
  const { t } = useT('webllm');
  const s = useStore(webllm.store);
  const actions = webllm.actions;
  const selectId = useId();
  const { detected, effective } = modelFormat(s, modelId);
  const chosen = s.chosenFormats[modelId];
  // Only an imported model can lack a format (a catalog id always names one): ask for it.
  const asking = !effective;
  const preview = effective ? exampleRequest(modelId, effective) : null;

  return (
    <section
      className={`webllm-format${asking ? ' webllm-format-asking' : ''}`}
      aria-label={t('format.label')}
      data-format={effective?.id ?? ''}
    >
      {asking && (
        <p className="webllm-format-question" role="alert">
          {splice(
            t('format.question', { model: SLOT, why: detected.ok ? '' : detected.error }),
            <strong>{modelId}</strong>,
          )}
        </p>
      )}
      <div className="webllm-format-row">
        <label htmlFor={selectId}>
          {splice(t('format.of', { model: SLOT }), <strong className="webllm-format-model">{modelId}</strong>)}
        </label>
        <select
          id={selectId}
          value={effective?.id ?? ''}
          onChange={(e) => {
            const value = e.target.value;
            if (isPromptFormatId(value)) actions.setFormat(modelId, value);
          }}
        >
          {!effective && (
            <option value="" disabled>
              {t('format.choose')}
            </option>
          )}
          {FORMAT_IDS.map((id: PromptFormatId) => (
            <option key={id} value={id}>
              {formatName(id, t)}
            </option>
          ))}
        </select>
        {chosen && (
          <button type="button" onClick={() => actions.setFormat(modelId, null)}>
            {detected.ok ? t('format.useDetected', { format: formatName(detected.value.id, t) }) : t('format.forget')}
          </button>
        )}
        {asking && (
          <button type="button" onClick={() => void actions.remove(modelId)}>
            {t('format.removeImport')}
          </button>
        )}
      </div>
      <p className="webllm-format-source" hidden={asking}>
        {effective
          ? chosen
            ? `${t('format.yourChoice')}${detected.ok ? ` ${t('format.filesSay', { format: formatName(detected.value.id, t), evidence: detected.value.evidence })}` : ''}`
            : t('format.from', { evidence: effective.evidence })
          : detected.ok
            ? ''
            : detected.error}
        {effective && !hasToolFormat(effective.id) ? ` ${t('format.noTools')}` : ''}
      </p>
      {preview && (
        <details className="webllm-format-preview">
          <summary>{t('format.example')}</summary>
          <p className="webllm-note">{t('format.exampleNote', { count: preview.toolsSent.length })}</p>
          <div aria-label={t('format.exampleLabel')}>
            {preview.request.messages.map((m, i) => (
              <div key={i}>
                <div className="webllm-format-role">{m.role}</div>
                <pre>{typeof m.content === 'string' ? m.content : JSON.stringify(m.content)}</pre>
              </div>
            ))}
            <div className="webllm-format-role">{t('format.responseFormat')}</div>
            <pre>
              {preview.request.response_format
                ? JSON.stringify(preview.request.response_format, null, 2)
                : t('format.unconstrained')}
            </pre>
          </div>
          {preview.notes.length > 0 && (
            <ul className="webllm-note">
              {preview.notes.map((n) => (
                <li key={n}>{n}</li>
              ))}
            </ul>
          )}
        </details>
      )}
    </section>
  );
}
