/**
 * The Model panel's prompt-format control for one model: the format in use and where it came from (the
 * model's mlc-chat-config.json, its id, or the user), a select to override it, and the example request that
 * format builds. For an imported model whose files do not tell, it asks.
 */
import { useId } from 'react';
import { useStore } from 'zustand';
import { exampleRequest } from './format-preview';
import type { PromptFormatId } from './prompt-format';
import { FORMAT_IDS, FORMAT_NAMES, hasToolFormat, isPromptFormatId } from './prompt-format';
import { modelFormat, webllmActions, webllmStore } from './webllm-store';

export function FormatControl({ modelId }: { modelId: string }) {
  const s = useStore(webllmStore);
  const selectId = useId();
  const { detected, effective } = modelFormat(s, modelId);
  const chosen = s.chosenFormats[modelId];
  // Only an imported model can lack a format (a catalog id always names one): ask for it.
  const asking = !effective;
  const preview = effective ? exampleRequest(modelId, effective) : null;

  return (
    <section
      className={`webllm-format${asking ? ' webllm-format-asking' : ''}`}
      aria-label="Prompt format"
      data-format={effective?.id ?? ''}
    >
      {asking && (
        <p className="webllm-format-question" role="alert">
          Which prompt format was <strong>{modelId}</strong> trained on? {detected.ok ? '' : detected.error} Pick it
          below; without one it gets no tools.
        </p>
      )}
      <div className="webllm-format-row">
        <label htmlFor={selectId}>
          Prompt format of <strong className="webllm-format-model">{modelId}</strong>
        </label>
        <select
          id={selectId}
          value={effective?.id ?? ''}
          onChange={(e) => {
            const value = e.target.value;
            if (isPromptFormatId(value)) webllmActions.setFormat(modelId, value);
          }}
        >
          {!effective && (
            <option value="" disabled>
              Choose…
            </option>
          )}
          {FORMAT_IDS.map((id: PromptFormatId) => (
            <option key={id} value={id}>
              {FORMAT_NAMES[id]}
            </option>
          ))}
        </select>
        {chosen && (
          <button type="button" onClick={() => webllmActions.setFormat(modelId, null)}>
            {detected.ok ? `Use the detected one (${FORMAT_NAMES[detected.value.id]})` : 'Forget my choice'}
          </button>
        )}
        {asking && (
          <button type="button" onClick={() => void webllmActions.remove(modelId)}>
            Remove this import
          </button>
        )}
      </div>
      <p className="webllm-format-source" hidden={asking}>
        {effective
          ? chosen
            ? `Your choice.${detected.ok ? ` Its files say ${FORMAT_NAMES[detected.value.id]} (${detected.value.evidence}).` : ''}`
            : `From ${effective.evidence}.`
          : detected.ok
            ? ''
            : detected.error}
        {effective && !hasToolFormat(effective.id)
          ? ' No tools are sent in this format: tool choice "required" or a named tool is refused, "auto" answers in plain text.'
          : ''}
      </p>
      {preview && (
        <details className="webllm-format-preview">
          <summary>Example request in this format</summary>
          <p className="webllm-note">
            One question and the calculate tool, tool choice auto — what web-llm receives ({preview.toolsSent.length}{' '}
            tool{preview.toolsSent.length === 1 ? '' : 's'} sent):
          </p>
          <div aria-label="Example request">
            {preview.request.messages.map((m, i) => (
              <div key={i}>
                <div className="webllm-format-role">{m.role}</div>
                <pre>{typeof m.content === 'string' ? m.content : JSON.stringify(m.content)}</pre>
              </div>
            ))}
            <div className="webllm-format-role">response_format (the output constraint)</div>
            <pre>
              {preview.request.response_format
                ? JSON.stringify(preview.request.response_format, null, 2)
                : 'none: the output is not constrained'}
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
