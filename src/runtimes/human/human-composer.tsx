/** "You are the model": write the assistant turn — text and/or tool calls with ids — and the finish reason. */
import type { TFunction } from 'i18next';
import { useState, useSyncExternalStore } from 'react';
import type { FinishReason, HumanRuntime, HumanTurnProblem } from '../../engine';
import { SLOT, splice, useT } from '../../i18n';

interface DraftCall {
  id: string;
  name: string;
  argumentsText: string;
}

const FINISH_CHOICES: FinishReason[] = ['stop', 'tool_calls', 'length', 'content_filter'];

/** Shown while the human runtime is selected; opens when the loop waits for a model turn. */
export function HumanComposer({ runtime }: { readonly runtime: HumanRuntime }) {
  const { t } = useT('human');
  const request = useSyncExternalStore(runtime.subscribe, runtime.getPendingRequest);
  const [text, setText] = useState('');
  const [calls, setCalls] = useState<DraftCall[]>([]);
  const [finish, setFinish] = useState<FinishReason>('stop');
  const [error, setError] = useState<HumanTurnProblem | null>(null);
  if (!request) return null;

  const toolNames = request.tools.map((t) => t.name);
  const addCall = () =>
    setCalls((cs) => [
      ...cs,
      { id: `call_${request.round}_${cs.length + 1}`, name: toolNames[0] ?? '', argumentsText: '{}' },
    ]);
  const update = (i: number, patch: Partial<DraftCall>) =>
    setCalls((cs) => cs.map((c, j) => (j === i ? { ...c, ...patch } : c)));

  const submit = () => {
    const result = runtime.submit({ text, toolCalls: calls, finishReason: finish });
    if (!result.ok) {
      setError(result.error);
      return;
    }
    setText('');
    setCalls([]);
    setFinish('stop');
    setError(null);
  };

  return (
    <section className="composer" aria-label={t('composer.label')}>
      <h2>{t('composer.title', { round: request.round })}</h2>
      <p className="muted small">
        {splice(
          t('composer.carries', {
            messages: t('composer.messages', { count: request.messages.length }),
            tools: t('composer.tools', { count: request.tools.length }),
            block: SLOT,
          }),
          <code>&lt;tool_call&gt;</code>,
        )}
      </p>
      <label className="field">
        <span>{t('composer.text')}</span>
        <textarea aria-label={t('composer.text')} rows={3} value={text} onChange={(e) => setText(e.target.value)} />
      </label>
      {calls.map((call, i) => (
        <fieldset key={i} className="composer-call">
          <legend>{t('composer.call', { n: i + 1 })}</legend>
          <label className="inline-field">
            {t('composer.id')}
            <input
              aria-label={t('composer.idOf', { n: i + 1 })}
              value={call.id}
              onChange={(e) => update(i, { id: e.target.value })}
            />
          </label>
          <label className="inline-field">
            {t('composer.tool')}
            <input
              aria-label={t('composer.toolOf', { n: i + 1 })}
              list="composer-tool-names"
              value={call.name}
              onChange={(e) => update(i, { name: e.target.value })}
            />
          </label>
          <label className="field">
            <span>{t('composer.arguments')}</span>
            <textarea
              aria-label={t('composer.argumentsOf', { n: i + 1 })}
              rows={2}
              value={call.argumentsText}
              onChange={(e) => update(i, { argumentsText: e.target.value })}
            />
          </label>
          <button
            type="button"
            className="button button-quiet"
            onClick={() => setCalls((cs) => cs.filter((_, j) => j !== i))}
          >
            {t('composer.remove', { n: i + 1 })}
          </button>
        </fieldset>
      ))}
      <datalist id="composer-tool-names">
        {toolNames.map((n) => (
          <option key={n} value={n} />
        ))}
      </datalist>
      <div className="composer-row">
        <button type="button" className="button" onClick={addCall}>
          {t('composer.addCall')}
        </button>
        <label className="inline-field">
          {t('composer.finishReason')}
          <select
            aria-label={t('composer.finishReason')}
            value={finish}
            onChange={(e) => setFinish(e.target.value as FinishReason)}
          >
            {FINISH_CHOICES.map((f) => (
              <option key={f} value={f}>
                {f}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="button button-primary" onClick={submit}>
          {t('composer.send')}
        </button>
      </div>
      {error && (
        <p className="notice notice-error" role="alert">
          {describeProblem(error, t)}
        </p>
      )}
    </section>
  );
}

function describeProblem(problem: HumanTurnProblem, t: TFunction<'human'>): string {
  switch (problem.kind) {
    case 'not-waiting':
    case 'empty':
      return t(`problem.${problem.kind}`);
    case 'unknown-finish-reason':
      return t('problem.unknown-finish-reason', { finishReason: problem.finishReason });
    case 'unnamed-call':
      return t('problem.unnamed-call', { call: problem.call });
    case 'duplicate-id':
      return t('problem.duplicate-id', { id: problem.id });
  }
}
